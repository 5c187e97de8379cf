/// The entry points the `marbles` executable uses: run a script, explain an operator.
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

  /// The operator catalogue (`nil`) or one operator's explanation.
  ///
  /// With no name: the catalogue as a table. With a name (or an alias): its description, its
  /// ReactiveObjC and RxJS names, the example script and the example's live diagram; an unknown
  /// name gives a "did you mean" and `found == false`.
  public static func explain(_ name: String?) -> (text: String, found: Bool) {
    Explainer.explain(name)
  }
}
