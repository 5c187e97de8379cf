extension VirtualTimeScheduler {
  /// Schedules a recording's subscription window: `subscribe` at the start of frame
  /// `subscribedAt`, and `unsubscribe` at the start of `disposedAt` (not before `subscribedAt`),
  /// both queued now, before the sources' events of those frames (as RxJS records).
  package func scheduleWindow(
    subscribedAt: Int, disposedAt: Int?, subscribe: @escaping () -> Void,
    unsubscribe: @escaping () -> Void
  ) {
    _ = schedule(at: subscribedAt, subscribe)
    if let disposedAt { _ = schedule(at: max(subscribedAt, disposedAt), unsubscribe) }
  }
}
