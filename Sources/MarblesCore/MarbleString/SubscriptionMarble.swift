/// A parsed subscription marble such as `--^---!`: when a subscription starts and ends.
public struct SubscriptionMarble: Hashable, Sendable {
  /// The frame of `^`.
  public var subscribed: Int
  /// The frame of `!`, or nil when the subscription is never ended.
  public var unsubscribed: Int?
  /// The number of frames the whole string spans.
  public var length: Int

  public init(subscribed: Int, unsubscribed: Int? = nil, length: Int = 0) {
    self.subscribed = subscribed
    self.unsubscribed = unsubscribed
    self.length = length
  }
}
