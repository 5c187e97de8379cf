/// The subscription log of a marble source: one entry per subscription, closed when it ends.
/// Shared by every marble source (scripts', Swift tests', the library tests').
@usableFromInline package final class SubscriptionBook: @unchecked Sendable {
  // Invariant: only touched on the virtual scheduler's thread.
  /// Every subscription, in the order made.
  @usableFromInline package private(set) var entries: [SubscriptionLog] = []

  @inlinable package init() {}

  /// Logs a subscription made at `frame`; returns its index.
  @inlinable package func open(at frame: Int) -> Int {
    entries.append(SubscriptionLog(subscribed: frame))
    return entries.count - 1
  }

  /// Logs the end of subscription `index` at `frame`, unless it has ended already.
  @inlinable package func close(_ index: Int, at frame: Int) {
    guard entries.indices.contains(index), entries[index].unsubscribed == nil else { return }
    entries[index].unsubscribed = frame
  }
}
