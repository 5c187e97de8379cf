import Testing

@testable import Reactive

@Suite struct ZipTests {
  @Test func pairsValuesByPosition() {
    let t = TestClock()
    let a = t.cold("--1--2-----3--|")
    let b = t.cold("-----4--5-----|")
    t.expect(t.record(Signal.zip([a, b])), "-----p--q-----|", ["p": [1, 4], "q": [2, 5]])
    t.expectSubscriptions(a, "^-------------!")
    t.expectSubscriptions(b, "^-------------!")
  }

  @Test func completesWhenACompletedInputRunsOutOfValues() {
    let t = TestClock()
    let a = t.cold("-1|")
    let b = t.cold("----2-3-|")
    t.expect(t.record(Signal.zip(a, b)), "----(p|)", ["p": [1, 2]])
    t.expectSubscriptions(b, "^---!")
  }

  @Test func completesAtOnceWhenAnEmptyInputCompletes() {
    let t = TestClock()
    let b = t.cold("-1-2-|")
    t.expect(t.record(Signal.zip(t.cold("--|"), b)), "--|", [Character: [Int]]())
    t.expectSubscriptions(b, "^-!")
  }

  @Test func zipsThreeInputs() {
    let t = TestClock()
    let a = t.cold("1--2-|")
    let b = t.cold("-3-4-|")
    let c = t.cold("--56-|")
    t.expect(t.record(Signal.zip(a, b, c)), "--pq-|", ["p": [1, 3, 5], "q": [2, 4, 6]])
  }

  @Test func neverNoInputsAndFailure() {
    let t = TestClock()
    let a = t.cold("-1-----|")
    let never = t.record(Signal.zip(t.cold("-1-2-"), t.cold("-")))
    let none = t.record(Signal<Int>.zip([]))
    let failure = t.record(Signal.zip(a, t.cold("---#")))
    t.expect(never, "-", [Character: [Int]]())
    t.expect(none, "|", [Character: [Int]]())
    t.expect(failure, "---#", [Character: [Int]]())
    t.expectSubscriptions(a, "^--!")
  }

  @Test func disposedEarly() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let b = t.cold("-4-5-6|")
    t.expect(t.record(Signal.zip(a, b), disposedAt: 4), "-p-q", ["p": [1, 4], "q": [2, 5]])
    t.expectSubscriptions(a, "^---!")
    t.expectSubscriptions(b, "^---!")
    #expect(t.liveActions == 0)
  }

  @Test func zipWithMakesPairs() {
    let t = TestClock()
    let a = t.cold("--1--2-----3--|")
    let b = t.cold("-----x--y-----|", ["x": "x", "y": "y"])
    let pairs = t.record(a.zip(with: b).map { "\($0)\($1)" })
    let failing = t.record(a.zip(with: t.cold("-#", [Character: String]())).map { "\($0)" })
    t.expect(pairs, "-----p--q-----|", ["p": "1x", "q": "2y"])
    t.expect(failing, "-#")
  }
}
