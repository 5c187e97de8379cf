import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

/// A run looks at its `RunCancellation` where it counts its events budget: a raised flag stops
/// it within `Budget.pollInterval` events, and a flag never raised changes nothing, not even
/// the frame at which the events budget stops a run.
@Suite struct RunCancellationTests {
  static func source(_ text: String) -> SourceFile { SourceFile(name: "t.marble", text: text) }

  @Test func aRaisedFlagStopsARunThatWouldGoOnForMillionsOfEvents() throws {
    let flag = RunCancellation()
    flag.cancel()
    let outcome = ScriptEngine.run(
      Self.source("show interval(1)\n"),
      options: RunOptions(maxFrames: RunBudgets.maximumFrames, cancellation: flag))
    guard case .stopped(let run) = outcome else {
      Issue.record("expected a stopped run, got \(outcome)")
      return
    }
    let stop = try #require(run.stopped)
    #expect(stop.message.hasPrefix("the run was cancelled at frame "))
    // Every frame of interval(1) spends at least one event.
    #expect(stop.frame <= Budget.pollInterval)
    #expect(stop.frame > 0)
  }

  @Test func aFlagRaisedDuringTheRunStopsItAtTheNextLook() throws {
    let looks = Looks()
    let flag = RunCancellation { flag in
      if looks.count() == 3 { flag.cancel() }
    }
    let outcome = ScriptEngine.run(
      Self.source("show interval(1)\n"),
      options: RunOptions(maxFrames: RunBudgets.maximumFrames, cancellation: flag))
    #expect(outcome.run?.stopped?.message.hasPrefix("the run was cancelled") == true)
    #expect(looks.total == 3)
  }

  @Test func aFlagNeverRaisedChangesNothing() {
    // The first stops at the events budget, past the first look; the second completes.
    for (text, frames, events, stops) in [
      ("show interval(1)\n", 100_000, 5_000, true),
      ("let a = cold(\"-a-b-|\")\nshow a.map { x in x + \"!\" }\n", 100, 10_000_000, false),
    ] {
      let budgets = RunBudgets(maxEvents: events)
      let plain = ScriptEngine.run(
        Self.source(text), options: RunOptions(maxFrames: frames, budgets: budgets))
      let flagged = ScriptEngine.run(
        Self.source(text),
        options: RunOptions(maxFrames: frames, budgets: budgets, cancellation: RunCancellation()))
      #expect((plain.run?.stopped?.reason == .budget) == stops)
      #expect(plain.diagnostics == flagged.diagnostics)
      #expect(plain.run?.stopped == flagged.run?.stopped)
      #expect(
        plain.run.map { TextRenderer().render($0) } == flagged.run.map { TextRenderer().render($0) }
      )
    }
  }

  /// Counts the run's looks at its flag (the run's thread calls, the test reads after).
  final class Looks: @unchecked Sendable {
    // Invariant: `looks` is read and written with `lock` held.
    private let lock = NSLock()
    private var looks = 0

    /// Counts one look; returns the count so far.
    func count() -> Int {
      lock.lock()
      defer { lock.unlock() }
      looks += 1
      return looks
    }

    var total: Int {
      lock.lock()
      defer { lock.unlock() }
      return looks
    }
  }
}
