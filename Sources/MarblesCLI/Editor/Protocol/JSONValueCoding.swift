import Marbles

/// `Codable` over `JSONValue`: the language server decodes each method's parameters into a
/// typed value and encodes each typed result, through the package's own JSON reader and writer
/// (Foundation's cannot tell `true` from `1` on every platform).
///
/// Objects keep the order their keys were encoded in, so results are written deterministically.
/// `JSONValue` itself (and `LSPAny`, which wraps it) passes through untouched, for the parts of
/// the protocol that are any JSON (request ids, a diagnostic's `data`).
enum JSONValueCoding {
  /// `T` read from `value`.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try ValueDecoder(value, path: []).decode(type)
  }

  /// `value` written as a `JSONValue`.
  static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let node = EncodingNode()
    try ValueEncoder(node, path: []).encode(value)
    return node.json
  }
}

/// Any JSON value inside a typed message.
struct LSPAny: Codable, Equatable, Sendable {
  var value: JSONValue

  init(_ value: JSONValue) { self.value = value }

  init(from decoder: any Decoder) throws {
    guard let decoder = decoder as? ValueDecoder else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "LSPAny is read by JSONValueCoding")
      )
    }
    value = decoder.value
  }

  func encode(to encoder: any Encoder) throws {
    guard let encoder = encoder as? ValueEncoder else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: encoder.codingPath, debugDescription: "LSPAny is written by JSONValueCoding"))
    }
    encoder.node.kind = .value(value)
  }
}

/// A message read forgivingly (the client's capabilities): inside it, an optional member of the
/// wrong type, at any depth, reads as absent and the other members still count.
protocol LenientDecodable: Decodable {}

/// A coding key spelled at run time: a URI in `WorkspaceEdit.changes`, an array's index.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ string: String) { stringValue = string }
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

// MARK: - Decoding

/// Reads a `Decodable` from a `JSONValue`.
private struct ValueDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  /// Inside a `LenientDecodable`.
  let lenient: Bool
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ value: JSONValue, path: [any CodingKey], lenient: Bool = false) {
    (self.value, codingPath, self.lenient) = (value, path, lenient)
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == JSONValue.self, let value = value as? T { return value }
    return try T(
      from: Self(value, path: codingPath, lenient: lenient || T.self is any LenientDecodable.Type))
  }

  func mismatch(_ expected: String) -> DecodingError {
    .typeMismatch(
      Any.self,
      .init(
        codingPath: codingPath,
        debugDescription: "expected \(expected), found \(Self.describe(value))"))
  }

  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .int, .double: return "a number"
    case .bool: return "a Boolean"
    case .null: return "null"
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch("an object") }
    var table: [String: JSONValue] = [:]
    // The first of a repeated key wins, as the rest of the server reads it.
    for (key, member) in members where table[key] == nil { table[key] = member }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: table, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(decoder: self)
  }

  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func child(_ key: Key) throws -> ValueDecoder {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key, .init(codingPath: codingPath, debugDescription: "missing '\(key.stringValue)'"))
      }
      return ValueDecoder(member, path: codingPath + [key], lenient: decoder.lenient)
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue] == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try child(key).decode(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard contains(key), try !decodeNil(forKey: key) else { return nil }
      return decoder.lenient ? try? child(key).decode(type) : try child(key).decode(type)
    }
    // The protocol's own (strict) versions for these would be chosen over the generic one.
    func decodeIfPresent(_ t: Bool.Type, forKey k: Key) throws -> Bool? { try lax(t, k) }
    func decodeIfPresent(_ t: Int.Type, forKey k: Key) throws -> Int? { try lax(t, k) }
    func decodeIfPresent(_ t: String.Type, forKey k: Key) throws -> String? { try lax(t, k) }
    func decodeIfPresent(_ t: Double.Type, forKey k: Key) throws -> Double? { try lax(t, k) }
    func lax<T: Decodable>(_ t: T.Type, _ k: Key) throws -> T? { try decodeIfPresent(t, forKey: k) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    { try child(key).container(keyedBy: type) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> ValueDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self, .init(codingPath: codingPath, debugDescription: "the array ended"))
      }
      defer { currentIndex += 1 }
      return ValueDecoder(
        elements[currentIndex], path: codingPath + [AnyCodingKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    { try next().container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  struct SingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let flag) = decoder.value else { throw decoder.mismatch("a Boolean") }
      return flag
    }
    func decode(_ type: String.Type) throws -> String {
      guard case .string(let text) = decoder.value else { throw decoder.mismatch("a string") }
      return text
    }
    /// Double and Float (more specific than the generic `decode` below).
    func decode<T: BinaryFloatingPoint & Decodable>(_ type: T.Type) throws -> T {
      switch decoder.value {
      case .int(let number): return T(number)
      case .double(let number): return T(number)
      default: throw decoder.mismatch("a number")
      }
    }
    func decode(_ type: Int.Type) throws -> Int {
      guard let number = decoder.value.intValue else { throw decoder.mismatch("an integer") }
      return number
    }
    /// The other integer types (more specific than the generic `decode` below).
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
      guard let number = T(exactly: try decode(Int.self)) else {
        throw decoder.mismatch("an integer that fits \(T.self)")
      }
      return number
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
  }
}

