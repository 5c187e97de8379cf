/// Draws a `ScriptRun` as one self-contained HTML page (`--format html`): the SVG diagram, a
/// frame slider, step buttons and arrow keys that reveal the diagram frame by frame, and for
/// the current frame the ordered list of what happened in it (which lane emitted what, in which
/// order). `#frame=7` in the address opens frame 7. No network access: the CSS, the script and
/// the data are inline.
public struct HTMLRenderer: Sendable {
  public var theme: DiagramTheme
  /// Quiz mode: the lanes derived from the marble sources are drawn as their labels and `?`
  /// (`ScriptRun.quiz(revealed:)`); nothing of them is in the page, neither in its markup nor
  /// in its data (`marbles serve` reveals them one at a time).
  public var quiz: Bool

  public init(theme: DiagramTheme = .auto, quiz: Bool = false) {
    self.theme = theme
    self.quiz = quiz
  }

  /// The page, ending with a newline.
  public func render(_ run: ScriptRun) -> String {
    var work = 0
    return render(VisualDiagram(quiz ? run.quiz.run : run), work: &work)
  }

  /// The page, or nil when it would take more than `limit` bytes (about: the SVG's estimate
  /// and the step data, 200 bytes per event); then nothing is drawn.
  public func render(_ run: ScriptRun, limit: Int) -> String? {
    let diagram = VisualDiagram(quiz ? run.quiz.run : run)
    let events = diagram.rows.reduce(0) { $0 + $1.marks.count }
    guard diagram.estimatedBytes + 20_000 + events * 200 <= limit else { return nil }
    var work = 0
    return render(diagram, work: &work)
  }

  /// The page of `diagram`; adds to `work` what building and drawing it visited (a few integer
  /// additions per row, mark and frame; `_render` shows the tests the count).
  func render(_ diagram: VisualDiagram, work: inout Int) -> String {
    work += diagram.work + diagram.rows.count
    let svg = SVGLayout(diagram, interactive: true).document(theme: theme, work: &work)
    let title = escapeXML(diagram.title)
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title)</title>
      <link rel="icon" href="data:,">
      <style>
      \(Self.css(theme))</style>
      </head>
      <body class="\(theme.rawValue)">
      <header><h1>\(title)</h1><p class="file">\(escapeXML(diagram.file))</p></header>
      <nav class="controls" aria-label="frames">
      <button type="button" id="first" title="First frame (Home)">|&#x25C0;</button>
      <button type="button" id="prev" title="Previous frame (Left arrow)">&#x25C0;</button>
      <input type="range" id="slider" min="\(diagram.first)" max="\(diagram.last)" step="1" value="\(diagram.first)" aria-label="frame">
      <button type="button" id="next" title="Next frame (Right arrow)">&#x25B6;</button>
      <button type="button" id="last" title="Last frame (End)">&#x25B6;|</button>
      <output id="frame-label">frame \(diagram.first)</output>
      <span class="hint">&#x2190; &#x2192; step, Home/End, or #frame=N in the address</span>
      </nav>
      <div class="diagram" id="diagram">

