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
