/// Whether a marble describes a cold or a hot timeline, which decides where frame 0 is.
public enum MarbleKind: Hashable, Sendable {
  /// Frame 0 is the first character, the subscription instant; `^` is an error.
  case cold
  /// Frame 0 is the `^` if there is one, else the first character; earlier frames are negative.
  case hot
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
  package func firstEventOfEachKey() -> [MarbleEvent] {
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
