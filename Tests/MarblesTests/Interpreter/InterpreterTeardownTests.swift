import Foundation
import Testing

@testable import Marbles

/// A run's teardown (issue 9): the scheduler is closed, every subscription disposed and the graph
/// released, so nothing of a run outlives it and no `deinit` reaches freed state.
@Suite struct InterpreterTeardownTests {
  /// Runs `text` and reports whether its runtime and scheduler were released afterwards.
  private func releasedAfterRun(_ text: String) -> (runtime: Bool, scheduler: Bool) {
    weak var runtime: Runtime?
    weak var scheduler: AnyObject?
    _ = Interpreter.runHere(SourceFile(name: "teardown.marble", text: text), options: RunOptions())
    {
      runtime = $0
      scheduler = $0.scheduler
    }
    return (runtime == nil, scheduler == nil)
  }

  @Test(arguments: [
    // A serial command executed twice, its work never ending.
    """
    let cmd = Command { x in never }
    let a = cmd.execute("A", at: 1)
    cmd.setAllowsConcurrentExecution(false, at: 3)
    let b = cmd.execute("B", at: 4)
    show b, cmd.executing
    """,
    // A command whose work is a subject that outlives the run.
    """
    let s1 = Subject()
    let trap = Command { x in s1 }
    let r1 = trap.execute(nil, at: 1)
    s1.sendNext("a", at: 1)
    show r1
    """,
    // A channel fed by a cold source, and a subject fed by a hot one.
    """
    let ch = Channel()
    cold("-x-|").subscribe(ch.leading)
    let s = Subject()
    hot("--a--").subscribe(s)
    show ch.following, s
    """,
    // A run that stops with a runtime error in the middle of a command's execution.
    """
    let cmd = Command { x in cold("--r|", r: x) }
    let r = cmd.execute(1, at: 1)
    let bad = cold("----a|").map { x in x * 2 }
    show r, bad
    """,
  ])
  func aRunReleasesItsWholeGraph(script: String) {
    let released = releasedAfterRun(script)
    #expect(released.runtime, "the runtime outlived its run")
    #expect(released.scheduler, "the scheduler outlived its run")
  }

  @Test func everyExampleReleasesItsGraph() throws {
    let examples = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples")
    let files = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".marble") }.sorted()
    #expect(files.count > 10)
    for file in files {
      let text = try String(
        contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
      let released = releasedAfterRun(text)
      #expect(released.runtime && released.scheduler, "\(file) outlived its run")
    }
  }
}
