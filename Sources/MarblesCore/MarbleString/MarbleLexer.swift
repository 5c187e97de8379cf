/// Splits a marble string into tokens, one at a time, diagnosing malformed time progressions.
///
/// It reads the string's UTF-8 bytes: a byte below 0x80 followed by another one (or by the end)
/// is a whole Character (CR LF aside), so only non-ASCII text pays for grapheme breaking.
/// Columns count Characters, as everywhere.
struct MarbleLexer {
  private let marble: String
  /// The marble's UTF-8 bytes (what a `MarbleParse` keeps of it).
  let bytes: [UInt8]
  /// The byte offset of the next Character.
  private var index = 0
  private var line = 1
  private var column = 1
  /// At the start or after whitespace.
  private var afterBoundary = true
  /// The previous Character is an ASCII digit, or a `.`.
  private var previousIsDigit = false
  private var previousIsDot = false
  /// The problems found so far (malformed time progressions).
  private(set) var diagnostics: [Diagnostic] = []

  init(_ marble: String) {
    self.marble = marble
    self.bytes = Array(marble.utf8)
  }

  /// The text of each ASCII Character, made once.
  private static let asciiText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

  /// The byte offset just after the Character that starts at `offset`.
  private func characterEnd(at offset: Int) -> Int {
    let byte = bytes[offset]
    let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
    if byte < 0x80, next < 0x80 {
      return byte == 0x0D && next == 0x0A ? offset + 2 : offset + 1
    }
    return offset + character(at: offset).utf8.count
  }

  /// The Character that starts at byte `offset` (grapheme breaking: for non-ASCII text only).
  private func character(at offset: Int) -> Character {
    marble[marble.utf8.index(marble.utf8.startIndex, offsetBy: offset)]
  }

  /// The ASCII byte of the Character at byte `offset` when that Character is one ASCII byte.
  private func singleASCII(at offset: Int) -> UInt8? {
    guard offset < bytes.count, bytes[offset] < 0x80 else { return nil }
    return characterEnd(at: offset) == offset + 1 ? bytes[offset] : nil
  }

  func text(of token: MarbleToken) -> String {
    let range = token.bytes
    if range.count == 1, bytes[range.lowerBound] < 0x80 {
      return Self.asciiText[Int(bytes[range.lowerBound])]
    }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// Whether the ASCII digits at `offset` are followed by `.`, `m` or `s`: without one of those
  /// no time progression starts there (a quick test before matching one).
  private func unitMayFollowDigits(at offset: Int) -> Bool {
    var index = offset
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      index += 1
    }
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    return byte == UInt8(ascii: ".") || byte == UInt8(ascii: "m") || byte == UInt8(ascii: "s")
  }

  /// The key of a `.value` token, as a number: no String is made for a one-scalar key.
  func key(of token: MarbleToken) -> MarbleKey {
    let range = token.bytes
    if range.count == 1 { return MarbleKey(rawValue: UInt32(bytes[range.lowerBound])) }
    return MarbleKey(key: text(of: token))
  }

