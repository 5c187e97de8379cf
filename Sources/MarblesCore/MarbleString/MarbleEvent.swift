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
  @usableFromInline package var key: MarbleKey
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
