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
