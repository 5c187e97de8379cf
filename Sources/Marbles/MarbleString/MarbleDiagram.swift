/// Whether a marble describes a cold or a hot timeline, which decides where frame 0 is.
public enum MarbleKind: Hashable, Sendable {
  /// Frame 0 is the first character, the subscription instant; `^` is an error.
  case cold
  /// Frame 0 is the `^` if there is one, else the first character; earlier frames are negative.
  case hot
}

/// One event of a parsed marble string: its frame, what it is, and where it was written.
public struct MarbleEvent: Hashable, Sendable {
  /// What happens.
  public enum Kind: Hashable, Sendable {
    /// A value, named by its key: the character as written (look it up in a values map).
    case value(key: String)
    /// `#`: failure with the marble's error value.
    case error
    /// `|`: completion.
    case completed
  }

  /// The frame of the event (relative to frame 0 of the diagram).
  public var frame: Int
  /// What happens.
  public var kind: Kind
  /// Where the glyph is in the marble string (line 1, Character columns).
  public var range: SourceRange

  /// Creates an event.
  public init(frame: Int, kind: Kind, range: SourceRange) {
    self.frame = frame
    self.kind = kind
    self.range = range
  }
}

/// A parsed marble string: a timeline of value keys, failure and completion.
///
///     --a--(bc)--|     a at 2, b and c at 5, completion at 11
///
/// It keeps keys, not values, so that each caller (Swift tests, the script interpreter) looks
/// the keys up in its own values map.
public struct MarbleDiagram: Hashable, Sendable {
  /// Cold or hot, as parsed.
  public var kind: MarbleKind
  /// The events in the order written (and delivered); frames never decrease.
  public var events: [MarbleEvent]
  /// Where the `^` is, for a hot marble that has one.
  public var subscriptionPoint: SourceRange?
  /// The frame of the string's first character: 0, or negative when a hot marble's `^` is not
  /// at the start (`--^` starts at frame -2).
  public var firstFrame: Int
  /// The number of frames the whole string spans, spaces excluded (`(ab)c` spans 5).
  public var length: Int

  /// Creates a diagram.
  public init(
    kind: MarbleKind, events: [MarbleEvent], subscriptionPoint: SourceRange? = nil,
    firstFrame: Int = 0, length: Int
  ) {
    self.kind = kind
    self.events = events
    self.subscriptionPoint = subscriptionPoint
    self.firstFrame = firstFrame
    self.length = length
  }

  /// The frame just after the string's last character.
  public var endFrame: Int { firstFrame + length }

  /// The distinct value keys, in order of first appearance.
  public var valueKeys: [String] {
    var seen: Set<String> = []
    var keys: [String] = []
    for event in events {
      if case .value(let key) = event.kind, seen.insert(key).inserted { keys.append(key) }
    }
    return keys
  }
}

/// A parsed subscription marble such as `--^---!`: when a subscription starts and ends.
public struct SubscriptionMarble: Hashable, Sendable {
  /// The frame of `^`.
  public var subscribed: Int
  /// The frame of `!`, or nil when the subscription is never ended.
  public var unsubscribed: Int?
  /// The number of frames the whole string spans.
  public var length: Int

  /// Creates a subscription marble.
  public init(subscribed: Int, unsubscribed: Int? = nil, length: Int = 0) {
    self.subscribed = subscribed
    self.unsubscribed = unsubscribed
    self.length = length
  }
}
