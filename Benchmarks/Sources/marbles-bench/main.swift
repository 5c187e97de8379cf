import Foundation
import Marbles
import Reactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The workloads of design/PERFORMANCE.md. Each row: events, median seconds of several runs,
// events per second, ns per event, and the process's peak memory after the workload.
// Run it in release mode only: `swift run -c release marbles-bench [--quick]`.

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 1 : 5

struct Row {
  var name: String
  var events: Int
  var seconds: Double
  var note: String = ""
}

var rows: [Row] = []

func peakMemoryMiB() -> Double {
  var usage = rusage()
  #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  #if os(Linux)
    return Double(usage.ru_maxrss) / 1024
  #else
    return Double(usage.ru_maxrss) / 1024 / 1024
  #endif
}

func median(_ samples: [Double]) -> Double {
  let sorted = samples.sorted()
  return sorted[sorted.count / 2]
}

@MainActor @discardableResult
func measure(_ name: String, events: Int, note: String = "", _ body: () throws -> Void) rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<repetitions {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  let seconds = median(samples)
  rows.append(Row(name: name, events: events, seconds: seconds, note: note))
  return seconds
}

// MARK: 1. pipeline-N: cold marble of N values → map → filter → scan, recorded.

func pipeline(_ n: Int) throws -> Int {
  let ts = TestScheduler(maxFrames: n + 10)
  let marble = String(repeating: "a", count: n) + "|"
  let timeline = MarbleTimeline<Int>(marble, values: ["a": 1])
  let input = ts.cold(events: timeline.events)
  let output = ts.record(input.map { $0 * 10 }.filter { $0 % 3 != 0 }.scan(0, +))
  try ts.run()
  return output.events.count
}

var pipelineTimes: [Int: Double] = [:]
for n in [10_000, 100_000, 1_000_000] {
  pipelineTimes[n] = try measure("pipeline-\(n / 1000)k", events: n) { _ = try pipeline(n) }
}
let loopSeconds = measure("plain Swift loop 1M (floor)", events: 1_000_000) {
  var accumulator = 0
  var values = [Int](repeating: 1, count: 1_000_000)
  for index in values.indices {
    let mapped = values[index] * 10
    if mapped % 3 != 0 { accumulator += mapped; values[index] = accumulator }
  }
  if accumulator == 42 { print("") }
}
let engine1M = pipelineTimes[1_000_000] ?? 0
rows[rows.count - 1].note = String(format: "engine/loop = %.0fx", engine1M / max(loopSeconds, 1e-9))
rows[2].note = String(
  format: "time(1M)/time(100k) = %.1f", engine1M / max(pipelineTimes[100_000] ?? 1, 1e-9))

// MARK: 2. parse

let megabyte = String(repeating: "-a", count: 500_000)
measure("parse 1 MB marble", events: megabyte.count) {
  let (diagram, _) = MarbleParser.parse(megabyte, kind: .cold)
  if diagram.events.isEmpty { print("unexpected") }
}

// MARK: 3. higher-order: 10,000 outer values, each to a 10-value inner cold signal.

func higherOrder(switching: Bool) throws -> Int {
  let ts = TestScheduler(maxFrames: 1_000_000)
  let outer = ts.cold(events: MarbleTimeline<Int>(String(repeating: "a", count: 10_000) + "|",
    values: ["a": 1]).events)
  let innerEvents = MarbleTimeline<Int>("(" + String(repeating: "b", count: 10) + "|)",
    values: ["b": 2]).events
  let mapped = outer.map { _ in ts.cold(events: innerEvents) as Signal<Int> }
  let flattened: Signal<Int> = switching ? mapped.switchToLatest() : mapped.flatten()
  let output = ts.record(flattened)
  try ts.run()
  return output.events.count
}
try measure("higher-order flattenMap 100k inner", events: 100_000) { _ = try higherOrder(switching: false) }
try measure("higher-order switchToLatest 100k inner", events: 100_000) { _ = try higherOrder(switching: true) }

// MARK: 4. command: 100,000 executions with the full internal graph.

func commands(concurrent: Bool, count: Int = 100_000) throws {
  let scheduler = VirtualTimeScheduler(maxFrames: 1_000_000)
  let command = Command<Int, Int>(
    allowsConcurrentExecution: concurrent, mainScheduler: scheduler.main
  ) { .just($0) }
  var seen = 0
  command.executionSignals.flatten().subscribe(next: { _ in seen += 1 })
  _ = command.executing.subscribe(next: { _ in })
  _ = command.enabled.subscribe(next: { _ in })
  for frame in 0..<count {
    scheduler.schedule(at: frame) { command.execute(frame) }
  }
  try scheduler.run()
  if seen != count { print("command: only \(seen) executions ran") }
}
try measure("command 10k executions (serial)", events: 10_000) {
  try commands(concurrent: false, count: 10_000)
}
try measure("command 100k executions (serial)", events: 100_000) { try commands(concurrent: false) }
try measure("command 100k executions (concurrent)", events: 100_000) { try commands(concurrent: true) }

// MARK: 5. render: 20 lanes × 10,000 frames.

let lanes = (0..<20).map { lane in
  TimelineLane(
    name: "lane\(lane)", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: stride(from: lane % 3, to: 10_000, by: 3).map { .next(.int($0 % 10), at: $0) }
      + [.completed(at: 10_000)])
}
let bigRun = ScriptRun(file: "bench", firstFrame: 0, lastFrame: 10_000, lanes: lanes)
measure("render 20 x 10k ascii", events: lanes.reduce(0) { $0 + $1.events.count }) {
  _ = TimelineRenderer().render(bigRun)
}
measure("render 20 x 10k json", events: lanes.reduce(0) { $0 + $1.events.count }) {
  _ = bigRun.json.pretty()
}
measure("render 20 x 10k svg", events: lanes.reduce(0) { $0 + $1.events.count }) {
  _ = SVGRenderer().render(bigRun)
}
measure("render 20 x 10k html", events: lanes.reduce(0) { $0 + $1.events.count }) {
  _ = HTMLRenderer().render(bigRun)
}

// MARK: Report

print("workload                                   events    seconds     events/s    ns/event   peak MiB  note")
for row in rows {
  let perSecond = Double(row.events) / max(row.seconds, 1e-9)
  let nanoseconds = row.seconds * 1e9 / Double(max(row.events, 1))
  print(
    row.name.padding(toLength: 40, withPad: " ", startingAt: 0),
    String(format: "%9d  %9.4f  %11.0f  %10.1f  %9.1f  %@", row.events, row.seconds, perSecond,
      nanoseconds, peakMemoryMiB(), row.note))
}