      """
    page += svg
    page += """
      </div>
      <section class="work">
      <h2 id="work-title">Frame \(diagram.first)</h2>
      <ol id="steplog"></ol>
      </section>
      <script type="application/json" id="steps">
      """
    page += Self.scriptSafe(stepData(diagram, work: &work).compact)
    page += "</script>\n<script>\n" + Self.script + "</script>\n</body>\n</html>\n"
    return page
  }

  /// `{"first", "last", "rows": [names], "frames": {"F": [[row, kind, text, hop?], …]}}`: the
  /// work of every frame that has any, in the order it happened; `hop` announces a later
  /// scheduler action (`then, on the main queue:`).
  private func stepData(_ diagram: VisualDiagram, work: inout Int) -> JSONValue {
    var frames: [(String, JSONValue)] = []
    work += diagram.frames.count
    for (frame, steps) in diagram.frames {
      work += steps.count
      frames.append(
        (
          String(frame),
          .array(
            steps.map { step in
              let mark = diagram.rows[step.row].marks[step.mark]
              var entry: [JSONValue] = [
                .int(step.row), .string(mark.kind.rawValue), .string(diagram.describe(mark)),
              ]
              if let hop = step.hop { entry.append(.string(hop)) }
              return .array(entry)
            })
        ))
    }
    var fields: [(String, JSONValue)] = [
      ("first", .int(diagram.first)), ("last", .int(diagram.last)),
      ("rows", .array(diagram.rows.map { .string($0.name) })),
      ("quiz", .bool(diagram.rows.contains { $0.quiz != nil })),
      ("frames", .object(frames)),
    ]
    // Long empty stretches drawn narrow (`TimeAxis`): `[from, to, drawn width in frames]`.
    if !diagram.axis.gaps.isEmpty {
      fields.append(
        (
          "gaps",
          .array(
            diagram.axis.gaps.map {
              .array([.int($0.lowerBound), .int($0.upperBound), .int(SVGLayout.gapFrames)])
            })
        ))
    }
    return .object(fields)
  }

  /// JSON that cannot end its `<script>` element early.
  private static func scriptSafe(_ json: String) -> String {
    var out = ""
    out.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": out += "\\u003c"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func css(_ theme: DiagramTheme) -> String {
    let light =
      "color: #1f2430; background: #ffffff; --panel: #f4f6f9; --border: #d5dae2; --accent: #b7791f;"
    let dark =
      "color: #e6e8ee; background: #11141a; --panel: #1a1e27; --border: #333a48; --accent: #f6c453;"
    var css = """
      body { margin: 0; padding: 16px 20px; font: 14px/1.45 system-ui, sans-serif; \(theme == .dark ? dark : light) }
      h1 { font-size: 20px; margin: 0; }
      h2 { font-size: 15px; margin: 14px 0 6px; }
      .file { margin: 2px 0 10px; opacity: 0.7; font-family: \(DiagramStyle.fonts); font-size: 12px; }
      .controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; padding: 8px 10px;
        background: var(--panel); border: 1px solid var(--border); border-radius: 8px; position: sticky; top: 0; z-index: 1; }
      .controls button { font-size: 14px; min-width: 36px; padding: 4px 8px; border-radius: 6px;
        border: 1px solid var(--border); background: transparent; color: inherit; cursor: pointer; }
      .controls input[type=range] { flex: 1 1 320px; accent-color: var(--accent); }
      #frame-label { font-family: \(DiagramStyle.fonts); font-weight: bold; min-width: 12ch; }
      .hint { opacity: 0.65; font-size: 12px; }
      .diagram { overflow-x: auto; margin: 10px 0; border: 1px solid var(--border); border-radius: 8px; }
      .diagram svg { display: block; }
      .work { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 4px 14px 10px; }
      #steplog { margin: 0; padding-left: 28px; font-family: \(DiagramStyle.fonts); font-size: 13px; }
      #steplog li { padding: 2px 0; }
      #steplog .lane { font-weight: bold; }
      #steplog .kind-error .what { color: #d1242f; }
      #steplog .empty { list-style: none; margin-left: -28px; opacity: 0.7; }
      #steplog .hop { list-style: none; margin: 6px 0 2px -28px; font-style: italic; color: var(--accent); }

      """
    if theme == .auto {
      css += "@media (prefers-color-scheme: dark) { body.auto { \(dark) } }\n"
    }
    return css
  }

  /// The page's behaviour: move the cursor and the veil, list the frame's work, follow the
  /// address's `#frame=N`.
  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("steps").textContent);
      var svg = document.querySelector("#diagram svg");
      var x0 = Number(svg.getAttribute("data-x0"));
      var fw = Number(svg.getAttribute("data-fw"));
      var right = Number(svg.getAttribute("data-right"));
      var veil = document.getElementById("veil");
      var cursor = document.getElementById("cursor");
      var slider = document.getElementById("slider");
      var label = document.getElementById("frame-label");
      var log = document.getElementById("steplog");
      var heading = document.getElementById("work-title");
      var box = document.getElementById("diagram");
      var pinned = document.getElementById("pinned");
      var current = data.first;
      // A quiz's page holds only the inputs: a frame without work may be one where a hidden
      // lane acts, so it is not said to be a frame where nothing happens.
      var quiet = data.quiz ? ": the inputs send nothing" : ": nothing happens";

      var gaps = data.gaps || [];

      function clamp(frame) { return Math.min(data.last, Math.max(data.first, frame)); }

      // The column of a frame: long empty stretches (gaps: [from, to, drawn width]) are drawn
      // narrow, and a frame inside one is at its start.
      function column(frame) {
        var c = frame - data.first;
        for (var i = 0; i < gaps.length; i++) {
          var g = gaps[i];
          if (frame > g[1]) { c -= (g[1] - g[0] + 1) - g[2]; }
          else if (frame >= g[0]) { c -= frame - g[0]; break; }
          else { break; }
        }
        return c;
      }

      // One frame on (or back), across a whole gap at once.
      function next(frame, by) {
        var target = frame + by;
        for (var i = 0; i < gaps.length; i++) {
          var g = gaps[i];
          if (target >= g[0] && target <= g[1]) { return by > 0 ? g[1] + 1 : g[0] - 1; }
        }
        return target;
      }

      function fromHash() {
        var match = /frame=(-?\\d+)/.exec(window.location.hash);
        return match ? clamp(parseInt(match[1], 10)) : null;
      }

      function hop(text) {
        var li = document.createElement("li");
        li.className = "hop";
        li.textContent = text;
        return li;
      }

      function item(step, number) {
        var li = document.createElement("li");
        li.className = "event kind-" + step[1];
        li.value = number;
        var lane = document.createElement("span");
        lane.className = "lane";
        lane.textContent = data.rows[step[0]];
        var what = document.createElement("span");
        what.className = "what";
        what.textContent = step[1] === "next" ? "emits " + step[2] : step[2];
        li.appendChild(lane);
        li.appendChild(document.createTextNode(": "));
        li.appendChild(what);
        return li;
      }

      function show(frame, writeHash) {
        current = clamp(frame);
        var edge = x0 + (column(current) + 1) * fw;
        veil.setAttribute("x", String(edge));
        veil.setAttribute("width", String(Math.max(0, right - edge + 4)));
        cursor.setAttribute("x", String(edge - fw));
        slider.value = String(current);
        label.textContent = "frame " + current + " / " + data.last;
        var work = data.frames[String(current)] || [];
        var actions = 1 + work.filter(function (step) {
          return step.length > 3 && step[3].indexOf("then") === 0;
        }).length;
        heading.textContent = work.length === 0
          ? "Frame " + current + quiet
          : "Frame " + current + ": " + work.length + (work.length === 1 ? " event" : " events")
            + ", in the order they happened"
            + (actions > 1 ? " (" + actions + " scheduler actions)" : "");
        while (log.firstChild) { log.removeChild(log.firstChild); }
        work.forEach(function (step, index) {
          if (step.length > 3) { log.appendChild(hop(step[3])); }
          log.appendChild(item(step, index + 1));
        });
        if (work.length === 0) {
          var li = document.createElement("li");
          li.className = "empty";
          li.textContent = "(no events in this frame)";
          log.appendChild(li);
        }
        if (edge - fw < box.scrollLeft || edge > box.scrollLeft + box.clientWidth) {
          box.scrollLeft = Math.max(0, edge - box.clientWidth / 2);
        }
        if (writeHash) {
          try { window.history.replaceState(null, "", "#frame=" + current); } catch (e) { }
        }
      }

      box.addEventListener("scroll", function () {
        pinned.style.display = box.scrollLeft > 0 ? "" : "none";
        pinned.setAttribute("transform", "translate(" + box.scrollLeft + ",0)");
      });
      document.getElementById("first").addEventListener("click", function () { show(data.first, true); });
      document.getElementById("prev").addEventListener("click", function () { show(next(current, -1), true); });
      document.getElementById("next").addEventListener("click", function () { show(next(current, 1), true); });
      document.getElementById("last").addEventListener("click", function () { show(data.last, true); });
      slider.addEventListener("input", function () { show(parseInt(slider.value, 10), true); });
      document.addEventListener("keydown", function (event) {
        if (event.target === slider) { return; }
        var keys = { ArrowRight: next(current, 1), ArrowLeft: next(current, -1), Home: data.first, End: data.last };
        if (Object.prototype.hasOwnProperty.call(keys, event.key)) {
          event.preventDefault();
          show(keys[event.key], true);
        }
      });
      window.addEventListener("hashchange", function () {
        var frame = fromHash();
        if (frame !== null && frame !== current) { show(frame, false); }
      });
      var initial = fromHash();
      show(initial === null ? data.first : initial, false);
    })();

    """
}
