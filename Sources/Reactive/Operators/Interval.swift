extension Signal where Value == Int {
  /// Sends the scheduler's time every `period` ticks, first at `period`, forever (RAC
  /// `interval:onScheduler:`, which sends the date).
  ///
  ///     interval(3, on: s):   ---a--b--c--…   a = 3, b = 6, c = 9 (subscribed at 0)
  ///
  /// It never completes: bound it with `take`, `takeUntil` or `timeout`. In virtual time an
  /// unbounded run stops at the scheduler's `maxFrames` with
  /// `VirtualTimeError.frameLimitExceeded`.
  ///
  /// - Parameters:
  ///   - period: Ticks between values; values less than 1 count as 1.
  ///   - scheduler: The scheduler that measures the period and sends the values.
  public static func interval(_ period: Int, on scheduler: any Scheduler) -> Signal<Int> {
    Signal { subscriber in
      scheduler.schedule(every: period) { subscriber.sendNext(scheduler.now) }
    }
  }
}
