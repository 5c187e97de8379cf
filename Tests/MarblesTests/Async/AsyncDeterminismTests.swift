import Foundation
import MarblesCore
import MarblesTesting
import Testing

/// One marble async test: a pipeline over marble sources, and the marble it must record.
struct AsyncScenario: Sendable, CustomStringConvertible {
  let description: String
  let expected: String
  let values: [String: String]
  let build: @Sendable (TestScheduler) -> Recording<String>

  /// Runs the scenario on a fresh scheduler; returns the recording and the run's failures.
  func run() async throws -> Recording<String> {
    let ts = TestScheduler()
    let recording = build(ts)
    try await ts.run()
    return recording
  }

  /// Inputs for the families: values, groups, errors, silence, sources that never end.
  static let marbles = [
    "-a-b-c|", "a|", "|", "#", "--a--#", "-(ab)-c|", "---a---b---|", "a-b-c-d-e|", "-a-",
    "--(a|)", "-abc--|", "a---#", "-a-b-c-d-e-f-g-h|", "----a|",
  ]

  static let all: [AsyncScenario] = {
    var all: [AsyncScenario] = []
    for marble in marbles {
      all.append(
        AsyncScenario(description: "values of cold \(marble)", expected: marble, values: [:]) {
          ts in ts.record((ts.cold(marble) as ColdSignal<String>).values)
        })
      all.append(
        AsyncScenario(
          description: "uppercased values of hot \(marble)", expected: marble.uppercased(),
          values: [:]
        ) { ts in
          ts.record((ts.hot(marble) as HotSignal<String>).values.map { $0.uppercased() })
        })
      let pairs = Dictionary(uniqueKeysWithValues: "abcdefgh".map { ("\($0)", "\($0)\($0)") })
      all.append(
        AsyncScenario(
          description: "zip of cold \(marble) with itself", expected: marble, values: pairs
        ) { ts in
          let source: ColdSignal<String> = ts.cold(marble)
          return ts.record(zip(source.values, source.values).mapToStream { $0 + $1 })
        })
    }
    for interval in 1...6 {
      for count in 1...3 {
        // Tick n at frame n × interval: the first after `interval` dashes, the others after the
        // one character of the tick before and `interval - 1` dashes; the last with the end.
        let gap = String(repeating: "-", count: interval - 1)
        let ticks = "-" + (1..<count).map { gap + "\($0)" }.joined() + gap + "(\(count)|)"
        all.append(
          AsyncScenario(
            description: "\(count) ticks every \(interval) ms", expected: ticks, values: [:]
          ) { ts in
            ts.record(
              Ticks(interval: .milliseconds(interval), clock: ts.clock).prefix(count)
                .mapToStream { "\($0)" })
          })
      }
    }
    return all
  }()
}

/// At least 50 marble async tests, each run alone here and, in the stress test, many times at
/// once: the same recordings every time, whatever else runs.
@Suite struct AsyncDeterminismTests {
  @Test(arguments: AsyncScenario.all)
  func scenario(_ scenario: AsyncScenario) async throws {
    let recording = try await scenario.run()
    expectMarbles(recording, scenario.expected, values: scenario.values)
  }

  @Test func thereAreAtLeastFiftyScenarios() {
    #expect(AsyncScenario.all.count >= 50)
  }

  /// Runs every scenario `MARBLES_ASYNC_STRESS_ROUNDS` times (3 by default; CI runs 100), up to
  /// 64 runs at a time, alongside the other tests, and expects one recording per scenario.
  @Test func recordingsAreIdenticalUnderParallelRuns() async throws {
    let rounds =
      ProcessInfo.processInfo.environment["MARBLES_ASYNC_STRESS_ROUNDS"].flatMap(Int.init) ?? 3
    let scenarios = AsyncScenario.all
    let jobs = (0..<rounds).flatMap { _ in scenarios.indices }
    var seen = [String?](repeating: nil, count: scenarios.count)
    var differing: [String] = []
    try await withThrowingTaskGroup(of: (Int, String).self) { group in
      var next = 0
      func add() {
        guard next < jobs.count else { return }
        let index = jobs[next]
        next += 1
        group.addTask { (index, "\(try await scenarios[index].run())") }
      }
      for _ in 0..<64 { add() }
      while let (index, recorded) = try await group.next() {
        if let first = seen[index], first != recorded {
          differing.append("\(scenarios[index]): \(first) then \(recorded)")
        }
        seen[index] = seen[index] ?? recorded
        add()
      }
    }
    #expect(differing.isEmpty, "\(differing.count) different recordings: \(differing.prefix(3))")
    #expect(seen.allSatisfy { $0 != nil })
  }
}
