/// Writes a JSON document as UTF-8 bytes, value by value, without building it in memory first.
///
/// The layout is deterministic: keys keep the order they are written in, integers stay integers,
/// and in the pretty form (two-space indent) an array or object that is not the document itself
/// stays on one line when its one-line form has at most `inlineLimit` minus its indent
/// Characters. To decide that, the writer writes the one-line form first and, as soon as it is
/// over the limit, drops it and writes the container again indented: the closure that writes a
/// container's contents can run twice, and must write the same thing both times.
///
///     var writer = JSONWriter()
///     writer.object { writer in
///       writer.member("frame", 2)
///       writer.key("values")
///       writer.array([1, 2]) { writer, value in writer.int(value) }
///     }
///     writer.text  // {\n  "frame": 2,\n  "values": [1, 2]\n}
/// The bytes live in the writer's own buffer (it is not copyable, so that buffer has one owner):
/// writing a key or a number is a copy into it, with no per-call array or string work.
public struct JSONWriter: ~Copyable {
  /// The longest one-line container, in Characters, counting its indent.
  public let inlineLimit: Int
  /// Everything on one line (no indent, no newlines).
  public let isCompact: Bool

  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  private let sink: ((UnsafeRawBufferPointer) -> Void)?
  private let flushThreshold: Int
  /// The indent of the elements of the innermost open container (0 at the top).
  private var indent = 0
  /// No element written yet in the innermost open container.
  private var isFirst = true
  /// The innermost open container is an array (its elements are not preceded by keys).
  private var inArray = false
  /// Where the current one-line attempt started, or -1 when there is none.
  private var attemptStart = -1
  private var attemptLimit = 0
  private var attemptHasNonASCII = false
  /// A one-line attempt went over its limit: nothing more is written until the writer drops
  /// the attempt and writes the container indented, so a loop over many elements may stop.
  public private(set) var isDiscarding = false

  /// A writer of the pretty form (or the compact form) that keeps every byte (see `text`).
  public init(inlineLimit: Int = 100, compact: Bool = false) {
    self.inlineLimit = inlineLimit
    self.isCompact = compact
    self.sink = nil
    self.flushThreshold = .max
    self.capacity = 256
    self.base = .allocate(capacity: 256)
  }

  /// A writer of the pretty form that hands its bytes to `sink` whenever about `chunkSize` of
  /// them are buffered, so that a large document never sits in memory whole. Call `flush()` at
  /// the end.
  public init(
    inlineLimit: Int = 100, chunkSize: Int = 1 << 20,
    sink: @escaping (UnsafeRawBufferPointer) -> Void
  ) {
    self.inlineLimit = inlineLimit
    self.isCompact = false
    self.sink = sink
    self.flushThreshold = chunkSize
    self.capacity = chunkSize + 4096
    self.base = .allocate(capacity: chunkSize + 4096)
  }

  deinit { base.deallocate() }

  /// The bytes written and not yet handed to a sink.
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// The bytes written and not yet handed to a sink, as text.
  public var text: String {
    String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }

  /// Hands the buffered bytes to the sink (nothing without one).
  public mutating func flush() {
    guard let sink, count > 0, attemptStart < 0 else { return }
    sink(UnsafeRawBufferPointer(start: base, count: count))
    count = 0
  }

  /// Ends the document with a newline.
  public mutating func newline() {
    put(UInt8(ascii: "\n"))
  }

  // MARK: The buffer

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  private mutating func grow(_ needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).update(from: start, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  private mutating func put(_ text: StaticString) {
    put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func pad(_ spaces: Int) {
    guard spaces > 0 else { return }
    reserve(spaces)
    (base + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
    count += spaces
  }

  private var isOneLine: Bool { isCompact || attemptStart >= 0 }

  // MARK: Containers

  /// Writes an object; `body` writes its members with `key(_:)` followed by a value.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), isArray: false, body)
  }

  /// Writes an array; `body` writes its elements.
  public mutating func array(_ body: (inout JSONWriter) -> Void) {
    container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), isArray: true, body)
  }

  /// Writes an array of `elements`, each with `element`.
  public mutating func array<Elements: Sequence>(
    _ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void
  ) {
    array { writer in
      for item in elements {
        if writer.isDiscarding { return }
        element(&writer, item)
      }
    }
  }

  /// Writes a member's key, a literal of plain ASCII (written as it is, without escaping); the
  /// next value written is the member's value.
  public mutating func key(_ name: StaticString) {
    guard !isDiscarding else { return }
    separate()
    put(UInt8(ascii: "\""))
    put(name)
    put("\": ")
    checkLength()
  }

