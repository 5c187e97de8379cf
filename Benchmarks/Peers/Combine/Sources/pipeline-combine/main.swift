// marbles-bench's pipeline workload in Combine (OpenCombine) on combine-schedulers' TestScheduler:
// a cold source of N values 1 at frames 0…N-1 and its completion at N (the frames of Marbles'
// `cold("aaa…|", a: 1)`), through map → filter → scan, each event recorded with its virtual
// frame, and the recording written as JSON to a file with Foundation's JSONEncoder.
//
// The source sends from one repeating scheduled action, so the scheduler holds one action at a
// time: its queue is re-sorted at every step, and N actions scheduled up front would make the run
// quadratic. This is the peer's fastest honest form, not its most common one.
//
// Usage: pipeline-combine N [OUTPUT.json]. Prints: seconds recorded-events version.
import CombineSchedulers
import Foundation
import OpenCombine

/// A virtual frame: the scheduler's time, counted in whole frames as Marbles counts them.
struct Frame: Strideable, Sendable {
  var index: Int
  func distance(to other: Frame) -> Frames { Frames(other.index - index) }
  func advanced(by stride: Frames) -> Frame { Frame(index: index + stride.count) }
}

/// A number of frames; the scheduler protocol asks for seconds and smaller units, which map to
/// frames one to one (a frame is the smallest time).
struct Frames: SchedulerTimeIntervalConvertible, SignedNumeric, Comparable, Sendable {
  var count: Int
  init(_ count: Int) { self.count = count }
  init(integerLiteral value: Int) { count = value }
  init?<T: BinaryInteger>(exactly source: T) {
    guard let count = Int(exactly: source) else { return nil }
    self.count = count
  }
  var magnitude: Int { abs(count) }
  static func seconds(_ s: Int) -> Frames { Frames(s) }
  static func seconds(_ s: Double) -> Frames { Frames(Int(s)) }
  static func milliseconds(_ ms: Int) -> Frames { Frames(ms) }
  static func microseconds(_ us: Int) -> Frames { Frames(us) }
  static func nanoseconds(_ ns: Int) -> Frames { Frames(ns) }
  static func < (a: Frames, b: Frames) -> Bool { a.count < b.count }
  static func + (a: Frames, b: Frames) -> Frames { Frames(a.count + b.count) }
  static func - (a: Frames, b: Frames) -> Frames { Frames(a.count - b.count) }
  static func * (a: Frames, b: Frames) -> Frames { Frames(a.count * b.count) }
  static func += (a: inout Frames, b: Frames) { a.count += b.count }
  static func -= (a: inout Frames, b: Frames) { a.count -= b.count }
  static func *= (a: inout Frames, b: Frames) { a.count *= b.count }
}

/// One recorded event, in the shape of Marbles' JSON events.
struct Recorded: Encodable {
  var frame: Int
  var kind: String
  var value: Int?
}

let arguments = CommandLine.arguments
let n = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let output = arguments.count > 2 ? URL(fileURLWithPath: arguments[2]) : nil

let start = Date()
let scheduler = TestScheduler<Frame, Never>(now: Frame(index: 0))
var recorded: [Recorded] = []
recorded.reserveCapacity(n + 1)

/// The cold source: on each subscription, values 1 at frames now…now+N-1, then completion.
let source = Deferred { () -> PassthroughSubject<Int, Never> in
  let subject = PassthroughSubject<Int, Never>()
  var sent = 0
  var ticks: AnyCancellable?
  ticks = AnyCancellable(
    scheduler.schedule(after: scheduler.now, interval: 1, tolerance: 0, options: nil) {
      if sent == n {
        ticks?.cancel()
        subject.send(completion: .finished)
      } else {
        sent += 1
        subject.send(1)
      }
    })
  return subject
}

let subscription =
  source
  .map { $0 * 10 }
  .filter { $0 % 3 != 0 }
  .scan(0) { $0 + $1 }
  .sink(
    receiveCompletion: { _ in
      recorded.append(Recorded(frame: scheduler.now.index, kind: "complete", value: nil))
    },
    receiveValue: { value in
      recorded.append(Recorded(frame: scheduler.now.index, kind: "next", value: value))
    })
scheduler.run()
subscription.cancel()

if let output {
  let encoder = JSONEncoder()
  do {
    try encoder.encode(recorded).write(to: output)
  } catch {
    FileHandle.standardError.write(Data("pipeline-combine: \(error)\n".utf8))
    exit(1)
  }
}
let seconds = Date().timeIntervalSince(start)
print(String(format: "%.4f", seconds), recorded.count, "0.14.0")
