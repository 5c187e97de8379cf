import MarblesCore

/// Draws a `ScriptRun` as a standalone SVG marble diagram (`--format svg`).
///
/// Every frame has the same width, so distances are true to time. Each lane is an arrow from its
/// subscription (`^` mark when it starts late) to its end: a bar for completion, a cross for
/// failure, a dashed tick for disposal, an arrowhead while still subscribed. Values are circles
/// with their text (or a key from the legend) in a colour hashed from the value; events at one
/// frame of one lane stack downwards in delivery order. Lanes of Booleans are drawn as a step
/// line (high is `true`); inner signals are rings on their lane, with their own indented row
/// below. Drawing is one pass over the rows and events.
public struct SVGRenderer: Sendable {
  public var theme: DiagramTheme
  /// Quiz mode: the marble sources are drawn, every other lane only as its label and `?`
  /// (`ScriptRun.quiz(revealed:)`).
  public var quiz: Bool
  /// In quiz mode, how many lanes to predict are drawn (the first ones in `show` order).
  public var revealed: Int

  public init(theme: DiagramTheme = .auto, quiz: Bool = false, revealed: Int = 0) {
    self.theme = theme
    self.quiz = quiz
    self.revealed = revealed
  }

  /// The run as a complete SVG document, ending with a newline.
  public func render(_ run: ScriptRun) -> String {
    let run = quiz ? run.quiz(revealed: revealed).run : run
    return SVGLayout(VisualDiagram(run), interactive: false).document(theme: theme)
  }

  /// The document, or nil when it would take more than `limit` bytes (about: see
  /// `VisualDiagram.estimatedBytes`); then nothing is drawn.
  public func render(_ run: ScriptRun, limit: Int) -> String? {
    let diagram = VisualDiagram(quiz ? run.quiz(revealed: revealed).run : run)
    guard diagram.estimatedBytes <= limit else { return nil }
    return SVGLayout(diagram, interactive: false).document(theme: theme)
  }
}
