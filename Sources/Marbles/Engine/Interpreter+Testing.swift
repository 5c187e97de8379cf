extension Interpreter {
  /// `runHere`, showing `_inspect` the run's runtime before anything is compiled or scheduled
  /// (tests use it to check that teardown released the graph).
  static func runHere(
    _ source: SourceFile, options: RunOptions, _inspect inspect: (Runtime) -> Void
  ) -> ScriptOutcome {
    let (script, syntax) = ScriptParser.parse(source)
    if syntax.containsError { return .failed(syntax) }
    let runtime = runtime(for: source, script, options)
    inspect(runtime)
    return run(script, syntax: syntax, on: runtime)
  }
}
