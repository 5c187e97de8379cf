import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

/// A run's teardown: the scheduler is closed, every subscription disposed and the graph
/// released, so nothing of a run outlives it and no `deinit` reaches freed state.
@Suite struct InterpreterTeardownTests {
  /// Runs `text` and reports whether its runtime and scheduler were released afterwards.
  private func releasedAfterRun(_ text: String) -> (runtime: Bool, scheduler: Bool) {
    weak var runtime: Runtime?
    weak var scheduler: AnyObject?
    _ = ScriptEngine._runHere(
      SourceFile(name: "teardown.marble", text: text), options: RunOptions()
    ) {
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
    let cmd = Command { x in cold("--r---|", r: x) }
    let r = cmd.execute(1, at: 1)
    let bad = cold("----a|", a: 0).map { x in 1 / x }
    show r, bad
    """,
  ])
  func aRunReleasesItsWholeGraph(script: String) {
    let released = releasedAfterRun(script)
    #expect(released.runtime, "the runtime outlived its run")
    #expect(released.scheduler, "the scheduler outlived its run")
  }

  /// A weak reference with a name, for the objects a run must not keep alive.
  private final class Watched {
    weak var object: AnyObject?
    let name: String
    init(_ object: AnyObject, _ name: String) {
      self.object = object
      self.name = name
    }
  }

  /// Runs `text` (at most 3 frames) and returns, watched, its `let` signals and commands as
  /// they are at frame 1 and every execution its commands start from then on.
  private func watchedAfterRun(_ text: String) -> [Watched] {
    var watched: [Watched] = []
    _ = ScriptEngine._runHere(
      SourceFile(name: "teardown.marble", text: text), options: RunOptions(maxFrames: 3)
    ) { runtime in
      // Scheduled before the run's set-up: runs first at frame 1, before the executions.
      runtime.scheduler.schedule(at: 1) { [weak runtime] in
        for (slot, value) in (runtime?.globals ?? []).enumerated() {
          switch value {
          case .signal(let signal): watched.append(Watched(signal, "signal \(slot)"))
          case .command(let box):
            watched.append(Watched(box.command, "command \(slot)"))
            _ = box.command.executionSignals.subscribe(next: { execution in
              watched.append(Watched(execution, "an execution of command \(slot)"))
            })
          default: break
          }
        }
      }
    }
    return watched
  }

  /// A run stopped in the middle of a command's execution (by a runtime error or the frame
  /// limit) releases that execution: its subject and its work's subscription held each other.
  @Test(arguments: [
    """
    let cmd = Command { x in cold("--r---|", r: x) }
    let r = cmd.execute(1, at: 1)
    let bad = cold("--a|", a: 0).map { x in 1 / x }
    show r, bad
    """,
    """
    let cmd = Command { x in never }
    let r = cmd.execute(1, at: 1)
    show r, cmd.executing
    """,
    """
    let s1 = Subject()
    let cmd = Command { x in s1.map { y in [y, x] } }
    let r = cmd.execute(1, at: 1)
    let e = cmd.executionSignals.flatten()
    s1.sendNext("a", at: 2)
    show r, e, cmd.executing
    """,
  ])
  func aStoppedRunReleasesTheExecutionInProgress(script: String) {
    let watched = watchedAfterRun(script)
    #expect(watched.contains { $0.name.hasPrefix("an execution") })
    for object in watched {
      #expect(object.object == nil, "\(object.name) outlived its run")
    }
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
