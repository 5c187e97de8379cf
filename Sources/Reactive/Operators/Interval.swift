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
  /// A `probe` reports the count of ticks sent so far as lane `ticks`: 0, then each new count
  /// (reported just before the tick is sent).
  ///
  /// - Parameters:
  ///   - period: Ticks between values; values less than 1 count as 1.
  ///   - scheduler: The scheduler that measures the period and sends the values.
  ///   - probe: The probe that reports the count of ticks, if any.
  public static func interval(
    _ period: Int, on scheduler: any Scheduler, probe: StateProbe? = nil
  ) -> Signal<Int> {
    Signal { subscriber in
      guard let report = probe?.take() else {
        return scheduler.schedule(every: period) { subscriber.sendNext(scheduler.now) }
      }
      let ticks = Locked(0)
      report(.ticks, 0)
      return scheduler.schedule(every: period) {
        let n = ticks.add(1)
        report(.ticks, n)
        subscriber.sendNext(scheduler.now)
      }
    }
  }
}