  /// Writes the member `"name": "text"`, or `"name": null` when `text` is nil.
  public mutating func member(_ name: StaticString, _ text: String?) {
    key(name)
    if let text { string(text) } else { null() }
  }

  /// Writes the member `"name": number`, or `"name": null` when `number` is nil.
  public mutating func member(_ name: StaticString, _ number: Int?) {
    key(name)
    if let number { int(number) } else { null() }
  }

  /// Writes a member's key from text, escaped; the next value written is the member's value.
  public mutating func key(named name: String) {
    guard !isDiscarding else { return }
    separate()
    writeQuoted(name)
    put(": ")
    checkLength()
  }

  private mutating func container(
    open: UInt8, close: UInt8, isArray: Bool, _ body: (inout JSONWriter) -> Void
  ) {
    guard !isDiscarding else { return }
    if inArray { separate() }
    let saved = (indent: indent, isFirst: isFirst, inArray: inArray)
    defer { (indent, isFirst, inArray) = (saved.indent, false, saved.inArray) }
    if !isOneLine && indent > 0 {
      // Not the document itself: one line if it fits.
      let start = count
      attemptStart = start
      attemptLimit = inlineLimit - indent
      attemptHasNonASCII = false
      writeOneLine(open: open, close: close, isArray: isArray, body)
      attemptStart = -1
      guard isDiscarding else { return }
      isDiscarding = false
      count = start
    }
    if isOneLine {
      writeOneLine(open: open, close: close, isArray: isArray, body)
      return
    }
    let ownIndent = indent
    put(open)
    (indent, isFirst, inArray) = (ownIndent + 2, true, isArray)
    body(&self)
    if !isFirst {
      put(UInt8(ascii: "\n"))
      pad(ownIndent)
    }
    put(close)
  }

  private mutating func writeOneLine(
    open: UInt8, close: UInt8, isArray: Bool, _ body: (inout JSONWriter) -> Void
  ) {
    put(open)
    (isFirst, inArray) = (true, isArray)
    body(&self)
    guard !isDiscarding else { return }
    put(close)
    checkLength()
  }

  /// Before a key or an array element: the comma and line break (or space) after the previous
  /// one; hands a full buffer to the sink between elements of indented containers.
  @inline(__always)
  private mutating func separate() {
    if isOneLine {
      if !isFirst { put(", ") }
    } else {
      if count >= flushThreshold { flush() }
      if !isFirst { put(UInt8(ascii: ",")) }
      put(UInt8(ascii: "\n"))
      pad(indent)
    }
    isFirst = false
  }

  /// Ends the one-line attempt once it is over its limit in Characters (bytes first: counting
  /// Characters is needed only when non-ASCII text was written).
  @inline(__always)
  private mutating func checkLength() {
    guard attemptStart >= 0, count - attemptStart > attemptLimit else { return }
    if attemptHasNonASCII,
      String(
        decoding: UnsafeBufferPointer(start: base + attemptStart, count: count - attemptStart),
        as: UTF8.self
      ).count <= attemptLimit
    {
      return
    }
    isDiscarding = true
  }

  // MARK: Flat objects

  /// A member value of a flat object: an integer, or ASCII text written as it is (`true`,
  /// `null`, a quoted string that needs no escaping such as `"next"`).
  enum FlatScalar {
    case int(Int)
    case literal(StaticString)
  }

  /// Writes `{"k1": v1, "k2": v2, "k3": v3[, "k4": v4]}` with ASCII keys, byte for byte as
  /// `object` writes those members, in one step, when the writer would put it on one line (an
  /// element or member of an indented container, the line fitting its limit); returns false,
  /// writing nothing, otherwise, and the caller writes it with `object`. A run's events are
  /// written this way, a million of them without a closure, a length check and a key call each.
  mutating func flatObject(
    _ k1: StaticString, _ v1: FlatScalar, _ k2: StaticString, _ v2: FlatScalar,
    _ k3: StaticString, _ v3: FlatScalar, _ k4: StaticString? = nil, _ v4: FlatScalar? = nil
  ) -> Bool {
    guard !isDiscarding, !isCompact, attemptStart < 0, indent > 0 else { return false }
    let l1 = Self.flatLength(k1, v1)
    let l2 = Self.flatLength(k2, v2)
    let l3 = Self.flatLength(k3, v3)
    var l4 = 0
    if let k4, let v4 { l4 = 2 + Self.flatLength(k4, v4) }
    // `{`, the members with `, ` between them, `}`. All ASCII: one byte a Character, so the
    // line fits iff its bytes do.
    let line = 2 + l1 + 2 + l2 + 2 + l3 + l4
    guard line <= inlineLimit - indent else { return false }
    if inArray { separate() }
    reserve(line)
    var out = base + count
    out.pointee = UInt8(ascii: "{")
    out += 1
    Self.writeFlatMember(k1, v1, l1, &out)
    Self.writeFlatMember(k2, v2, l2, &out, separated: true)
    Self.writeFlatMember(k3, v3, l3, &out, separated: true)
    if let k4, let v4 { Self.writeFlatMember(k4, v4, l4 - 2, &out, separated: true) }
    out.pointee = UInt8(ascii: "}")
    count += line
    isFirst = false
    return true
  }

