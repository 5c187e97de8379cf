extension ScriptEngine {
  /// Runs `source` to the end on the current thread, showing `inspect` the run's runtime before
  /// anything is compiled or scheduled (tests use it to check that teardown released the graph).
  static func _runHere(
    _ source: SourceFile, options: RunOptions, inspect: (Runtime) -> Void = { _ in }
  ) -> ScriptOutcome {
    let (script, syntax) = ScriptParser.parse(source)
    if syntax.containsError { return .failed(syntax) }
    let runtime = runtime(for: source, script, options)
    inspect(runtime)
    let run = Session(script, syntax: syntax, on: runtime)
    run.run(through: nil)
    return run.outcome ?? notRun
  }
}
