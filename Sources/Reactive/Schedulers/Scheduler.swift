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

/// The scheduler whose run loop is executing the current code, if any (RAC `currentScheduler`).
///
/// `VirtualTimeScheduler` sets it while it runs actions; operators that resubscribe in a loop
/// (`repeat`, `retry`) schedule the next round on it, so a runaway loop is bounded by the
/// scheduler's action limit instead of recursing forever.
public enum CurrentScheduler {
  @TaskLocal static var stored: (any Scheduler)?

  /// The scheduler running the current action, or `nil` outside any scheduler's run loop.
  public static var current: (any Scheduler)? { stored }

  /// Set while code that belongs to a virtual run's thread runs outside the run: a `Command`
  /// whose main scheduler is virtual builds its graph under it (see `Command.init`).
  @TaskLocal static var confinedToVirtualRun = false

  /// Whether the current code runs inside a `VirtualTimeScheduler`'s run loop, so on the one
  /// thread that the virtual run belongs to (subscribers made there take no lock), or is
  /// `confinedToVirtualRun`.
  static var isVirtualRun: Bool {
    guard let scheduler = stored else { return confinedToVirtualRun }
    return type(of: scheduler) == VirtualTimeScheduler.self || confinedToVirtualRun
  }
}
