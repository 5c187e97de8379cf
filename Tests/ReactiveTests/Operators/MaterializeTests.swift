import Testing

@testable import Reactive

@Suite struct MaterializeTests {
  private func describe(_ signal: Signal<Event<Int>>) -> Signal<String> {
    signal.map { "\($0)" }
  }

  @Test func materializeTurnsEventsIntoValues() {
    let t = TestClock()
    let a = t.cold("--1--#")
    let values: [Character: String] = ["x": "next(1)", "y": "error(error)", "c": "completed"]
    let failing = t.record(describe(a.materialize()))
    let completing = t.record(describe(t.cold("-1|").materialize()))
    t.expect(failing, "--x--(y|)", values)
    t.expect(completing, "-x(c|)", values)
    t.expectSubscriptions(a, "^----!")
  }

  @Test func materializeEmptyNeverAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let empty = t.record(describe(t.cold("--|").materialize()))
    let never = t.record(describe(t.cold("-").materialize()))
    let disposed = t.record(describe(a.materialize()), disposedAt: 3)
    t.expect(empty, "--(c|)", ["c": "completed"])
    t.expect(never, "-", [Character: String]())
    t.expect(disposed, "--x", ["x": "next(1)"])
    t.expectSubscriptions(a, "^--!")
  }

  @Test func dematerializeIsTheInverse() {
    let t = TestClock()
    let failing = t.record(t.cold("--1--#").materialize().dematerialize())
    let completing = t.record(t.cold("--1--2|").materialize().dematerialize())
    let never = t.record(t.cold("-").materialize().dematerialize())
    t.expect(failing, "--1--#")
    t.expect(completing, "--1--2|")
    t.expect(never, "-")
  }

  @Test func dematerializeStopsAtTheFirstTerminalValue() {
    let t = TestClock()
    let events = t.cold(
      "-abc|", ["a": Event<Int>.next(1), "b": .completed, "c": .next(2)])
    let a = events.dematerialize() as Signal<Int>
    t.expect(t.record(a), "-1|")
    t.expectSubscriptions(events, "^-!")
  }

  @Test func dematerializeForwardsTheSourcesFailureAndDisposal() {
    let t = TestClock()
    let failing = t.cold("--#", [Character: Event<Int>]())
    let events = t.cold("-a-a|", ["a": Event<Int>.next(1)])
    let failure = t.record(failing.dematerialize() as Signal<Int>)
    let disposed = t.record(events.dematerialize() as Signal<Int>, disposedAt: 2)
    t.expect(failure, "--#")
    t.expect(disposed, "-1")
    t.expectSubscriptions(events, "^-!")
  }
}
