/// Whether a marble describes a cold or a hot timeline, which decides where frame 0 is.
public enum MarbleKind: Hashable, Sendable {
  /// Frame 0 is the first character, the subscription instant; `^` is an error.
  case cold
  /// Frame 0 is the `^` if there is one, else the first character; earlier frames are negative.
  case hot
}

/// One event of a parsed marble string: its frame, what it is, and where it was written.
///
/// An event is stored in 24 bytes with no references (a large marble has one per character):
/// the key as a number (`MarbleKey`) and the range as 32-bit line and columns. `kind` and
/// `range` give them back as written.
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
  /// What happens, as a number.
  @usableFromInline var key: MarbleKey
  /// Where the glyph is, compactly.
  var place: MarblePlace

  /// What happens.
  public var kind: Kind {
    get { key.kind }
    set { key = MarbleKey(newValue) }
  }

  /// Where the glyph is in the marble string (line 1, Character columns).
  public var range: SourceRange {
    get { place.range }
    set { place = MarblePlace(newValue) }
  }

  public init(frame: Int, kind: Kind, range: SourceRange) {
    self.frame = frame
    self.key = MarbleKey(kind)
    self.place = MarblePlace(range)
  }

  /// Creates an event from its compact parts.
  init(frame: Int, key: MarbleKey, place: MarblePlace) {
    self.frame = frame
    self.key = key
    self.place = place
  }

  /// Equal frames, ranges and kinds (keys compared as Strings, as `Kind` does).
  public static func == (lhs: MarbleEvent, rhs: MarbleEvent) -> Bool {
    lhs.frame == rhs.frame && lhs.place == rhs.place
      && (lhs.key == rhs.key || lhs.key.kind == rhs.key.kind)
  }

  /// Hashes the frame, the kind and the range.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(frame)
    hasher.combine(kind)
    hasher.combine(place)
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
    for event in firstEventOfEachKey() {
      if case .value(let key) = event.kind, seen.insert(key).inserted { keys.append(key) }
    }
    return keys
  }

  /// The first value event of each key as written, in order: one per distinct key, found by
  /// comparing numbers, not Strings (keys that are equal as Strings but written differently,
  /// such as `é` and `e` + U+0301, each have theirs).
  func firstEventOfEachKey() -> [MarbleEvent] {
    var seen: Set<MarbleKey> = []
    var previous: MarbleKey?
    var found: [MarbleEvent] = []
    for event in events where event.key != previous && event.key.isValue {
      previous = event.key
      if seen.insert(event.key).inserted { found.append(event) }
    }
    return found
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

  public init(subscribed: Int, unsubscribed: Int? = nil, length: Int = 0) {
    self.subscribed = subscribed
    self.unsubscribed = unsubscribed
    self.length = length
  }
}
