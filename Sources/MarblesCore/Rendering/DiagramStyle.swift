/// The CSS of the SVG diagrams: one light and one dark palette, picked by the theme (`auto`
/// follows `prefers-color-scheme`). Plain colours only (no custom properties), so that SVG
/// viewers outside browsers draw them too.
package enum DiagramStyle {
  private struct Palette {
    var background: String
    var text: String
    var muted: String
    var line: String
    var grid: String
    var grid5: String
    var failure: String
    var step: String
    var area: String
    var cursor: String
    /// Marble fill and outline lightness, in percent.
    var fill: (saturation: Int, lightness: Int)
    var outline: (saturation: Int, lightness: Int)
  }

  private static let light = Palette(
    background: "#ffffff", text: "#1f2430", muted: "#6b7280", line: "#4b5563",
    grid: "#f0f2f6", grid5: "#dfe3ea", failure: "#d1242f", step: "#1f7a4d",
    area: "rgba(46,160,67,0.16)", cursor: "#fff1b8",
    fill: (85, 80), outline: (45, 38))

  private static let dark = Palette(
    background: "#11141a", text: "#e6e8ee", muted: "#9aa3b2", line: "#b4bccb",
    grid: "#1a1e27", grid5: "#272d3a", failure: "#ff6b6b", step: "#6fdc9c",
    area: "rgba(111,220,156,0.18)", cursor: "#3b3522",
    fill: (60, 62), outline: (60, 85))

  /// Hues of the value colours (`h0` …), spread so that neighbours differ.
  static let hues = [0, 28, 50, 85, 135, 168, 192, 212, 236, 266, 296, 326]

  package static let fonts = "'DejaVu Sans Mono', Menlo, Consolas, ui-monospace, monospace"

  static func css(for theme: DiagramTheme) -> String {
    var css = """
      .mb text { font-family: \(fonts); }
      .mb .title { font-size: 16px; font-weight: bold; }
      .mb .label, .mb .lg { font-size: 13px; white-space: pre; }
      .mb .inner .label { font-size: 12px; }
      .mb .num { font-size: 11px; text-anchor: middle; }
      .mb .num.minor { font-size: 10px; opacity: 0.75; }
      .mb .mt { text-anchor: middle; font-weight: bold; fill: #111111; }
      .mb .lvl { font-size: 10px; text-anchor: end; }
      .mb .errt { font-size: 11px; font-weight: bold; }
      .mb .lane, .mb .tick, .mb .grid, .mb .grid5, .mb .conn, .mb .stack, .mb .unsub,
      .mb .step, .mb .sub { fill: none; }
      .mb .lane { stroke-width: 1.6; }
      .mb .lane.base { stroke-width: 1; stroke-dasharray: 2 3; }
      .mb .end { stroke-width: 3; }
      .mb .err { stroke-width: 3; stroke-linecap: round; }
      .mb .unsub { stroke-width: 2; stroke-dasharray: 3 2; }
      .mb .conn { stroke-width: 1.2; stroke-dasharray: 4 3; }
      .mb .stack { stroke-width: 1; stroke-dasharray: 1 2; }
      .mb .step { stroke-width: 2.2; }
      .mb .m { stroke-width: 1.3; }
      .mb .ring { stroke-width: 2.2; }
      .mb .sub { stroke-width: 1.6; }
      .mb .stopl, .mb .stopx { fill: none; stroke-width: 2; }
      .mb .stopl { stroke-dasharray: 6 3; }
      .mb .pre { opacity: 0.45; }
      .mb .cursor { opacity: 0.55; }
      .mb .veil { opacity: 0.84; }

      """
    switch theme {
    case .light: css += rules(light, scope: ".mb")
    case .dark: css += rules(dark, scope: ".mb")
    case .auto:
      css += rules(light, scope: ".mb")
      css += "@media (prefers-color-scheme: dark) {\n" + rules(dark, scope: ".mb.auto") + "}\n"
    }
    return css
  }

  private static func rules(_ p: Palette, scope s: String) -> String {
    var css = """
      \(s) .bg, \(s) .veil, \(s) .ring { fill: \(p.background); }
      \(s) text, \(s) .head { fill: \(p.text); }
      \(s) .mt { fill: #111111; }
      \(s) .mt.ringt { fill: \(p.text); }
      \(s) .num, \(s) .lvl, \(s) .inner .label { fill: \(p.muted); }
      \(s) .lane, \(s) .sub, \(s) .ring, \(s) .tick { stroke: \(p.line); }
      \(s) .end, \(s) .unsub { stroke: \(p.text); }
      \(s) .conn, \(s) .stack { stroke: \(p.muted); }
      \(s) .grid { stroke: \(p.grid); }
      \(s) .grid5 { stroke: \(p.grid5); }
      \(s) .err, \(s) .stopl, \(s) .stopx { stroke: \(p.failure); }
      \(s) .errt { fill: \(p.failure); }
      \(s) .step { stroke: \(p.step); }
      \(s) .dot { fill: \(p.step); }
      \(s) .area { fill: \(p.area); }
      \(s) .cursor { fill: \(p.cursor); }

      """
    for (index, hue) in hues.enumerated() {
      css += "\(s) .h\(index) { fill: hsl(\(hue), \(p.fill.saturation)%, \(p.fill.lightness)%); "
      css += "stroke: hsl(\(hue), \(p.outline.saturation)%, \(p.outline.lightness)%); }\n"
    }
    return css
  }
}
