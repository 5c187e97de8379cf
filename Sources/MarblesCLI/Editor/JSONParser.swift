import Marbles

/// Reads the JSON of one JSON-RPC message into a `JSONValue`.
///
/// A small recursive-descent reader over UTF-8 bytes: the package has no dependencies, and
/// Foundation's reader cannot tell `true` from `1` on every platform. Nesting is bounded, so a
/// hostile message (`[[[[…`) is an error, never a stack overflow.
package struct JSONParser {
  /// Why a message is not JSON: the reason and the byte offset.
  package struct Failure: Error, Equatable {
    var reason: String
    var offset: Int
    var message: String { "\(reason) at byte \(offset)" }
  }

  /// Arrays and objects nested deeper than this are refused.
  static let maximumDepth = 200

  private let bytes: [UInt8]
  private var offset = 0
  private var depth = 0

  /// The document in `bytes` (UTF-8), or the first problem found.
  package static func parse(_ bytes: [UInt8]) -> Result<JSONValue, Failure> {
    var parser = JSONParser(bytes: bytes)
    do throws(Failure) {
      parser.skipWhitespace()
      let value = try parser.value()
      parser.skipWhitespace()
      if parser.offset != bytes.count { throw parser.failure("unexpected text after the document") }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      offset += 1
    }
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard let byte = current else { throw failure("unexpected end of the document") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character '\(Unicode.Scalar(byte))'")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let expected = Array(word.utf8)
    guard offset + expected.count <= bytes.count,
      Array(bytes[offset..<offset + expected.count]) == expected
    else { throw failure("expected '\(word)'") }
    offset += expected.count
    return value
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth {
      throw failure("arrays and objects nested more than \(Self.maximumDepth) deep")
    }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    .object(
      try elements(closedBy: "}") { (parser) throws(Failure) in
        guard parser.current == UInt8(ascii: "\"") else {
          throw parser.failure("expected a member name")
        }
        let key = try parser.string()
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: ":") else { throw parser.failure("expected ':'") }
        parser.offset += 1
        parser.skipWhitespace()
        return (key, try parser.value())
      })
  }

  private mutating func array() throws(Failure) -> JSONValue {
    .array(try elements(closedBy: "]") { (parser) throws(Failure) in try parser.value() })
  }

  /// The members of an object or the elements of an array, from its opening byte to `close`:
  /// each read by `element` after the whitespace before it, separated by commas.
  private mutating func elements<Element>(
    closedBy close: Unicode.Scalar, _ element: (inout JSONParser) throws(Failure) -> Element
  ) throws(Failure) -> [Element] {
    try enter()
    defer { depth -= 1 }
    offset += 1
    var elements: [Element] = []
    skipWhitespace()
    if current == UInt8(ascii: close) {
      offset += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try element(&self))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?: offset += 1
      case UInt8(ascii: close)?:
        offset += 1
        return elements
      default: throw failure("expected ',' or '\(close)'")
      }
    }
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = offset
    var isInteger = true
    if current == UInt8(ascii: "-") { offset += 1 }
    while let byte = current,
      (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    {
      if byte < 0x30 || byte > 0x39 { isInteger = false }
      offset += 1
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else {
      offset = start
      throw failure("malformed number '\(text.prefix(40))'")
    }
    return .double(double)
  }

  private mutating func string() throws(Failure) -> String {
    offset += 1
    let start = offset
    var utf8: [UInt8] = []
    while true {
      guard let byte = current else { throw failure("unterminated string") }
      if byte == UInt8(ascii: "\"") {
        offset += 1
        guard let text = String(validating: utf8, as: UTF8.self) else {
          var parser = Unicode.UTF8.ForwardParser()
          var iterator = utf8.makeIterator()
          var valid = 0
          while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            valid += scalar.count
          }
          throw Failure(reason: "a string is not valid UTF-8", offset: start + valid)
        }
        return text
      }
      if byte < 0x20 { throw failure("control character in a string") }
      offset += 1
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      guard let escape = current else { throw failure("unterminated string") }
      offset += 1
      let scalar: Unicode.Scalar
      switch escape {
      case UInt8(ascii: "\""): scalar = "\""
      case UInt8(ascii: "\\"): scalar = "\\"
      case UInt8(ascii: "/"): scalar = "/"
      case UInt8(ascii: "b"): scalar = "\u{08}"
      case UInt8(ascii: "f"): scalar = "\u{0C}"
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
          offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
        {
          offset += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let decoded = Unicode.Scalar(code) else { throw failure("unpaired surrogate") }
        scalar = decoded
      default: throw failure("invalid escape '\\\(Unicode.Scalar(escape))'")
      }
      utf8.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw failure("unterminated '\\u' escape") }
    var code: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw failure("invalid '\\u' escape")
      }
      code = code * 16 + UInt32(digit)
    }
    offset += 4
    return code
  }
}

extension JSONValue {
  /// The member `key` of an object, or nil (also for a non-object).
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The text of a string value.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number of an integer value (or of a whole double).
  var intValue: Int? {
    switch self {
    case .int(let number): return number
    case .double(let number) where number == number.rounded() && abs(number) < 1e15:
      return Int(number)
    default: return nil
    }
  }

  /// The elements of an array value.
  var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
