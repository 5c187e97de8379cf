import Marbles

/// A usage error: bad command-line arguments (exit code 64).
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, one line.
  package var message: String
  /// The usage line of the command concerned.
  package var usage: String
}

extension Result where Failure == UsageError {
  /// A failure: `message`, with the usage line of the command concerned.
  static func usage(_ message: String, _ usage: String) -> Self {
    .failure(UsageError(message: message, usage: usage))
  }
}

/// Parses `marbles` arguments (without the program name). A small hand-rolled parser: the
/// package has no dependencies.
package enum CLIParser {
  static let renderUsage =
    "marbles render FILE... [--quiz] [--format ascii|unicode|json|svg|html] [--theme auto|light|dark] [--color auto|always|never] [-o PATH] [--max-frames N] [--width N] [--watch]"
  static let runUsage =
    "marbles run FILE... [--format json|ascii|unicode|svg|html] [--theme auto|light|dark] [-o PATH] [--max-frames N]"
  static let stepUsage =
    "marbles step FILE [--quiz] [--format ascii|unicode] [--color auto|always|never] [--max-frames N]"
  static let testUsage =
    "marbles test PATH... [--update] [--format ascii|unicode] [--color auto|always|never] [--max-frames N] [--junit FILE]"
  static let checkUsage =
    "marbles check FILE... [--format ascii|unicode] [--color auto|always|never] [--max-frames N]"
  static let explainUsage = "marbles explain [OPERATOR]"
  static let formatUsage = "marbles format PATH... [--check]"
  static let lspUsage = "marbles lsp [--max-frames N] [--max-events N]"
  static let serveUsage =
    "marbles serve [FOLDER] [--host ADDRESS] [--port N] [--max-frames N] [--max-input BYTES]"
  static let generalUsage = "marbles <command> [options]"

  package static func parse(_ arguments: [String]) -> Result<CLICommand, UsageError> {
    guard let first = arguments.first else {
      return .usage("missing command", generalUsage)
    }
    let rest = Array(arguments.dropFirst())
    // `--help` asked for before `--` (after it, `--help` is a file name).
    let asksHelp = rest.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    switch first {
    case "--help", "-h": return .success(.help(nil))
    case "help":
      return rest.count <= 1
        ? .success(.help(rest.first))
        : .usage("too many arguments for 'help'", "marbles help [COMMAND]")
    case "--version": return .success(.version)
    case "render", "run":
      if asksHelp { return .success(.help(first)) }
      let watch = first == "render" && rest.contains("--watch")
      return parseRender(rest.filter { !watch || $0 != "--watch" }, command: first).flatMap {
        arguments in
        var arguments = arguments
        guard watch else { return .success(.render(arguments)) }
        guard arguments.files.count == 1, arguments.files[0] != "-" else {
          return .usage("--watch watches one FILE (not standard input)", renderUsage)
        }
        arguments.watch = true
        return .success(.render(arguments))
      }
    case "test":
      if asksHelp { return .success(.help(first)) }
      return parseTest(rest).map(CLICommand.test)
    case "check":
      if rest.contains("--help") || rest.contains("-h") { return .success(.help(first)) }
      return parseTest(rest, usage: checkUsage, allowingUpdate: false).map(CLICommand.check)
    case "step":
      if asksHelp { return .success(.help(first)) }
      return parseStep(rest).map(CLICommand.step)
    case "format":
      if rest.contains("--help") || rest.contains("-h") { return .success(.help(first)) }
      let check = rest.contains("--check")
      let paths = rest.filter { $0 != "--check" }
      if let option = paths.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
        return .usage("unknown option '\(option)'", formatUsage)
      }
      guard !paths.isEmpty else {
        return .usage("missing PATH", formatUsage)
      }
      return .success(.format(FormatArguments(paths: paths, check: check)))
    case "lsp":
      if rest.contains("--help") || rest.contains("-h") { return .success(.help(first)) }
      // Editors often pass '--stdio'; standard input and output are the only transport.
      let arguments = rest.filter { $0 != "--stdio" }
      return parseOptions(arguments, allowed: limitOptions, usage: lspUsage).flatMap { options in
        guard options.positional.isEmpty else {
          return .usage("'lsp' takes no FILE; it reads standard input", lspUsage)
        }
        return .success(.lsp(LSPArguments(maxFrames: options.maxFrames, budgets: options.budgets)))
      }
    case "serve":
      if asksHelp { return .success(.help(first)) }
      return parseServe(rest).map(CLICommand.serve)
    case "explain":
      if asksHelp { return .success(.help(first)) }
      if let option = rest.first(where: { $0.hasPrefix("-") && $0 != "--" }) {
        return .usage("unknown option '\(option)'", explainUsage)
      }
      let names = rest.filter { $0 != "--" }
      guard names.count <= 1 else {
        return .usage("'explain' takes at most one operator", explainUsage)
      }
      return .success(.explain(names.first))
    default:
      if first.hasPrefix("-") {
        return .usage("unknown option '\(first)'", generalUsage)
      }
      let commands = [
        "render", "run", "test", "check", "step", "explain", "format", "lsp", "serve", "help",
      ]
      let message =
        "unknown command '\(first)'"
        + ScriptSpelling.didYouMean(ScriptSpelling.suggestions(for: first, among: commands))
      return .usage(message, generalUsage)
    }
  }

  /// The options that bound a run, accepted by every command that runs scripts.
  static let limitOptions: Set = [
    "--max-frames", "--max-events", "--max-subscriptions", "--max-value-size", "--max-output",
    "--max-input",
  ]

  /// Options common to the commands that run scripts, before each command picks its own.
  private struct ParsedOptions {
    var positional: [String] = []
    var format: OutputFormat?
    var color: ColorMode = .auto
    var output: String?
    var maxFrames = 100_000
    var budgets = RunBudgets()
    var width: Int?
    var junit: String?
    var theme: DiagramTheme = .auto
    var host = "127.0.0.1"
    var port = 8080
    /// The flags (options without a value) that were given.
    var flags: Set<String> = []
  }

  /// The options that take no value.
  static let flagOptions: Set = ["--update", "--quiz"]

  /// Reads `arguments`, accepting only the options in `allowed`; everything else that starts
  /// with `-` (but `-` itself) is an unknown option. `--` ends the options: every argument
  /// after it is a file (`marbles render -- -odd-name.marble`). Standard input (`-`) can be
  /// read once only: a second `-` is an error, not an empty document.
  private static func parseOptions(_ arguments: [String], allowed: Set<String>, usage: String)
    -> Result<ParsedOptions, UsageError>
  {
    func fail(_ message: String) -> Result<ParsedOptions, UsageError> {
      .usage(message, usage)
    }
    var result = ParsedOptions()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      var argument = arguments[index]
      if argument == "--", !optionsEnded {
        optionsEnded = true
        index += 1
        continue
      }
      guard argument.hasPrefix("-"), argument != "-", !optionsEnded else {
        if argument == "-", result.positional.contains("-") {
          return fail("standard input ('-') can be read only once; give it once")
        }
        result.positional.append(argument)
        index += 1
        continue
      }
      index += 1
      // `--format=svg` is `--format svg`.
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        attached = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      guard allowed.contains(argument) else { return fail("unknown option '\(argument)'") }
      if flagOptions.contains(argument) {
        guard attached == nil else { return fail("option '\(argument)' takes no value") }
        result.flags.insert(argument)
        continue
      }
      let text: String
      if let attached {
        text = attached
      } else {
        guard index < arguments.count else { return fail("option '\(argument)' needs a value") }
        text = arguments[index]
        index += 1
      }
      switch argument {
      case "--format":
        guard let format = OutputFormat(rawValue: text) else {
          return fail("unknown format '\(text)'; expected ascii, unicode, json, svg or html")
        }
        result.format = format
      case "--theme":
        guard let theme = DiagramTheme(rawValue: text) else {
          return fail("unknown theme '\(text)'; expected auto, light or dark")
        }
        result.theme = theme
      case "--color":
        guard let mode = ColorMode(rawValue: text) else {
          return fail("unknown color mode '\(text)'; expected auto, always or never")
        }
        result.color = mode
      case "-o", "--output":
        result.output = text
      case "--junit":
        result.junit = text
      case "--host":
        result.host = text
      case "--port":
        guard let port = Int(text), (0...65535).contains(port) else {
          return fail("option '--port' needs a port from 0 to 65535")
        }
        result.port = port
      default:  // --width and the limits
        guard let number = Int(text), number > 0 else {
          return fail("option '\(argument)' needs a positive whole number, not '\(text)'")
        }
        if argument != "--width", number > RunBudgets.maximumFrames {
          return fail(
            "option '\(argument)' must be at most \(RunBudgets.maximumFrames), not '\(text)'")
        }
        switch argument {
        case "--width": result.width = number
        case "--max-events": result.budgets.maxEvents = number
        case "--max-subscriptions": result.budgets.maxSubscriptions = number
        case "--max-value-size": result.budgets.maxValueSize = number
        case "--max-output": result.budgets.maxOutput = number
        case "--max-input": result.budgets.maxInput = number
        default: result.maxFrames = number
        }
      }
    }
    return .success(result)
  }

  private static func parseServe(_ arguments: [String]) -> Result<ServeArguments, UsageError> {
    let allowed = Set(["--host", "--port"]).union(limitOptions)
    return parseOptions(arguments, allowed: allowed, usage: serveUsage).flatMap { options in
      guard options.positional.count <= 1 else {
        return .usage("'serve' takes one FOLDER", serveUsage)
      }
      return .success(
        ServeArguments(
          folder: options.positional.first ?? ".", host: options.host, port: options.port,
          maxFrames: options.maxFrames, budgets: options.budgets))
    }
  }

  private static func parseRender(_ arguments: [String], command: String)
    -> Result<RenderArguments, UsageError>
  {
    let usage = command == "run" ? runUsage : renderUsage
    let allowed = Set(["--format", "--color", "-o", "--output", "--width", "--theme", "--quiz"])
      .union(limitOptions)
    return parseOptions(arguments, allowed: allowed, usage: usage).flatMap { options in
      guard !options.positional.isEmpty else {
        return .usage("missing FILE", usage)
      }
      let format = options.format ?? (command == "run" ? .json : .ascii)
      let quiz = options.flags.contains("--quiz")
      if quiz, format == .json {
        return .usage("--quiz hides lanes in a drawing; JSON always holds every lane", usage)
      }
      if format == .svg || format == .html, options.positional.count > 1 {
        return .usage(
          "--format \(format.rawValue) draws one FILE per document; run it once per file", usage)
      }
      return .success(
        RenderArguments(
          files: options.positional, format: format, color: options.color,
          output: options.output, maxFrames: options.maxFrames, width: options.width,
          theme: options.theme, budgets: options.budgets, quiz: quiz))
    }
  }

  private static func parseStep(_ arguments: [String]) -> Result<StepArguments, UsageError> {
    let allowed = Set(["--format", "--color", "--quiz"]).union(limitOptions)
    return parseOptions(arguments, allowed: allowed, usage: stepUsage).flatMap { options in
      guard options.positional.count == 1 else {
        return .usage(
          options.positional.isEmpty ? "missing FILE" : "'step' takes one FILE", stepUsage)
      }
      let format = options.format ?? .ascii
      guard format == .ascii || format == .unicode else {
        return .usage("'step' draws ascii or unicode, not \(format.rawValue)", stepUsage)
      }
      return .success(
        StepArguments(
          file: options.positional[0], format: format, color: options.color,
          maxFrames: options.maxFrames, budgets: options.budgets,
          quiz: options.flags.contains("--quiz")))
    }
  }

  private static func parseTest(
    _ arguments: [String], usage testUsage: String = testUsage, allowingUpdate: Bool = true
  ) -> Result<TestArguments, UsageError> {
    let allowed = Set(
      allowingUpdate ? ["--format", "--color", "--junit", "--update"] : ["--format", "--color"]
    ).union(limitOptions)
    return parseOptions(arguments, allowed: allowed, usage: testUsage).flatMap { options in
      guard !options.positional.isEmpty else {
        return .usage(allowingUpdate ? "missing PATH" : "missing FILE", testUsage)
      }
      let format = options.format ?? .ascii
      guard format == .ascii || format == .unicode else {
        return .usage(
          "'\(allowingUpdate ? "test" : "check")' draws its diffs in ascii or unicode, not "
            + format.rawValue, testUsage)
      }
      return .success(
        TestArguments(
          paths: options.positional, color: options.color, maxFrames: options.maxFrames,
          junit: options.junit, format: format, budgets: options.budgets,
          update: options.flags.contains("--update")))
    }
  }
}
