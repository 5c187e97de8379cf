import Reactive

extension RxJSOperators {
  /// Sends each value `frames` ticks later on `scheduler`; completes as soon as the source has
  /// completed and every delayed value is out; an error is sent at once (RxJS `delay`).
  ///
  ///     self:                    --1--2|
  ///     rxjs.delay(3, on: s):    -----1--(2|)
  ///
  ///     self:                    ---|
  ///     rxjs.delay(3, on: s):    ---|          (nothing to wait for)
  ///
  /// Unlike RAC `delay:`, the completion itself is never delayed. Disposal cancels every
  /// delivery still pending. As in RxJS, this is `delayWhen` with a timer for each value.
  ///
  /// - Parameters:
  ///   - frames: The delay in ticks.
  ///   - scheduler: The scheduler that measures the delay and delivers the values.
  ///   - probe: Told the values on their way, oldest first, as lane `pending`.
  public func delay(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    signal.delayWhen(probe: probe) { _ in Signal<Int>.timer(frames, on: scheduler) }
  }
}
