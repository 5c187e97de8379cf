import Testing

@testable import Reactive

/// `StateProbe`: an operator reports its state only for the subscription that found the probe
/// armed, and an unarmed probe reports nothing.
@Suite struct StateProbeTests {
  @Test func onlyTheArmedSubscriptionReports() {
    let probe = StateProbe()
    let sums = Signal.from([1, 2, 3]).scan(0, probe: probe, +)
    var reports: [String] = []
    sums.subscribe(next: { _ in })
    #expect(reports.isEmpty)
    probe.arm { lane, value in reports.append("\(lane) \(value)") }
    sums.subscribe(next: { _ in })
    sums.subscribe(next: { _ in })
    #expect(reports == ["acc 0", "acc 1", "acc 3", "acc 6"])
  }

  @Test func takeAndSkipReportTheirCounts() {
    let probe = StateProbe()
    var reports: [String] = []
    probe.arm { lane, value in reports.append("\(lane) \(value)") }
    Signal.from([7, 8, 9]).take(2, probe: probe).subscribe(next: { _ in })
    probe.arm { lane, value in reports.append("\(lane) \(value)") }
    Signal.from([7, 8, 9]).skip(1, probe: probe).subscribe(next: { _ in })
    #expect(reports == ["taken 0", "taken 1", "taken 2", "skipped 0", "skipped 1"])
  }
}