// MARK: - Encoding

/// What an encoder has written so far: nothing, a value, an object or an array.
final class EncodingNode {
  enum Kind {
    case unset
    case value(JSONValue)
    case object([(String, EncodingNode)])
    case array([EncodingNode])
  }
  var kind = Kind.unset

  var json: JSONValue {
    switch kind {
    case .unset: return .null
    case .value(let value): return value
    case .object(let members): return .object(members.map { ($0.0, $0.1.json) })
    case .array(let elements): return .array(elements.map(\.json))
    }
  }

  /// A new member (replacing one of the same key), the node made an object first.
  func member(_ key: String) -> EncodingNode {
    var members: [(String, EncodingNode)] = []
    if case .object(let existing) = kind { members = existing }
    let node = EncodingNode()
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = node
    } else {
      members.append((key, node))
    }
    kind = .object(members)
    return node
  }

  /// A new element at the end, the node made an array first.
  func element() -> EncodingNode {
    var elements: [EncodingNode] = []
    if case .array(let existing) = kind { elements = existing }
    let node = EncodingNode()
    elements.append(node)
    kind = .array(elements)
    return node
  }
}

/// Writes an `Encodable` into an `EncodingNode`.
private struct ValueEncoder: Encoder {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ node: EncodingNode, path: [any CodingKey]) {
    self.node = node
    codingPath = path
  }

  func encode<T: Encodable>(_ value: T) throws {
    if let json = value as? JSONValue {
      node.kind = .value(json)
    } else {
      try value.encode(to: self)
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.kind {} else { node.kind = .object([]) }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.kind {} else { node.kind = .array([]) }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }

  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func child(_ key: Key) -> ValueEncoder {
      ValueEncoder(node.member(key.stringValue), path: codingPath + [key])
    }
    mutating func encodeNil(forKey key: Key) throws { child(key).node.kind = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try child(key).encode(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> { child(key).container(keyedBy: keyType) }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      child(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { ValueEncoder(node, path: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
      if case .array(let elements) = node.kind { return elements.count }
      return 0
    }

    func next() -> ValueEncoder {
      ValueEncoder(node.element(), path: codingPath + [AnyCodingKey(intValue: count)])
    }
    mutating func encodeNil() throws { next().node.kind = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encode(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    { next().container(keyedBy: keyType) }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      next().unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { next() }
  }

  struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func set(_ value: JSONValue) { encoder.node.kind = .value(value) }
    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    // Every number type (these are more specific than the generic `encode` below).
    func encode<T: BinaryFloatingPoint & Encodable>(_ v: T) throws { set(.double(Double(v))) }
    func encode<T: FixedWidthInteger & Encodable>(_ v: T) throws { set(.int(Int(clamping: v))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
  }
}
