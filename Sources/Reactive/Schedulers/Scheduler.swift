/// Something that runs work now or later (RACScheduler).
///
/// Time is counted in **ticks**: one virtual frame on `VirtualTimeScheduler`, one millisecond on
/// `QueueScheduler`. Every scheduled action can be cancelled by disposing what `schedule`
/// returned; a cancelled action that has not started never runs.
public protocol Scheduler: AnyObject, Sendable {
  /// The scheduler's current time in ticks.
  var now: Int { get }
  /// Schedules `action` to run as soon as possible, after work already scheduled for now.
  @discardableResult
  func schedule(_ action: @escaping () -> Void) -> any Disposable
  /// Schedules `action` to run `delay` ticks from now (a delay of 0 or less means now).
  @discardableResult
  func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable
}

extension Scheduler {
  /// Runs `action` every `period` ticks, first at `now + period`, until disposed.
  @discardableResult
  public func schedule(every period: Int, _ action: @escaping () -> Void) -> any Disposable {
    let serial = SerialDisposable()
    let step = max(1, period)
    func next() {
      serial.inner = schedule(after: step) {
        action()
        if !serial.isDisposed { next() }
      }
    }
    next()
    return serial
  }
}