  /// `flatObject("frame", .int(frame), "kind", .literal("\"next\""), "value", .int(value),
  /// "sequence", .int(sequence))` as an array element, the same bytes (its separator and indent
  /// too) written with fewer steps: the recorded integer value, the commonest event of a large
  /// lane. False, writing nothing, where `flatObject` is, and outside an array.
  @inline(__always)
  mutating func integerNext(frame: Int, value: Int, sequence: Int) -> Bool {
    guard !isDiscarding, !isCompact, attemptStart < 0, indent > 0, inArray else { return false }
    let frameLength = Self.decimalLength(frame)
    let valueLength = Self.decimalLength(value)
    let sequenceLength = Self.decimalLength(sequence)
    // {"frame": F, "kind": "next", "value": V, "sequence": S}
    // At most 3 × 20 digits and signs: no overflow below.
    let line = 52 &+ frameLength &+ valueLength &+ sequenceLength
    guard line <= inlineLimit - indent else { return false }
    // What `separate()` writes before it: `,` (not before the first), a newline, the indent
    // (below `inlineLimit`: 8 spaces at a time, the last 8 maybe past it, in reserved room).
    if count >= flushThreshold { flush() }
    let lead = (isFirst ? 1 : 2) &+ indent
    reserve(lead &+ line &+ 8)
    var out = base + count
    if !isFirst {
      out.pointee = UInt8(ascii: ",")
      out += 1
    }
    out.pointee = UInt8(ascii: "\n")
    out += 1
    var spaces = 0
    repeat {
      UnsafeMutableRawPointer(out + spaces).storeBytes(of: 0x2020_2020_2020_2020, as: UInt64.self)
      spaces &+= 8
    } while spaces < indent
    out += indent
    @inline(__always) func copy(_ text: StaticString) {
      UnsafeMutableRawPointer(out).copyMemory(
        from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
      out += text.utf8CodeUnitCount
    }
    @inline(__always) func number(_ number: Int, _ length: Int) {
      Self.writeDigits(number.magnitude, endingAt: out + length)
      if number < 0 { out.pointee = UInt8(ascii: "-") }
      out += length
    }
    copy("{\"frame\": ")
    number(frame, frameLength)
    copy(", \"kind\": \"next\", \"value\": ")
    number(value, valueLength)
    copy(", \"sequence\": ")
    number(sequence, sequenceLength)
    copy("}")
    count &+= lead &+ line
    isFirst = false
    return true
  }

  /// Writes the decimal digits of `magnitude` so that the last one is just before `end`, two
  /// at a time from a table of the pairs 00…99 (one division by 100 for two digits).
  @inline(__always)
  static func writeDigits(_ magnitude: UInt, endingAt end: UnsafeMutablePointer<UInt8>) {
    let pairs = UnsafeRawPointer(digitPairs.utf8Start)
    @inline(__always) func pair(_ value: UInt, at position: UnsafeMutablePointer<UInt8>) {
      let digits = pairs.loadUnaligned(fromByteOffset: 2 &* Int(value), as: UInt16.self)
      UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt16.self)
    }
    var rest = magnitude
    var position = end
    while rest >= 100 {
      let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 100)
      position -= 2
      pair(remainder, at: position)
      rest = quotient
    }
    if rest >= 10 {
      pair(rest, at: position - 2)
    } else {
      (position - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
  }

  /// The decimal forms of 0…99, two digits each.
  static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }

  /// The length of `"key": value`.
  @inline(__always)
  private static func flatLength(_ key: StaticString, _ value: FlatScalar) -> Int {
    switch value {
    case .int(let number): return key.utf8CodeUnitCount + 4 + decimalLength(number)
    case .literal(let literal): return key.utf8CodeUnitCount + 4 + literal.utf8CodeUnitCount
    }
  }

