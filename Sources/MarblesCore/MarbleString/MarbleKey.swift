import ReactiveEvents

/// An event's kind as a number, so that an event holds no String.
///
/// A value whose key is one Unicode scalar (every ASCII key, most others) is that scalar's
/// value; failure and completion are the two numbers after the last scalar; any other key
/// (several scalars, such as `🇫🇷` or `e` + U+0301) is interned, once per process, and numbered
/// above those. Two events with one key as written have one number.
@usableFromInline package struct MarbleKey: Hashable, Sendable {
  // Usable from inlinable code: `ParsedMarble.init` compares keys by number.
  @usableFromInline package var rawValue: UInt32

  /// `#`.
  @usableFromInline package static let error = MarbleKey(rawValue: 0x11_0000)
  /// `|`.
  @usableFromInline package static let completed = MarbleKey(rawValue: 0x11_0001)
  /// The first number of an interned key.
  private static let firstInterned: UInt32 = 0x11_0002

  @usableFromInline package init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The value whose key is `scalar`.
  init(_ scalar: Unicode.Scalar) {
    rawValue = scalar.value
  }

  /// The value whose key is `key`.
  init(key: String) {
    let scalars = key.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      rawValue = first.value
    } else {
      rawValue = Self.firstInterned + MarbleInterner.shared.number(ofKey: key)
    }
  }

  init(_ kind: MarbleEvent.Kind) {
    switch kind {
    case .value(let key): self.init(key: key)
    case .error: self = .error
    case .completed: self = .completed
    }
  }

  /// Whether this is a value (not failure or completion).
  package var isValue: Bool { self != .error && self != .completed }

  /// The key of a value, as written; nil for failure and completion.
  @usableFromInline package var text: String? {
    if rawValue < 0x80 { return Self.asciiText[Int(rawValue)] }
    if let scalar = Unicode.Scalar(rawValue) { return String(Character(scalar)) }
    guard rawValue >= Self.firstInterned else { return nil }
    return MarbleInterner.shared.key(numbered: rawValue - Self.firstInterned)
  }

  var kind: MarbleEvent.Kind {
    switch self {
    case .error: return .error
    case .completed: return .completed
    default: return .value(key: text ?? "")
    }
  }

  /// The text of each ASCII key, made once.
  private static let asciiText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
}

/// The keys and ranges too large for an event's compact fields, each stored once for the
/// process (keys by their exact UTF-8, so that each keeps its spelling).
final class MarbleInterner: @unchecked Sendable {
  // Invariant: every stored property is read and written under `lock` only.
  static let shared = MarbleInterner()

  private let lock = Lock()
  private var keys: [String] = []
  private var keyNumbers: [[UInt8]: UInt32] = [:]
  private var ranges: [SourceRange] = []
  private var rangeNumbers: [SourceRange: Int32] = [:]

  func number(ofKey key: String) -> UInt32 {
    let bytes = Array(key.utf8)
    lock.lock()
    defer { lock.unlock() }
    if let number = keyNumbers[bytes] { return number }
    let number = UInt32(keys.count)
    keys.append(key)
    keyNumbers[bytes] = number
    return number
  }

  func key(numbered number: UInt32) -> String? {
    lock.withLock { Int(number) < keys.count ? keys[Int(number)] : nil }
  }

  func number(ofRange range: SourceRange) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    if let number = rangeNumbers[range] { return number }
    let number = Int32(ranges.count)
    ranges.append(range)
    rangeNumbers[range] = number
    return number
  }

  func range(numbered number: Int32) -> SourceRange {
    lock.withLock {
      Int(number) < ranges.count ? ranges[Int(number)] : SourceRange(line: 1, column: 1)
    }
  }
}
