import Testing

@testable import Reactive

@Suite struct ScanTests {
  @Test func scanSendsEachAccumulation() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.scan(0, +)), "--1--3--6--|")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func aScanAfterAMapJoinsItsStepWithTheFiltersBetween() {
    let t = TestClock()
    let a = t.cold("--1--2--3--4--|")
    var calls: [String] = []
    let chain = a.map { value in
      calls.append("map \(value)")
      return value * 10
    }
    .filter { value in
      calls.append("filter \(value)")
      return value != 20
    }
    .scan(0) { sum, value in
      calls.append("scan \(value)")
      return sum + value
    }
    // One step, the map's: a further scan or filter after it is a step of its own.
    let step = chain as? PipeSignal<Int>
    #expect(step?.keeping { _ in true } == nil)
    #expect(step?.scanning(0, +) == nil)
    #expect((a.map { $0 }.scan(0, +) as? PipeSignal<Int>)?.scanning(0, +) == nil)
    #expect((a.map { $0 } as? PipeSignal<Int>)?.scanning(0, +) != nil)
    let first = t.record(chain)
    let second = t.record(chain, subscribedAt: 3)
    t.expect(first, "--a-----b--c--|", ["a": 10, "b": 40, "c": 80])
    t.expect(second, "-----a-----b--c--|", ["a": 10, "b": 40, "c": 80])
    #expect(
      Array(calls.prefix(9)) == [
        "map 1", "filter 10", "scan 10", "map 2", "filter 20", "map 1", "filter 10", "scan 10",
        "map 3",
      ])
  }

  @Test func whatFollowsAJoinedScanSeesTheAccumulations() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4|")
    let sums = a.map { $0 }.scan(0, +)
    let even = t.record(sums.filter { $0 % 2 == 0 })
    let scanned = t.record(sums.scan(0, +))
    let negated = t.record(sums.map { -$0 })
    let failing = t.record(t.cold("-1-2-#").map { $0 + 1 }.scan(0, +))
    let repeated = t.record(sums.repeat(2))
    t.expect(even, "-----a-b|", ["a": 6, "b": 10])
    t.expect(scanned, "-a-b-c-d|", ["a": 1, "b": 4, "c": 10, "d": 20])
    t.expect(negated, "-a-b-c-d|", ["a": -1, "b": -3, "c": -6, "d": -10])
    t.expect(failing, "-a-b-#", ["a": 2, "b": 5])
    t.expect(repeated, "-a-b-c-d-a-b-c-d|", ["a": 1, "b": 3, "c": 6, "d": 10])
  }

  @Test func aScanOfAnotherTypeOrWithAProbeAfterAMapKeepsItsOwnStep() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let optional = a.map { $0 * 2 }.scan(Int?.none) { ($0 ?? 100) + $1 }
    let text = a.map { $0 }.scan("") { $0 + String($1) }
    let probe = StateProbe()
    var reported: [String] = []
    probe.arm { lane, value in reported.append("\(lane) \(value)") }
    let probed = a.map { $0 * 10 }.scan(0, probe: probe, +)
    let recordings = (t.record(optional), t.record(text), t.record(probed))
    t.expect(recordings.0, "-a-b-c|", ["a": 102, "b": 106, "c": 112])
    t.expect(recordings.1, "-a-b-c|", ["a": "1", "b": "12", "c": "123"])
    t.expect(recordings.2, "-a-b-c|", ["a": 10, "b": 30, "c": 60])
    #expect(reported == ["acc 0", "acc 10", "acc 30", "acc 60"])
  }

  @Test func scanKeepsOneAccumulatorPerSubscription() {
    let t = TestClock()
    let scanned = t.cold("-1-2|").scan(0, +)
    let first = t.record(scanned)
    let second = t.record(scanned, subscribedAt: 2)
    t.expect(first, "-1-3|")
    t.expect(second, "---1-3|")
  }

  @Test func scanEmptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let empty = t.record(t.cold("---|").scan(0, +))
    let never = t.record(t.cold("-").scan(0, +))
    let failure = t.record(t.cold("-1-#").scan(0, +))
    let disposed = t.record(a.scan(0, +), disposedAt: 4)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-1-#")
    t.expect(disposed, "-1-3")
    t.expectSubscriptions(a, "^---!")
  }

  @Test func aggregateSendsOnlyTheFinalAccumulation() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let values = t.record(t.cold("--1--2--3--|").aggregate(0, +))
    let empty = t.record(t.cold("---|").aggregate(5, +))
    let never = t.record(t.cold("-").aggregate(0, +))
    let failure = t.record(t.cold("-1-#").aggregate(0, +))
    let disposed = t.record(a.aggregate(0, +), disposedAt: 4)
    t.expect(values, "-----------(6|)")
    t.expect(empty, "---(5|)")
    t.expect(never, "-")
    t.expect(failure, "---#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^---!")
  }
}
