import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// Runs `text` as the script `t.marble`.
func runScript(_ text: String, maxFrames: Int = 1_000) -> (outcome: ScriptOutcome, file: SourceFile)
{
  let file = SourceFile(name: "t.marble", text: text)
  return (ScriptEngine.run(file, options: RunOptions(maxFrames: maxFrames)), file)
}

/// Runs `text` and returns the recording, recording an issue if the run failed.
func completedRun(
  _ text: String, maxFrames: Int = 1_000, sourceLocation: SourceLocation = #_sourceLocation
) -> ScriptRun? {
  let (outcome, file) = runScript(text, maxFrames: maxFrames)
  switch outcome {
  case .completed(let run): return run
  case .failed, .stopped:
    Issue.record(
      "the script failed:\n\(outcome.diagnostics.render(in: file))",
      sourceLocation: sourceLocation)
    return nil
  }
}

/// Runs `text` and checks that it has expectations, that all of them hold, and that there are
/// no warnings.
@discardableResult
func expectPasses(
  _ text: String, maxFrames: Int = 1_000, sourceLocation: SourceLocation = #_sourceLocation
) -> ScriptRun? {
  guard let run = completedRun(text, maxFrames: maxFrames, sourceLocation: sourceLocation) else {
    return nil
  }
  #expect(!run.expectations.isEmpty, "no expectations", sourceLocation: sourceLocation)
  for failure in run.expectations where !failure.passed {
    Issue.record(
      "line \(failure.line): \(failure.message ?? "failed")", sourceLocation: sourceLocation)
  }
  #expect(run.diagnostics.isEmpty, "\(run.diagnostics)", sourceLocation: sourceLocation)
  return run
}

/// The rendered diagnostics of a run that must fail.
func failureText(
  _ text: String, maxFrames: Int = 1_000, sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  let (outcome, file) = runScript(text, maxFrames: maxFrames)
  guard outcome.diagnostics.containsError else {
    Issue.record("the script did not fail", sourceLocation: sourceLocation)
    return ""
  }
  return outcome.diagnostics.render(in: file)
}

extension ScriptRun {
  /// The lane called `name`.
  func lane(_ name: String) -> TimelineLane? {
    lanes.first { $0.name == name }
  }

  /// A lane's events as a marble from frame 0 (`cold("--a|")`), or as a list of events when
  /// a value needs more than one character.
  func marble(_ name: String) -> String {
    guard let lane = lane(name) else { return "no lane '\(name)'" }
    return ExpectationDiffRenderer.describe(
      .signal(Timeline(subscribed: 0, events: lane.events)))
  }
}

/// A script that must fail before or during its run, with its full rendered diagnostics.
struct FailingScript: CustomTestStringConvertible, Sendable {
  let id: String
  let source: String
  let rendered: String
  var maxFrames = 1_000

  init(_ id: String, _ source: String, _ rendered: String, maxFrames: Int = 1_000) {
    self.id = id
    self.source = source
    self.rendered = rendered
    self.maxFrames = maxFrames
  }

  var testDescription: String { id }
}

/// Runs the `marbles` tool in process, as `marbles-cli` does, with `input` as standard input.
func runTool(_ arguments: [String], input: String = "") -> ToolResult {
  let environment = ToolEnvironment(
    run: { source, options in ScriptEngine.run(source, options: options) },
    explain: { name in Explainer.explain(name) },
    readStandardInput: { _ in Data(input.utf8) })
  return MarblesTool.main(arguments, environment: environment)
}
