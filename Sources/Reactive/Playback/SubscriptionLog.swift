/// One subscription to a marble source or a recording: when it started and when it ended.
///
/// `--^---!` is `SubscriptionLog(subscribed: 2, unsubscribed: 6)`. A subscription that ends
/// because the signal terminated is logged as ending at the terminal event's frame.
public struct SubscriptionLog: Hashable, Sendable, CustomStringConvertible {
  /// The frame the subscription was made.
  public var subscribed: Int
  /// The frame it was disposed or terminated, or nil while it is still active.
  public var unsubscribed: Int?

  public init(subscribed: Int, unsubscribed: Int? = nil) {
    self.subscribed = subscribed
    self.unsubscribed = unsubscribed
  }

  /// `0…8`, or `0…` while still subscribed.
  public var description: String {
    "\(subscribed)…" + (unsubscribed.map(String.init) ?? "")
  }
}

/// Something that logs its subscriptions: the cold and hot marble sources, and recordings.
public protocol SubscriptionLogging: AnyObject {
  /// Every subscription, in the order made.
  var subscriptions: [SubscriptionLog] { get }
}

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

  /// How many subscriptions have not ended.
  package var openCount: Int { entries.count { $0.unsubscribed == nil } }
}
