import Foundation
import Marbles

/// What one invocation printed and its exit code.
package struct ToolResult: Equatable, Sendable {
  package var stdout: String
  package var stderr: String
  /// 0 success, 1 script errors or failed expectations, 64 usage errors.
  package var exitCode: Int32
}

/// The `marbles` command-line tool: parses arguments, reads scripts, runs them, prints.
package enum MarblesTool {
  /// Runs the tool with `arguments` (without the program name).
  package static func main(_ arguments: [String], environment: ToolEnvironment) -> ToolResult {
    let io = ToolIO(write: environment.writeOutput)
    let code: Int32
    var ascii = false
    switch CLIParser.parse(arguments) {
    case .failure(let error):
      // The message quotes the arguments given: escaped, like all text from outside.
      io.err +=
        "error: \(TerminalText.escaped(error.message))\nUsage: \(error.usage)\n  See 'marbles --help' for more information.\n"
      code = 64
    case .success(let command):
      ascii = isASCII(command)
      switch command {
      case .help(let topic): code = help(topic, io: io)
      case .version:
        io.write("marbles \(MarblesVersion.string) (commit \(marblesCommit))\n")
        code = 0
      case .explain(let name):
        // An operator's name has no controls: escaping changes only what cannot be one.
        var (text, found) = environment.explain(name.map { TerminalText.escaped($0) })
        if found, environment.stdoutIsTerminal, let width = environment.terminalWidth {
          text = wrap(text, width: width)
        }
        if found { io.write(text) } else { io.err += text }
        code = found ? 0 : 1
      case .render(let options) where options.watch:
        code = watch(options, environment: environment, io: io)
      case .render(let options): code = render(options, environment: environment, io: io)
      case .test(let options): code = test(options, environment: environment, io: io)
      case .check(let options): code = check(options, environment: environment, io: io)
      case .step(let options): code = step(options, environment: environment, io: io)
      case .format(let options): code = format(options, environment: environment, io: io)
      case .serve(let options): code = serve(options, environment: environment, io: io)
      case .lsp(let options):
        code = LanguageServerHost.serve(
          input: 0, output: 1,
          options: RunOptions(maxFrames: options.maxFrames, budgets: options.budgets))
      }
    }
    var exitCode = code
    if let stop = io.stop {
      io.err += stop
      if exitCode == 0 { exitCode = 1 }
    }
    // Under `--format ascii` every byte on standard error is 7-bit too (a file name, a message
    // quoting a value); text already in ASCII is left as it is.
    if ascii {
      io.err = io.err.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TerminalText.ascii(String($0)) }.joined(separator: "\n")
    }
    return ToolResult(stdout: io.kept, stderr: io.err, exitCode: exitCode)
  }

  /// Whether `command` writes in 7-bit ASCII (`--format ascii`, the default of `test` and
  /// `check`).
  private static func isASCII(_ command: CLICommand) -> Bool {
    switch command {
    case .render(let options): options.format == .ascii
    case .test(let options), .check(let options): options.format == .ascii
    case .step(let options): options.format == .ascii
    default: false
    }
  }

  // MARK: - render / run

  private static func render(
    _ options: RenderArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    io.limit = options.budgets.maxOutput
    var failed = false
    // Whether a run was drawn (completed, or stopped early and drawn up to the stop).
    var drawn = false
    var texts: [String] = []
    // The bytes of the drawn documents so far: past `--max-output` no more is drawn.
    var drawnBytes = 0
    // Each document writes itself when the output is written: a run's JSON is never built as
    // a tree or a String first.
    var jsons: [(inout JSONWriter) -> Void] = []
    for path in options.files where io.stop == nil {
      if let last = texts.last {
        drawnBytes += last.utf8.count + 1
        guard drawnBytes <= options.budgets.maxOutput else { break }
      }
      switch load(path, limit: options.budgets.maxInput, environment: environment) {
      case .failure(let message):
        io.err += message.text
        failed = true
        if options.format == .json {
          let report = JSONValue.object([
            ("file", .string(path)),
            (
              "diagnostics",
              .array([
                .object([
                  ("severity", .string("error")),
                  ("message", .string(message.text.trimmingCharacters(in: .newlines))),
                ])
              ])
            ),
          ])
          jsons.append { report.writeJSON(to: &$0) }
        }
      case .success(let source):
        let outcome = environment.run(
          source, RunOptions(maxFrames: options.maxFrames, budgets: options.budgets))
        io.err += outcome.diagnostics.render(in: source, ascii: options.format == .ascii)
        switch outcome {
        case .failed(let diagnostics):
          failed = true
          if options.format == .json {
            jsons.append { Diagnostic.writeJSONReport(diagnostics, file: source.name, to: &$0) }
          }
        case .completed(let run), .stopped(let run):
          // A run that stopped early is still drawn up to the stop; its error is on stderr.
          if run.stopped != nil { failed = true }
          drawn = true
          // A drawing that would pass `--max-output` is not made (it could take gigabytes).
          let room = options.budgets.maxOutput - drawnBytes
          let drawing: String?
          switch options.format {
          case .json:
            jsons.append { run.writeJSON(to: &$0) }
            drawing = ""
          case .svg:
            drawing = SVGRenderer(theme: options.theme, quiz: options.quiz).render(
              run, limit: room)
          case .html:
            drawing = HTMLRenderer(theme: options.theme, quiz: options.quiz).render(
              run, limit: room)
          case .ascii, .unicode:
            let color = useColor(
              options.color, environment: environment, toTerminal: options.output == nil)
            let width =
              options.width
              ?? (environment.stdoutIsTerminal && options.output == nil
                ? environment.terminalWidth : nil)
            let glyphs: TextGlyphs = options.format == .unicode ? .unicode : .ascii
            let renderer = TextRenderer(
              options: .init(glyphs: glyphs, color: color, width: width))
            if options.quiz {
              let (quiz, hidden) = run.quiz
              drawing = renderer.render(quiz, limit: room).map {
                ScriptRun.markingHidden(hidden, in: $0) + quizFooter(hidden, file: source.name)
              }
            } else {
              drawing = renderer.render(run, limit: room)
            }
          }
          guard let drawing else {
            io.stopPastBudget()
            failed = true
            break
          }
          if options.format != .json { texts.append(drawing) }
        }
      }
    }
    /// One document, or an array of them in argument order, and a newline.
    func writeJSON(to writer: inout JSONWriter) {
      if jsons.count == 1 {
        jsons[0](&writer)
      } else {
        writer.array(jsons) { writer, document in document(&writer) }
      }
      writer.newline()
    }
    if let output = options.output {
      // The file gets what stdout would (a run that stopped early drawn up to the stop), written
      // atomically; nothing when no run was drawn (every file failed before running).
      if drawn || !failed {
        do throws(IOFailure) {
          try StreamIO.writeOutput(to: output, protecting: options.files) {
            descriptor throws(IOFailure) in
            guard options.format == .json else {
              let text = texts.joined(separator: "\n")
              guard io.reserve(text.utf8.count) else { throw IOFailure("past --max-output") }
              try StreamIO.writeAll(Array(text.utf8), to: descriptor)
              return
            }
            // The document goes to the file a chunk at a time as it is written.
            var failure: IOFailure?
            var writer = JSONWriter { chunk in
              if failure == nil {
                guard io.reserve(chunk.count) else {
                  failure = IOFailure("past --max-output")
                  return
                }
                do throws(IOFailure) { try StreamIO.writeAll(chunk, to: descriptor) } catch {
                  failure = error
                }
              }
            }
            writeJSON(to: &writer)
            writer.flush()
            if let failure { throw failure }
          }
        } catch {
          // Past `--max-output`: the budget's own message (`io.stop`), and the file is as it was.
          if io.stop == nil { io.err += error.writeMessage(output) }
          return 1
        }
      }
    } else if options.format == .json {
      // Written to standard output a chunk at a time as it is made; a character cut by a
      // chunk's end waits for the next chunk.
      var carry: [UInt8] = []
      var writer = JSONWriter { chunk in
        var bytes = carry + Array(chunk)
        carry = UTF8Chunks.incompleteEnd(of: &bytes)
        io.write(String(decoding: bytes, as: UTF8.self))
      }
      writeJSON(to: &writer)
      writer.flush()
      if !carry.isEmpty { io.write(String(decoding: carry, as: UTF8.self)) }
    } else {
      io.write(texts.joined(separator: "\n"))
    }
    return failed ? 1 : 0
  }

  // MARK: - render --watch

  /// `marbles render --watch FILE`: draws the file, then again after every save, until the user
  /// stops it. When the file is deleted it says so and watches for the file's return (an editor
  /// that saves by deleting and renaming brings it back at once); if the watcher gives up on
  /// it, the watch ends with status 1 and says why.
  private static func watch(
    _ options: RenderArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    guard let watcher = environment.watcher else {
      io.err += "error: --watch cannot watch files here\n"
      return 1
    }
    var once = options
    once.watch = false
    let path = options.files[0]
    repeat {
      // Each drawing kept whole, then shown at once (the screen is cleared first).
      let drawing = ToolIO(write: nil)
      drawing.limit = options.budgets.maxOutput
      _ = render(once, environment: environment, io: drawing)
      let header =
        options.output == nil
        ? "marbles render --watch \(path): redrawn at every save (Control-C stops)\n\n" : ""
      watcher.show(header + drawing.kept, drawing.err + (drawing.stop ?? ""))
      if watcher.waitForChange(path) { continue }
      let shown = TerminalText.escaped(path)
      watcher.show(
        "",
        "marbles render --watch: '\(shown)' is gone; watching for it to come back "
          + "(Control-C stops)\n")
      if watcher.waitForChange(path) { continue }
      io.err += "error: '\(shown)' is gone; stopped watching it\n"
      return 1
    } while true
  }

  // MARK: - format

  /// `marbles format PATH… [--check]`: rewrites each script that is not in the canonical layout
  /// (through the one careful writer), or with `--check` only names them.
  private static func format(
    _ options: FormatArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    var files: [String] = []
    var failed = false
    for path in options.paths {
      switch collectScripts(path) {
      case .success(let found):
        files += found.files
        for message in found.refused { io.err += message.text }
        if !found.refused.isEmpty { failed = true }
      case .failure(let message):
        io.err += message.text
        failed = true
      }
    }
    var unformatted = 0
    let outputLimit = RunBudgets().maxOutput
    io.limit = outputLimit
    for path in files {
      // A script is rewritten in place: a FIFO, socket or device is refused before it is
      // opened (reading a FIFO waits for a writer, and writing it back waits for a reader).
      if path != "-", let mode = specialFileMode(path) {
        io.err += notRegularMessage(path, mode: mode)
        failed = true
        continue
      }
      let source: SourceFile
      switch load(path, environment: environment) {
      case .failure(let message):
        io.err += message.text
        failed = true
        continue
      case .success(let loaded): source = loaded
      }
      switch ScriptFormatter.format(source) {
      case .failure(let failure):
        io.err += failure.diagnostics.render(in: source)
        io.err +=
          "\(TerminalText.escaped(source.name)): not formatted: fix the syntax errors first\n"
        failed = true
      case .success(let text):
        if path == "-" {
          if !options.check { io.write(text) }
          if text != source.text {
            unformatted += 1
            if options.check { io.write("<stdin>\n") }
          }
          continue
        }
        guard text != source.text else { continue }
        unformatted += 1
        if options.check {
          io.write("\(path)\n")
          continue
        }
        guard text.utf8.count <= outputLimit else {
          io.err +=
            "error: cannot write '\(TerminalText.escaped(path))': the formatted script is larger "
            + "than \(StreamIO.sizeName(outputLimit)), the output limit\n"
          failed = true
          continue
        }
        do throws(IOFailure) {
          try StreamIO.writeOutput(text, to: path)
          io.err += "formatted \(path)\n"
        } catch {
          io.err += "error: cannot write '\(path)': \(error.reason)\n"
          failed = true
        }
      }
    }
    if options.check, unformatted > 0 {
      io.err +=
        "\(unformatted) file\(unformatted == 1 ? " is" : "s are") not formatted; run 'marbles format' on \(unformatted == 1 ? "it" : "them")\n"
      return 1
    }
    return failed ? 1 : 0
  }

  // MARK: - step

  /// `marbles step FILE`: with a terminal, one screen per frame (Enter/`n` next, `p` previous,
  /// `q` quit); without one, every step once.
  private static func step(
    _ options: StepArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    io.limit = options.budgets.maxOutput
    let source: SourceFile
    switch load(options.file, limit: options.budgets.maxInput, environment: environment) {
    case .failure(let message):
      io.err += message.text
      return 1
    case .success(let loaded): source = loaded
    }
    // The run goes only as far as the steps shown need (`StepStream`).
    let run = ScriptEngine(
      source, options: RunOptions(maxFrames: options.maxFrames, budgets: options.budgets))
    let color = useColor(options.color, environment: environment, toTerminal: true)
    let glyphs: TextGlyphs = options.format == .unicode ? .unicode : .ascii
    let stream = StepStream(
      run: run, renderer: StepRenderer(options: .init(glyphs: glyphs, color: color)),
      quiz: options.quiz)
    let ascii = options.format == .ascii
    if case .failed(let diagnostics)? = run.outcome {
      io.err += diagnostics.render(in: source, ascii: ascii)
      return 1
    }
    // A run that stopped early steps up to the stop (marked on every lane), then its error;
    // one still going when the steps stop (`q`, `--max-output`) reports its warnings.
    defer {
      io.err += (run.outcome?.diagnostics ?? run.warnings).render(in: source, ascii: ascii)
    }
    func exitCode() -> Int32 {
      if case .stopped? = run.outcome { return 1 }
      return 0
    }
    let footer = options.quiz ? quizFooter(stream.hidden, file: source.name) : ""
    guard let terminal = environment.stepTerminal else {
      // Each step printed as soon as it is drawn; past `--max-output` the steps stop.
      var index = 0
      while let screen = stream.screen(index) {
        guard io.write((index > 0 ? "\n" : "") + screen) else { return 1 }
        index += 1
      }
      io.write(footer)
      return io.stop == nil ? exitCode() : 1
    }
    var index = 0
    while true {
      guard let screen = stream.screen(index) else { return exitCode() }
      let last = stream.isLast(index)
      terminal.show(
        screen + (last ? footer : "") + "\n[Enter/n] next  [p] previous  [q] quit"
          + (last ? "  (last frame)" : "") + "\n")
      switch terminal.readKey() {
      case .next?: if !last { index += 1 }
      case .previous?: index = max(index - 1, 0)
      case .quit?, nil: return exitCode()
      case .other?: continue
      }
    }
  }

  /// What a quiz asks, under the drawing: the hidden lanes and how to check a prediction.
  static func quizFooter(_ hidden: [String], file: String) -> String {
    guard !hidden.isEmpty else { return "" }
    return "\nPredict " + hidden.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
      + ": write an 'expect' line for each in your copy, then run 'marbles check "
      + "\(TerminalText.escaped(file))'.\n"
  }

  /// `text` with every line longer than `width` broken at spaces, for `marbles explain` on a
  /// terminal. A continuation starts under the line's last column (the summary of a catalogue
  /// row, found after the last gap of two spaces that leaves 24 columns for the text) or under
  /// its first word; a line that has no space to break at after that column (a diagram) stays as it is.
  static func wrap(_ text: String, width: Int) -> String {
    guard width >= 20 else { return text }
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Array(line)
      guard rest.count > width else {
        out.append(String(line))
        continue
      }
      let lead = rest.prefix { $0 == " " }.count
      var indent = lead
      var index = lead
      while index + 1 < min(rest.count, width - 24) {
        if rest[index] == " ", rest[index + 1] == " " {
          var end = index
          while end < rest.count, rest[end] == " " { end += 1 }
          indent = end
          index = end
        } else {
          index += 1
        }
      }
      if indent > width - 24 { indent = lead }
      var first = true
      while rest.count > width {
        let limit = rest.index(rest.startIndex, offsetBy: width)
        let floor = first ? indent : indent + 1
        guard let cut = rest[floor..<limit].lastIndex(of: " "), cut > floor else { break }
        out.append(String(rest[..<cut]))
        rest = Array(repeating: " ", count: indent) + rest[(cut + 1)...]
        first = false
      }
      out.append(String(rest))
    }
    return out.joined(separator: "\n")
  }

  // MARK: - check

  /// `marbles check`: each derived lane of each script against the `expect` for it.
  private static func check(
    _ options: TestArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    let color = useColor(options.color, environment: environment, toTerminal: true)
    let glyphs: TextGlyphs = options.format == .unicode ? .unicode : .ascii
    let ascii = options.format == .ascii
    /// Author text for the terminal: pure ASCII under `--format ascii`.
    func shown(_ text: String) -> String { TerminalText.escaped(text, ascii: ascii) }
    var allRight = true
    for path in options.paths {
      let source: SourceFile
      switch load(path, environment: environment) {
      case .failure(let message):
        io.err += message.text
        allRight = false
        continue
      case .success(let loaded): source = loaded
      }
      let outcome = environment.run(
        source, RunOptions(maxFrames: options.maxFrames, budgets: options.budgets))
      guard case .completed(let run) = outcome else {
        io.write(
          paint("FAIL", .failed, color) + " \(shown(source.name)): the script does not run\n")
        io.err += outcome.diagnostics.render(in: source, ascii: ascii)
        allRight = false
        continue
      }
      let report = checkReport(run, glyphs: glyphs, color: color, ascii: ascii)
      io.write(report.text)
      if !report.allRight { allRight = false }
    }
    return allRight ? 0 : 1
  }

  /// What `marbles check` says about one run: each lane to predict RIGHT, WRONG (with the
  /// diff) or NOT YET, each `expect subscriptions(…)` (a prediction too), any other failed
  /// `expect`, and "N of M predictions right". `marbles serve` answers its Check button with it.
  struct CheckReport {
    var text = ""
    var right = 0
    var predictions = 0
    /// Each prediction's lane (or `subscriptions(x)`) and verdict: `right`, `wrong`, `notYet`.
    var verdicts: [(lane: String, verdict: String)] = []
    /// Whether every prediction is right and no other `expect` failed.
    var allRight = true
  }

  static func checkReport(
    _ run: ScriptRun, glyphs: TextGlyphs, color: Bool, ascii: Bool = false
  ) -> CheckReport {
    var report = CheckReport()
    /// Author text for the terminal: pure ASCII under `--format ascii`.
    func escaped(_ text: String) -> String { TerminalText.escaped(text, ascii: ascii) }
    report.text = "\(escaped(run.title ?? run.file))\n"
    let shown = { (lane: TimelineLane) in escaped(lane.label) }
    let toPredict = run.lanes.filter { !$0.isMarbleSource }
    let diff = { (result: ExpectationResult) in
      ExpectationDiffRenderer(glyphs: glyphs, color: color, keysOf: run).render(result)
        .split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined()
    }
    for lane in toPredict {
      let checks = run.expectations.filter { $0.lane == lane.name }
      if checks.isEmpty {
        report.text +=
          "  NOT YET  \(shown(lane)): add a line "
          + "'expect \(escaped(lane.name)) == \"\(ascii ? "..." : "…")\"' with your prediction\n"
        report.verdicts.append((lane.name, "notYet"))
      } else if let wrong = checks.first(where: { !$0.passed }) {
        report.text +=
          "  " + paint("WRONG", .failed, color) + "    \(shown(lane)) (line \(wrong.line)):\n"
        report.text += diff(wrong)
        if let hint = multiDigitHint(wrong) { report.text += "    hint: \(escaped(hint))\n" }
        report.verdicts.append((lane.name, "wrong"))
      } else {
        report.right += 1
        report.text += "  " + paint("RIGHT", .value, color) + "    \(shown(lane))\n"
        report.verdicts.append((lane.name, "right"))
      }
    }
    // A prediction of a source's subscriptions (`expect subscriptions(input) == …`) counts
    // like a lane's.
    let subscriptionChecks = run.expectations.filter { $0.lane.hasPrefix("subscriptions(") }
    for check in subscriptionChecks where check.passed {
      report.right += 1
      report.text +=
        "  " + paint("RIGHT", .value, color) + "    \(escaped(check.lane))\n"
      report.verdicts.append((check.lane, "right"))
    }
    // An `expect` of an input lane (drawn in the quiz: nothing to predict) that holds says
    // so, instead of vanishing from the count.
    let inputs = Set(run.lanes.filter(\.isMarbleSource).map(\.name))
    for input in run.expectations where input.passed && inputs.contains(input.lane) {
      report.text +=
        "  NOTE     \(escaped(input.lane)) (line \(input.line)): an input, shown in the quiz, "
        + "not a prediction: not counted\n"
    }
    let others = run.expectations.filter { result in
      !result.passed && !toPredict.contains { $0.name == result.lane }
    }
    for other in others {
      report.text +=
        "  " + paint("WRONG", .failed, color)
        + "    \(escaped(other.lane)) (line \(other.line)):\n"
      report.text += diff(other)
      if other.lane.hasPrefix("subscriptions(") { report.verdicts.append((other.lane, "wrong")) }
      report.allRight = false
    }
    // A wrong `expect` of a lane that is not to be predicted (a source's) counts as a wrong
    // prediction too: never "WRONG" above "0 of 0 predictions right".
    let otherWrong = others.filter { !$0.lane.hasPrefix("subscriptions(") }.count
    report.predictions = toPredict.count + subscriptionChecks.count + otherWrong
    report.text += "\(report.right) of \(report.predictions) predictions right\n"
    if report.right < report.predictions { report.allRight = false }
    return report
  }

  /// A hint for a prediction that wrote a number of several digits into the marble (`-10-`,
  /// which is 1 then 0): the first actual value whose digits the expected marble has one
  /// per frame from the same frame on.
  static func multiDigitHint(_ result: ExpectationResult) -> String? {
    guard let expected = result.expected, let actual = result.actual else { return nil }
    var byFrame: [Int: TimelineValue] = [:]
    for event in expected where event.kind == .next {
      if byFrame[event.frame] == nil { byFrame[event.frame] = event.value }
    }
    for event in actual where event.kind == .next {
      guard case .int(let number)? = event.value, number >= 10 else { continue }
      let digits = Array(String(number))
      let spelled = digits.indices.allSatisfy { offset in
        guard let value = byFrame[event.frame + offset] else { return false }
        switch value {
        case .int(let digit): return String(digit) == String(digits[offset])
        case .string(let text): return text == String(digits[offset])
        default: return false
        }
      }
      guard spelled else { continue }
      return "'\(number)' in a marble is \(digits.count) events, one per character; for the value "
        + "\(number) use a key: \"-a-\", a: \(number)"
    }
    return nil
  }

  // MARK: - test

  private static func test(
    _ options: TestArguments, environment: ToolEnvironment, io: ToolIO
  ) -> Int32 {
    var passed = 0
    var failedCount = 0
    /// Failing expectations that `--update` rewrote (and that pass once rewritten).
    var updatedCount = 0
    var files: [String] = []
    // Kept only for `--junit` (it holds every failure's diff until the end).
    var junit: JUnitReport? = options.junit == nil ? nil : JUnitReport()
    let color = useColor(options.color, environment: environment, toTerminal: true)
    let glyphs: TextGlyphs = options.format == .unicode ? .unicode : .ascii
    let ascii = options.format == .ascii
    for path in options.paths {
      switch collectScripts(path) {
      case .success(let found):
        files += found.files
        for message in found.refused {
          io.err += message.text
          junit?.add(file: path, error: message.text)
          failedCount += 1
        }
      case .failure(let message):
        io.err += message.text
        junit?.add(file: path, error: message.text)
        failedCount += 1
      }
    }
    io.limit = options.budgets.maxOutput
    // Each script's result is printed as soon as it is known (and not kept): past
    // `--max-output` the remaining scripts are not run. The loop runs on one thread with a
    // large stack, where each script's engine runs inline instead of starting a thread.
    ScriptEngine.withLargeStack {
      for path in files where io.stop == nil {
        switch load(path, limit: options.budgets.maxInput, environment: environment) {
        case .failure(let message):
          io.err += message.text
          junit?.add(file: path, error: message.text)
          failedCount += 1
        case .success(let source):
          let runOptions = RunOptions(maxFrames: options.maxFrames, budgets: options.budgets)
          let name = TerminalText.escaped(source.name, ascii: ascii)
          switch environment.run(source, runOptions) {
          case .failed(let diagnostics):
            io.write(paint("FAIL", .failed, color) + " \(name)\n")
            io.write(diagnostics.render(in: source, ascii: ascii))
            junit?.add(file: source.name, error: diagnostics.render(in: source, ascii: ascii))
            failedCount += 1
          case .stopped(let run):
            io.write(paint("FAIL", .failed, color) + " \(name)\n")
            let room = options.budgets.maxOutput - io.written
            // Not drawn past `--max-output` (`write` then stops the output with its message).
            if let drawing = TextRenderer(options: .init(glyphs: glyphs, color: color)).render(
              run, limit: room)
            {
              io.write(drawing)
            } else {
              io.stopPastBudget()
            }
            io.write(run.diagnostics.render(in: source, ascii: ascii))
            junit?.add(file: source.name, error: run.diagnostics.render(in: source, ascii: ascii))
            failedCount += 1
          case .completed(let run) where options.update && run.expectations.contains { !$0.passed }:
            let (updated, failures) = update(
              source, run: run, options: runOptions, environment: environment, io: io)
            // A rewritten `expect` is counted as updated, not as passed: it did not pass.
            let passedBefore = run.expectations.filter(\.passed).count
            passed += passedBefore
            updatedCount += run.expectations.count - passedBefore - failures
            failedCount += failures
            junit?.add(file: source.name, run: run, expectations: updated)
          case .completed(let run):
            junit?.add(file: source.name, run: run)
            io.err += run.diagnostics.render(in: source, ascii: ascii)
            let failures = run.expectations.filter { !$0.passed }
            passed += run.expectations.count - failures.count
            failedCount += failures.count
            io.write(
              failures.isEmpty ? paint("PASS", .value, color) : paint("FAIL", .failed, color))
            io.write(
              " \(name) (\(run.expectations.count) expectation\(run.expectations.count == 1 ? "" : "s"))\n"
            )
            for failure in failures {
              io.write("\(name):\(failure.line):\(failure.column): ")
              io.write(paint("error:", .failed, color) + " ")
              io.write(
                ExpectationDiffRenderer(glyphs: glyphs, color: color, keysOf: run).render(failure))
              if !io.endsLine { io.write("\n") }
            }
          }
        }
      }
    }
    let updated = options.update ? ", \(updatedCount) updated" : ""
    io.write("\n\(passed) passed\(updated), \(failedCount) failed\n")
    if let path = options.junit, let junit {
      do throws(IOFailure) {
        try StreamIO.writeOutput(junit.xml, to: path, protecting: files)
      } catch {
        io.err += error.writeMessage(path)
        return 1
      }
    }
    return failedCount == 0 ? 0 : 1
  }

  /// `marbles test --update` for one script whose run failed expectations: rewrites each
  /// failing `expect` with the actual timeline (`ExpectUpdater`), checks the updated script by
  /// running it, writes it atomically, and prints what changed. Returns the expectations as
  /// they stand after the update and how many still fail.
  private static func update(
    _ source: SourceFile, run: ScriptRun, options: RunOptions, environment: ToolEnvironment,
    io: ToolIO
  ) -> (results: [ExpectationResult], failures: Int) {
    let failing = run.expectations.filter { !$0.passed }.count
    let plan = ExpectUpdater.plan(source, run: run)
    // The file name, the marbles and the values are the author's text: escaped for the terminal.
    let name = TerminalText.escaped(source.name)
    var results = run.expectations
    if !plan.changes.isEmpty {
      let updated = SourceFile(
        name: source.name, text: ExpectUpdater.apply(plan.changes, to: source))
      let changedLines = Set(plan.changes.map(\.line))
      guard case .completed(let rerun) = environment.run(updated, options),
        !rerun.expectations.contains(where: { !$0.passed && changedLines.contains($0.line) })
      else {
        io.write("FAIL \(name): not updated: the rewritten expectations would still fail\n")
        return (results, failing)
      }
      // The file is read again just before it is replaced: an edit saved while the script ran
      // (an editor's save) is not overwritten.
      let now = try? StreamIO.readFile(source.name, limit: StreamIO.defaultInputLimit)
      guard let now, now.elementsEqual(source.text.utf8) else {
        io.write("FAIL \(name): not updated: the file changed while the script ran; run it again\n")
        return (results, failing)
      }
      do {
        try StreamIO.writeOutput(updated.text, to: source.name)
      } catch {
        io.write("FAIL \(name): not updated: cannot write it: \(error.reason)\n")
        return (results, failing)
      }
      results = rerun.expectations
      io.write("UPDATED \(name)\n")
      for change in plan.changes {
        io.write(
          "  \(name):\(change.line):\(change.column): \(TerminalText.escaped(change.summary))\n")
      }
    }
    for refusal in plan.refusals {
      io.write("FAIL \(name):\(TerminalText.escaped(refusal)) (not updated)\n")
    }
    return (results, results.filter { !$0.passed }.count)
  }

  /// The scripts a path names: the files to read, and the entries of a folder that are refused
  /// (each with its message).
  struct FoundScripts {
    var files: [String]
    var refused: [ToolMessage] = []
  }

  /// The `*.marble` files under `path` (sorted), or `path` itself if it is a file.
  ///
  /// In a folder, only regular files (or links to them) are scripts: a FIFO, socket or device
  /// named `*.marble` is refused by its kind, looked at with `stat` and never opened (a FIFO
  /// blocks the read until something writes to it), and a link that loops is refused as one.
  static func collectScripts(_ path: String) -> Result<FoundScripts, ToolMessage> {
    if path == "-" { return .success(FoundScripts(files: ["-"])) }
    let shown = TerminalText.escaped(path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(ToolMessage(missingMessage(path, what: "file or directory")))
    }
    guard isDirectory.boolValue else { return .success(FoundScripts(files: [path])) }
    var found = FoundScripts(files: [])
    guard
      listTree(path.hasSuffix("/") ? path : path + "/", into: &found.files, named: ".marble")
    else {
      return .failure(ToolMessage("error: cannot read directory '\(shown)'\n"))
    }
    let named = found.files
    found.files = []
    for file in named {
      var info = stat()
      guard stat(file, &info) == 0 else {
        found.refused.append(ToolMessage(missingMessage(file, what: "file")))
        continue
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG: found.files.append(file)
      // A folder named `x.marble` (or a link to one) is a folder, not a script.
      case S_IFDIR: continue
      default:
        found.refused.append(ToolMessage(notRegularMessage(file, mode: info.st_mode)))
      }
    }
    if found.files.isEmpty && found.refused.isEmpty {
      return .failure(ToolMessage("error: no '.marble' files in '\(shown)'\n"))
    }
    found.files.sort()
    return .success(found)
  }

  /// Appends to `paths` every path under the folder `folder` (which ends in `/`) whose name
  /// ends in `suffix`, going down into subfolders but not through symbolic links (as
  /// `FileManager`'s enumerator does, for a tenth of its cost: it was a tenth of `marbles test`
  /// on 3,000 small scripts). A subfolder that cannot be read is skipped. Returns false when
  /// `folder` itself cannot be read.
  static func listTree(_ folder: String, into paths: inout [String], named suffix: String) -> Bool {
    guard let directory = opendir(folder) else { return false }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let path = folder + name
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        var info = stat()
        isFolder = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      if name.hasSuffix(suffix) { paths.append(path) }
      if isFolder { _ = listTree(path + "/", into: &paths, named: suffix) }
    }
    return true
  }

  /// The message for a path that cannot be found: "no such file", or why `stat` failed (a
  /// loop of symbolic links, a denied permission).
  static func missingMessage(_ path: String, what: String) -> String {
    let shown = TerminalText.escaped(path)
    var info = stat()
    let code = stat(path, &info) == 0 ? ENOENT : errno
    switch code {
    case ENOENT: return "error: no such \(what) '\(shown)'\n"
    case ELOOP:
      return "error: cannot read '\(shown)': it is a loop of symbolic links\n"
    default: return "error: cannot read '\(shown)': \(StreamIO.reason(code))\n"
    }
  }

  /// The message refusing `path`, which is not a regular file (its `stat` mode is `mode`).
  static func notRegularMessage(_ path: String, mode: mode_t) -> String {
    let kind: String
    switch mode & S_IFMT {
    case S_IFIFO: kind = "a FIFO (named pipe)"
    case S_IFSOCK: kind = "a socket"
    case S_IFCHR: kind = "a character device"
    case S_IFBLK: kind = "a block device"
    default: kind = "not a regular file"
    }
    return "error: '\(TerminalText.escaped(path))' is \(kind), not a script file; skipped\n"
  }

  /// The `stat` mode of `path` when it exists and is not a regular file or a folder.
  static func specialFileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFREG || kind == S_IFDIR ? nil : info.st_mode
  }

  // MARK: - Input

  /// Reads `path` (or standard input for `-`) as UTF-8 text, at most `limit` bytes
  /// (`--max-input`): a file, a pipe (`<(…)`, a FIFO, `/dev/stdin`) or a device, read to its
  /// end. Every input is read here.
  static func load(
    _ path: String, limit: Int = StreamIO.defaultInputLimit, environment: ToolEnvironment
  ) -> Result<SourceFile, ToolMessage> {
    let name = path == "-" ? "<stdin>" : path
    let shown = TerminalText.escaped(path)
    let data: Data
    if path == "-" {
      do {
        data = try environment.readStandardInput(limit)
      } catch {
        let reason = (error as? IOFailure)?.reason ?? "\(error)"
        return .failure(ToolMessage("error: cannot read standard input: \(reason)\n"))
      }
      // Whatever read it, no more than `limit`.
      guard data.count <= limit else {
        return .failure(
          ToolMessage(
            "error: cannot read standard input: it is larger than "
              + "\(StreamIO.sizeName(limit)), the input limit\n"))
      }
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        return .failure(ToolMessage(missingMessage(path, what: "file")))
      }
      if isDirectory.boolValue {
        return .failure(
          ToolMessage(
            "error: '\(shown)' is a directory; give a '.marble' file (or use 'marbles test \(shown)')\n"
          ))
      }
      do throws(IOFailure) {
        data = try StreamIO.readFile(path, limit: limit)
      } catch {
        return .failure(ToolMessage(error.readMessage(path)))
      }
    }
    // Validated in one pass by the standard library; the offset is only looked for on failure.
    guard let text = String(validating: data, as: UTF8.self) else {
      let offset = firstInvalidUTF8Offset(data) ?? 0
      return .failure(
        ToolMessage(
          "\(TerminalText.escaped(name)): error: the file is not valid UTF-8 (invalid byte at offset \(offset))\n"
        ))
    }
    return .success(SourceFile(name: name, text: text))
  }

  /// The byte offset of the first byte that is not part of valid UTF-8, if any.
  static func firstInvalidUTF8Offset(_ data: Data) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = data.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  private enum Verdict { case value, failed }

  /// `text` in the colour of `style` (green or red) when `color` is on.
  private static func paint(_ text: String, _ style: Verdict, _ color: Bool) -> String {
    guard color else { return text }
    return (style == .failed ? "\u{1B}[31;1m" : "\u{1B}[32;1m") + text + "\u{1B}[0m"
  }

  private static func useColor(_ mode: ColorMode, environment: ToolEnvironment, toTerminal: Bool)
    -> Bool
  {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      return toTerminal && environment.stdoutIsTerminal && environment.variables["NO_COLOR"] == nil
    }
  }

  // MARK: - Help

  private static func help(_ topic: String?, io: ToolIO) -> Int32 {
    switch topic {
    case nil, "help", "--help", "-h": io.write(HelpText.general)
    case "render": io.write(HelpText.render)
    case "run": io.write(HelpText.run)
    case "test": io.write(HelpText.test)
    case "check": io.write(HelpText.check)
    case "step": io.write(HelpText.step)
    case "explain": io.write(HelpText.explain)
    case "format": io.write(HelpText.format)
    case "lsp": io.write(HelpText.lsp)
    case "serve": io.write(HelpText.serve)
    case let other?:
      io.err +=
        "error: unknown command '\(other)'\nUsage: marbles help [COMMAND]\n  See 'marbles --help' for more information.\n"
      return 64
    }
    return 0
  }
}

/// Text written in chunks of bytes that may end inside a character.
enum UTF8Chunks {
  /// Removes from `bytes` and returns the start of a UTF-8 character its end cuts (1 to 3
  /// bytes), or nothing when it ends on a whole character.
  static func incompleteEnd(of bytes: inout [UInt8]) -> [UInt8] {
    var lead = bytes.count - 1
    while lead >= 0, bytes.count - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= 0, bytes[lead] >= 0xC0 else { return [] }
    let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
    guard bytes.count - lead < length else { return [] }
    let cut = Array(bytes[lead...])
    bytes.removeSubrange(lead...)
    return cut
  }
}

/// A message for standard error (already formatted, newline-terminated).
struct ToolMessage: Error {
  var text: String
  init(_ text: String) { self.text = text }
}
