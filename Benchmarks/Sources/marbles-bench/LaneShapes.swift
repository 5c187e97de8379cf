import Foundation
import MarblesTesting
import Reactive

// Child modes for callgrind (Benchmarks/README.md, "Sparse lanes and throttle"): the lane shapes
// of a script's recording, and a throttle-heavy flow with the throttle body before and after
// it went through `debounce(probe:releasedBy:)`.

extension Scripts {
  /// `n` values `a` through `map`, shown as one lane: `dense` a value a frame (`aaaa`),
  /// `sparse` one every other frame (`a-a-`), `irregular` gaps of 0, 1 and 2 frames in turn.
  static func lane(_ shape: String, _ n: Int) -> String? {
    let gaps: [Int]
    switch shape {
    case "dense": gaps = [0]
    case "sparse": gaps = [1]
    case "irregular": gaps = [0, 1, 2]
    default: return nil
    }
    var marble = ""
    marble.reserveCapacity(3 * n)
    for index in 0..<n {
      marble += "a" + String(repeating: "-", count: gaps[index % gaps.count])
    }
    return """
      let input = cold("\(marble)|", a: 1)
      let output = input.map { x in x * 10 }
      show output

      """
  }
}

/// `n` values in groups of four a frame apart, each group followed by a quiet period of four
/// frames, through `throttle(3)` (each value restarts the quiet period; a group's last value
/// is sent), recorded; `before` uses `throttleBefore`. Returns the number recorded.
func throttleFlow(_ n: Int, before: Bool) throws -> Int {
  let ts = TestScheduler(maxFrames: 3 * n + 10)
  let marble = String(repeating: "aaaa----", count: n / 4) + "|"
  let input = ts.cold(marble, values: ["a": 1])
  let output = ts.record(
    before ? input.throttleBefore(3, on: ts.scheduler) : input.throttle(3, on: ts.scheduler))
  try ts.run()
  return output.count
}

extension Signal {
  /// `throttle(_:on:)` as it was before 50723f5 (one scheduled action per value, no signal or
  /// subscriber for its timer), probe left out: the "before" of the throttle row. Never
  /// specialized, as the library's generic operators are not (from another module).
  @_semantics("optimize.sil.specialize.generic.never")
  func throttleBefore(_ frames: Int, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { subscriber in
      let state = Locked((pending: Value?.none, generation: 0))
      let timer = SerialDisposable()
      subscriber.attach(timer)
      func flush(generation: Int?) {
        let pending = state.withLock { state -> Value? in
          if let generation, generation != state.generation { return nil }
          defer { state.pending = nil }
          return state.pending
        }
        if let pending { subscriber.sendNext(pending) }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let generation = state.withLock { state -> Int in
            state.pending = value
            state.generation += 1
            return state.generation
          }
          timer.swap(scheduler.schedule(after: frames) { flush(generation: generation) })?
            .dispose()
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          timer.swap(nil)?.dispose()
          flush(generation: nil)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
