import Testing

@testable import Reactive

@Suite struct CombineLatestTests {
  @Test func combinesOnceEveryInputHasAValue() {
    let t = TestClock()
    let a = t.cold("--1-----2---|")
    let b = t.cold("-----3----4-|")
    t.expect(
      t.record(Signal.combineLatest([a, b])), "-----p--q-r-|",
      ["p": [1, 3], "q": [2, 3], "r": [2, 4]])
    t.expectSubscriptions(a, "^-----------!")
    t.expectSubscriptions(b, "^-----------!")
  }

  @Test func completesOnlyWhenEveryInputHasCompleted() {
    let t = TestClock()
    let a = t.cold("-1|")
    let b = t.cold("---2-----|")
    t.expect(t.record(Signal.combineLatest(a, b)), "---p-----|", ["p": [1, 2]])
  }

  @Test func emptyNeverAndNoInputs() {
    let t = TestClock()
    let empty = t.record(Signal.combineLatest(t.cold("-|"), t.cold("--|")))
    let never = t.record(Signal.combineLatest(t.cold("-1|"), t.cold("-")))
    let none = t.record(Signal<Int>.combineLatest([]))
    t.expect(empty, "--|", [Character: [Int]]())
    t.expect(never, "-", [Character: [Int]]())
    t.expect(none, "|", [Character: [Int]]())
  }

  @Test func anyErrorTerminates() {
    let t = TestClock()
    let a = t.cold("-1-----|")
    let b = t.cold("---#")
    t.expect(t.record(Signal.combineLatest(a, b)), "---#", [Character: [Int]]())
    t.expectSubscriptions(a, "^--!")
  }

  @Test func disposedEarlyDisposesEveryInput() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let b = t.cold("-4----|")
    let recording = t.record(Signal.combineLatest(a, b), disposedAt: 4)
    t.expect(recording, "-p-q", ["p": [1, 4], "q": [2, 4]])
    t.expectSubscriptions(a, "^---!")
    t.expectSubscriptions(b, "^---!")
    #expect(t.liveActions == 0)
  }

  @Test func combineLatestWithMakesPairs() {
    let t = TestClock()
    let a = t.cold("--1-----2---|")
    let b = t.cold("-----x----y-|", ["x": "x", "y": "y"])
    let pairs = t.record(a.combineLatest(with: b).map { "\($0)\($1)" })
    let failing = t.record(
      a.combineLatest(with: t.cold("-#", [Character: String]())).map { "\($0)" })
    t.expect(pairs, "-----p--q-r-|", ["p": "1x", "q": "2x", "r": "2y"])
    t.expect(failing, "-#")
  }

  @Test func andOrNot() {
    let t = TestClock()
    let values: [Character: [Bool]] = [
      "a": [true, true], "b": [true, false], "c": [false, false],
    ]
    let bools: [Character: Bool] = ["t": true, "f": false]
    let and = t.record(t.cold("-a-b-c|", values).and())
    let or = t.record(t.cold("-a-b-c|", values).or())
    let not = t.record(t.cold("-t-f-#", bools).not())
    let disposed = t.record(t.cold("-a-b|", values).and(), disposedAt: 2)
    t.expect(and, "-t-f-f|", bools)
    t.expect(or, "-t-t-f|", bools)
    t.expect(not, "-f-t-#", bools)
    t.expect(disposed, "-t", bools)
  }
}
