/// The entry point a program that embeds scripts calls: run a script.
public enum ScriptEngine {
  /// Runs `source` to the end of virtual time.
  ///
  /// Syntax errors, then errors found before the run (unknown names, operators and arguments,
  /// bad marbles), then the first runtime error stop the run with `.failed`; otherwise the
  /// recording comes back, with any warnings, whether or not its expectations held.
  public static func run(_ source: SourceFile, options: RunOptions = RunOptions()) -> ScriptOutcome
  {
    Interpreter.run(source, options: options)
  }
}