  /// The kind of each printable ASCII glyph that is neither a digit nor a space.
  private static let glyphKinds: [MarbleToken.Kind] = (0..<128).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "-"): .advance
    case UInt8(ascii: "|"): .completion
    case UInt8(ascii: "#"): .failure
    case UInt8(ascii: "("): .groupStart
    case UInt8(ascii: ")"): .groupEnd
    case UInt8(ascii: "^"): .subscribe
    case UInt8(ascii: "!"): .unsubscribe
    default: .value
    }
  }

  /// Whether each ASCII byte is a plain glyph: printable, not a digit, and `-` or a value.
  /// (Typed in full: inferred, this one expression took half a second to type-check.)
  private static let isPlain: [Bool] = (0..<128).map { (byte: Int) -> Bool in
    let glyph = UInt8(byte)
    let isDigit = glyph >= UInt8(ascii: "0") && glyph <= UInt8(ascii: "9")
    return glyph > 0x20 && glyph < 0x7F && !isDigit && !"|#()^!".utf8.contains(glyph)
  }

  /// Reads the run of plain glyphs that starts here, `-` and values, each an ASCII byte followed
  /// by an ASCII byte or the end (so one Character that no time progression involves): the bulk
  /// of a large marble, read without making tokens or events. Returns the run, its first glyph at
  /// frame `time`, or nil when none starts here. Anything else is left for `next()`.
  mutating func readPlainRun(at time: Int) -> MarbleParse.PlainRun? {
    let start = index
    var valueCount = 0
    let end = bytes.withUnsafeBufferPointer { bytes in
      Self.isPlain.withUnsafeBufferPointer { plain in
        var offset = start
        // One pass, a repeat of one glyph at a time, eight bytes a compare while all eight are it.
        while offset < bytes.count, let base = bytes.baseAddress, bytes[offset] < 0x80,
          plain[Int(bytes[offset])]
        {
          let (byte, from) = (bytes[offset], offset)
          let eight = UInt64(byte) &* 0x0101_0101_0101_0101
          offset &+= 1
          while offset &+ 8 <= bytes.count,
            UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) == eight
          {
            offset &+= 8
          }
          while offset < bytes.count, bytes[offset] == byte { offset &+= 1 }
          if byte != UInt8(ascii: "-") { valueCount &+= offset &- from }
        }
        // A glyph followed by a non-ASCII byte may be part of a longer Character: left out.
        if offset > start, offset < bytes.count, bytes[offset] >= 0x80 {
          offset &-= 1
          if bytes[offset] != UInt8(ascii: "-") { valueCount &-= 1 }
        }
        return offset
      }
    }
    guard end > start else { return nil }
    let run = MarbleParse.PlainRun(
      start: start, end: end, time: time, line: line, column: column, count: valueCount)
    column += end - start
    index = end
    (afterBoundary, previousIsDigit, previousIsDot) = (
      false, false, bytes[end - 1] == UInt8(ascii: ".")
    )
    return run
  }

  /// The next token, or nil at the end.
  @inline(__always)
  mutating func next() -> MarbleToken? {
    guard index < bytes.count else { return nil }
    let start = index
    let byte = bytes[start]
    // The bulk of a large marble: a printable ASCII glyph other than a digit, followed by an
    // ASCII byte or the end, is one Character that no time progression involves.
    if byte > 0x20, byte < 0x7F, byte &- UInt8(ascii: "0") > 9,
      start &+ 1 == bytes.count || bytes[start &+ 1] < 0x80
    {
      let token = MarbleToken(
        kind: Self.glyphKinds[Int(byte)], range: SourceRange(line: line, column: column),
        bytes: start..<start &+ 1)
      column += 1
      index = start &+ 1
      (afterBoundary, previousIsDigit, previousIsDot) = (false, false, byte == UInt8(ascii: "."))
      return token
    }
    return nextSlowly()
  }

  /// The next token when `next()`'s quick test fails: spaces, digits, non-ASCII text.
  private mutating func nextSlowly() -> MarbleToken? {
    let start = index
    let end = characterEnd(at: start)
    let byte = bytes[start]
    let isASCII = end == start + 1
    let isWhitespace: Bool
    let isNewline: Bool
    if isASCII {
      isWhitespace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
      isNewline = byte >= 0x0A && byte <= 0x0D
    } else {  // CR LF, non-ASCII, or ASCII with combining marks
      let whole = character(at: start)
      (isWhitespace, isNewline) = (whole.isWhitespace, whole.isNewline)
    }
    if isWhitespace {
      let token = MarbleToken(
        kind: .space, range: SourceRange(line: line, column: column), bytes: start..<end)
      if isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index = end
      (afterBoundary, previousIsDigit, previousIsDot) = (true, false, false)
      return token
    }

    let isDigit = isASCII && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    // Inside a run of digits a progression can neither start (no boundary before it) nor be
    // worth a warning (the run's first digit had it), so only a run's first digit is matched:
    // matching at every digit made a marble of n digits cost n² steps.
    if isDigit, !previousIsDigit, unitMayFollowDigits(at: start),
      let match = Self.matchProgression(at: start, { singleASCII(at: $0) })
    {
      // Every Character of a match is one byte.
      let matchEnd = start + match.length
      let range = SourceRange(line: line, column: column, length: match.length)
      let text = String(decoding: bytes[start..<matchEnd], as: UTF8.self)
      let followedByBoundary: Bool
      if matchEnd == bytes.count {
        followedByBoundary = true
      } else if bytes[matchEnd] < 0x80 {
        let after = bytes[matchEnd]
        followedByBoundary = after == 0x20 || (after >= 0x09 && after <= 0x0D)
      } else {
        followedByBoundary = character(at: matchEnd).isWhitespace
      }
      if afterBoundary && followedByBoundary {
        var frames: Int?
        switch Self.progressionFrames(match) {
        case .frames(let count): frames = count
        case .fraction: diagnostics.append(.marbleProgressionFraction(text, at: range))
        case .tooLong: diagnostics.append(.marbleProgressionTooLong(text, at: range))
        }
        column += match.length
        index = matchEnd
        (afterBoundary, previousIsDigit, previousIsDot) = (false, false, false)
        return MarbleToken(
          kind: .timeProgression(frames: frames), range: range, bytes: start..<matchEnd)
      }
      if afterBoundary {
        diagnostics.append(.marbleProgressionNotFollowedBySpace(text, at: range))
      } else if followedByBoundary, start > 0, !previousIsDigit, !previousIsDot {
        diagnostics.append(.marbleProgressionReadAsValues(text, at: range))
      }
      // Either way the characters are read one by one, as values.
    }

    let kind: MarbleToken.Kind
    switch isASCII ? byte : 0 {
    case UInt8(ascii: "-"): kind = .advance
    case UInt8(ascii: "|"): kind = .completion
    case UInt8(ascii: "#"): kind = .failure
    case UInt8(ascii: "("): kind = .groupStart
    case UInt8(ascii: ")"): kind = .groupEnd
    case UInt8(ascii: "^"): kind = .subscribe
    case UInt8(ascii: "!"): kind = .unsubscribe
    default: kind = .value
    }
    let token = MarbleToken(
      kind: kind, range: SourceRange(line: line, column: column), bytes: start..<end)
    column += 1
    index = end
    (afterBoundary, previousIsDigit, previousIsDot) = (
      false, isDigit, isASCII && byte == UInt8(ascii: ".")
    )
    return token
  }

  /// A time progression's parts: integer digits, fraction digits (ASCII), unit.
  struct ProgressionMatch {
    var length: Int
    var integer: [UInt8]
    var fraction: [UInt8]
    var unitMilliseconds: Int
  }

  /// Matches `[0-9]+(\.[0-9]+)?(ms|s|m)` at `start` in `characters`, regardless of what
  /// follows.
  static func matchProgression(_ characters: [Character], at start: Int) -> ProgressionMatch? {
    matchProgression(at: start) { index in
      guard index < characters.count, characters[index].utf8.count == 1 else { return nil }
      return characters[index].utf8.first
    }
  }

  /// Matches `[0-9]+(\.[0-9]+)?(ms|s|m)` at `start`, regardless of what follows; `ascii` gives
  /// the Character at an offset when it is a single ASCII byte, nil otherwise or past the end.
  static func matchProgression(at start: Int, _ ascii: (Int) -> UInt8?) -> ProgressionMatch? {
    func isDigit(_ byte: UInt8?) -> Bool {
      byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
    }
    var index = start
    var integer: [UInt8] = []
    while let byte = ascii(index), isDigit(byte) {
      integer.append(byte)
      index += 1
    }
    guard !integer.isEmpty else { return nil }
    var fraction: [UInt8] = []
    if ascii(index) == UInt8(ascii: "."), isDigit(ascii(index + 1)) {
      index += 1
      while let byte = ascii(index), isDigit(byte) {
        fraction.append(byte)
        index += 1
      }
    }
    let unit: Int
    switch (ascii(index), ascii(index + 1)) {
    case (UInt8(ascii: "m"), UInt8(ascii: "s")):
      unit = 1
      index += 2
    case (UInt8(ascii: "s"), _):
      unit = 1000
      index += 1
    case (UInt8(ascii: "m"), _):
      unit = 60_000
      index += 1
    default:
      return nil
    }
    return ProgressionMatch(
      length: index - start, integer: integer, fraction: fraction, unitMilliseconds: unit)
  }

  enum ProgressionValue: Equatable {
    case frames(Int)
    case fraction
    case tooLong
  }

  /// The number of frames (1 ms each) that a matched progression stands for.
  static func progressionFrames(_ match: ProgressionMatch) -> ProgressionValue {
    let limit = MarbleParser.maxProgressionFrames
    // Drop trailing zeros of the fraction: they do not change the value.
    var fraction = match.fraction
    while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
    // The unit is at most 60,000 ms (< 10^5), so a fraction with 5 or more significant
    // digits can never give whole frames.
    guard fraction.count < 5 else { return .fraction }
    var integerValue = 0
    for digit in match.integer {
      integerValue = integerValue * 10 + Int(digit - UInt8(ascii: "0"))
      if integerValue > limit { return .tooLong }
    }
    var fractionValue = 0
    var scale = 1
    for digit in fraction {
      fractionValue = fractionValue * 10 + Int(digit - UInt8(ascii: "0"))
      scale *= 10
    }
    let (whole, overflow) = integerValue.multipliedReportingOverflow(by: match.unitMilliseconds)
    guard !overflow, whole <= limit else { return .tooLong }
    let fractionMilliseconds = fractionValue * match.unitMilliseconds
    guard fractionMilliseconds % scale == 0 else { return .fraction }
    let total = whole + fractionMilliseconds / scale
    return total <= limit ? .frames(total) : .tooLong
  }
}

extension Character {
  /// An ASCII digit `0`…`9` (the only digits that marbles treat as numbers).
  var isMarbleDigit: Bool { isASCII && isNumber }
}
