import Reactive

extension Signal where Value == Int {
  /// Sends `0` after `delay` ticks, then completes at the same frame (RxJS `timer`).
  ///
  ///     timer(3, on: s):   ---(0|)
  ///
  /// - Parameters:
  ///   - delay: Ticks before the value; 0 or less still hops onto `scheduler`.
  ///   - scheduler: The scheduler that measures the delay and sends the events.
  public static func timer(_ delay: Int, on scheduler: any Scheduler) -> Signal<Int> {
    Signal { subscriber in
      subscriber.schedule(on: scheduler, after: delay) {
        subscriber.sendLast(0)
      }
      return nil
    }
  }
}