  /// Writes `[, ]"key": value` (`length` bytes without the separator) at `out`, moving it on.
  @inline(__always)
  private static func writeFlatMember(
    _ key: StaticString, _ value: FlatScalar, _ length: Int,
    _ out: inout UnsafeMutablePointer<UInt8>,
    separated: Bool = false
  ) {
    @inline(__always) func copy(_ text: StaticString) {
      text.withUTF8Buffer { bytes in
        for byte in bytes {
          out.pointee = byte
          out += 1
        }
      }
    }
    if separated { copy(", ") }
    let end = out + length
    out.pointee = UInt8(ascii: "\"")
    out += 1
    copy(key)
    copy("\": ")
    switch value {
    case .literal(let literal): copy(literal)
    case .int(let number):
      // The digits from the end back, then the sign.
      let digits = digitCount(number.magnitude)
      writeDigits(number.magnitude, endingAt: end)
      if number < 0 { (end - digits - 1).pointee = UInt8(ascii: "-") }
    }
    out = end
  }

  /// The number of bytes `writeInt` writes for `number`.
  @inline(__always)
  static func decimalLength(_ number: Int) -> Int {
    (number < 0 ? 1 : 0) + digitCount(number.magnitude)
  }

  /// The number of decimal digits of `magnitude` (1 for 0), by comparisons alone (no
  /// division below 10^10, which covers a run's frames, sequences and most values).
  @inline(__always)
  static func digitCount(_ magnitude: UInt) -> Int {
    @inline(__always) func small(_ m: UInt) -> Int {
      if m < 100_000 {
        if m < 100 { return m < 10 ? 1 : 2 }
        return m < 1_000 ? 3 : m < 10_000 ? 4 : 5
      }
      if m < 10_000_000 { return m < 1_000_000 ? 6 : 7 }
      return m < 100_000_000 ? 8 : m < 1_000_000_000 ? 9 : 10
    }
    if magnitude < 10_000_000_000 { return small(magnitude) }
    return 10 + small(magnitude / 10_000_000_000)
  }

  // MARK: Scalars

  /// Writes a string, escaped.
  public mutating func string(_ text: String) {
    guard !isDiscarding else { return }
    if inArray { separate() }
    writeQuoted(text)
    checkLength()
  }

  public mutating func int(_ number: Int) {
    guard !isDiscarding else { return }
    if inArray { separate() }
    writeInt(number)
    checkLength()
  }

  /// Writes a floating-point number: whole numbers with `.0`, and `NaN`, `Infinity` and
  /// `-Infinity` as strings.
  public mutating func double(_ number: Double) {
    guard !isDiscarding else { return }
    if let special = TimelineValue.nonFiniteName(number) {
      string(special)
      return
    }
    if inArray { separate() }
    if number == number.rounded(), abs(number) < 1e15 {
      writeInt(Int(number))  // -0.0 is written 0.0
      put(".0")
    } else {
      var text = "\(number)"
      text.withUTF8 { put($0) }
    }
    checkLength()
  }

  public mutating func bool(_ flag: Bool) {
    guard !isDiscarding else { return }
    if inArray { separate() }
    if flag { put("true") } else { put("false") }
    checkLength()
  }

  public mutating func null() {
    guard !isDiscarding else { return }
    if inArray { separate() }
    put("null")
    checkLength()
  }

  private mutating func writeInt(_ number: Int) {
    reserve(20)  // "-" and at most 19 digits
    if number < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    count += Self.digitCount(number.magnitude)
    Self.writeDigits(number.magnitude, endingAt: base + count)
  }

  /// Appends `text` in quotes: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
  /// `\u00XX` (DEL and the C1 controls U+0080–U+009F included: a terminal takes U+009B for
  /// ESC `[`); everything else (non-ASCII included) copied as it is.
  private mutating func writeQuoted(_ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { writeQuoted($0) }
    if done == nil {
      var copy = text
      copy.withUTF8 { writeQuoted($0) }
    }
  }

  private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    put(UInt8(ascii: "\""))
    var clean = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      var escaped = byte
      var length = 1
      if byte >= 0x80 {
        attemptHasNonASCII = true
        // U+0080–U+009F, the C1 controls, are 0xC2 0x80–0x9F in UTF-8.
        guard byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) else {
          index += 1
          continue
        }
        escaped = utf8[index + 1]
        length = 2
      } else if !(byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "\\"))
      {
        index += 1
        continue
      }
      put(UnsafeBufferPointer(rebasing: utf8[clean..<index]))
      index += length
      clean = index
      put(UInt8(ascii: "\\"))
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(escaped)
      case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
      default:
        put("u00")
        for nibble in [escaped >> 4, escaped & 0xF] {
          put(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
      }
    }
    put(UnsafeBufferPointer(rebasing: utf8[clean...]))
    put(UInt8(ascii: "\""))
  }
}
