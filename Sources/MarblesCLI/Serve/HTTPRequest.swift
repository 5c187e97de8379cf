/// One HTTP/1.1 request as `marbles serve` reads it: only what its pages send (GET, HEAD, POST
/// of a small body with `Content-Length`).
struct HTTPRequest: Equatable, Sendable {
  /// `GET`, `HEAD` or `POST`.
  var method: String
  /// The path without the query (`/exercise/01-transform`), percent-decoded; never used to
  /// open a file (`ServeRoutes` matches it against fixed routes and the folder's names).
  var path: String
  /// The query's fields, percent-decoded (`revealed=2`), in order.
  var query: [(name: String, value: String)]
  /// The header fields, names lowercased, in order.
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  /// Whether the connection stays open after the response (HTTP/1.1 without
  /// `Connection: close`).
  var keepAlive: Bool

  /// The first header field named `name` (lowercase).
  func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// The first query field named `name`.
  func query(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
      && lhs.keepAlive == rhs.keepAlive && lhs.query.map(\.name) == rhs.query.map(\.name)
      && lhs.query.map(\.value) == rhs.query.map(\.value)
      && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}

/// Reads requests from the bytes of one connection as they arrive, within limits: the request
/// line and headers at most `maxHead` bytes (else 431), a body at most `maxBody` bytes (else
/// 413). Anything else it does not serve is a 4xx or 501 with a one-line reason, never a crash.
struct HTTPParser: Sendable {
  /// What the bytes so far make.
  enum Result: Equatable, Sendable {
    /// Not a whole request yet.
    case incomplete
    /// A whole request; its bytes are consumed.
    case request(HTTPRequest)
    /// A request the server refuses: answer `status` with `reason`, then close.
    case failure(status: Int, reason: String)
  }

  /// The most bytes of the request line and headers together.
  static let defaultMaxHead = 16 * 1024
  let maxHead: Int
  let maxBody: Int
  /// The bytes received and not yet consumed.
  private(set) var buffer: [UInt8] = []
  /// How far `buffer` has been searched for the end of the head (so that a head arriving a
  /// byte at a time is searched once, not once per byte).
  private var scanned = 0

  init(maxHead: Int = HTTPParser.defaultMaxHead, maxBody: Int) {
    self.maxHead = maxHead
    self.maxBody = maxBody
  }

  /// Whether bytes of a request not yet whole have arrived (a client that stops half-way
  /// is timed out).
  var hasPartialRequest: Bool { !buffer.isEmpty }

  /// Adds received bytes.
  mutating func append(_ bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// The next request in the bytes received, if whole.
  mutating func next() -> Result {
    // Blank lines before a request line are ignored (RFC 9112 §2.2).
    while buffer.starts(with: [13, 10]) || buffer.first == 10 {
      buffer.removeFirst(buffer.first == 10 ? 1 : 2)
      scanned = 0
    }
    guard
      let headEnd = Self.find(
        [13, 10, 13, 10], in: buffer, from: max(0, scanned - 3), limit: maxHead + 4)
    else {
      scanned = min(buffer.count, maxHead + 4)
      if buffer.count > maxHead {
        return .failure(status: 431, reason: "the request line and headers exceed \(maxHead) bytes")
      }
      return .incomplete
    }
    guard headEnd <= maxHead else {
      return .failure(status: 431, reason: "the request line and headers exceed \(maxHead) bytes")
    }
    let lines = buffer[..<headEnd].split(
      separator: 10, omittingEmptySubsequences: false
    ).map { line in line.last == 13 ? line.dropLast() : line }
    guard let requestLine = lines.first,
      let text = String(validating: requestLine, as: UTF8.self)
    else { return .failure(status: 400, reason: "the request line is not UTF-8") }
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      return .failure(status: 400, reason: "a request line is METHOD TARGET HTTP/1.1")
    }
    let (method, target, version) = (String(parts[0]), String(parts[1]), String(parts[2]))
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .failure(status: 505, reason: "only HTTP/1.1 is served")
    }
    guard method.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      return .failure(status: 400, reason: "the method is not a token")
    }
    guard ["GET", "HEAD", "POST"].contains(method) else {
      return .failure(status: 405, reason: "only GET, HEAD and POST are served")
    }
    guard target.first == "/", target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .failure(status: 400, reason: "the target is not an absolute path")
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let field = String(validating: line, as: UTF8.self),
        let colon = field.firstIndex(of: ":")
      else { return .failure(status: 400, reason: "a header line has no name") }
      let name = field[..<colon]
      guard !name.isEmpty, !name.contains(" "), !name.contains("\t"),
        !field.contains("\r"), !field.contains("\0")
      else { return .failure(status: 400, reason: "a header name is not a token") }
      let value = field[field.index(after: colon)...].trimmingSpaces
      headers.append((name.lowercased(), value))
    }
    let lengths = headers.filter { $0.name == "content-length" }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      return .failure(status: 501, reason: "bodies are sent with Content-Length only")
    }
    var length = 0
    if let field = lengths.first {
      guard Set(lengths.map(\.value)).count == 1, field.value.count <= 19,
        field.value.allSatisfy(\.isASCIIDigit), let value = Int(field.value)
      else { return .failure(status: 400, reason: "Content-Length is not a number") }
      length = value
    }
    guard length <= maxBody else {
      return .failure(status: 413, reason: "the body exceeds \(maxBody) bytes")
    }
    if method == "POST", lengths.isEmpty {
      return .failure(status: 411, reason: "a POST needs Content-Length")
    }
    let host = headers.filter { $0.name == "host" }
    if version == "HTTP/1.1", host.count != 1 {
      return .failure(status: 400, reason: "an HTTP/1.1 request has one Host header")
    }
    let bodyStart = headEnd + 4
    guard buffer.count - bodyStart >= length else { return .incomplete }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    buffer.removeFirst(bodyStart + length)
    scanned = 0
    let (rawPath, rawQuery) = Self.splitTarget(target)
    guard let path = Self.percentDecoded(rawPath, plusIsSpace: false) else {
      return .failure(status: 400, reason: "the path is not percent-encoded UTF-8")
    }
    var query: [(name: String, value: String)] = []
    for pair in rawQuery.split(separator: "&") where query.count < 32 {
      let fields = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.percentDecoded(String(fields[0]), plusIsSpace: true),
        let value = Self.percentDecoded(
          fields.count > 1 ? String(fields[1]) : "", plusIsSpace: true)
      else { return .failure(status: 400, reason: "the query is not percent-encoded UTF-8") }
      query.append((name, value))
    }
    let connection = headers.first { $0.name == "connection" }?.value.lowercased() ?? ""
    let keepAlive =
      version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    return .request(
      HTTPRequest(
        method: method, path: path, query: query, headers: headers, body: body,
        keepAlive: keepAlive))
  }

  /// The path and the query (without `?`) of a request target; a fragment is dropped.
  private static func splitTarget(_ target: String) -> (String, String) {
    let noFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = noFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
  }

  /// `text` with `%XX` decoded (and `+` as a space in a query); nil for a bad escape, a NUL
  /// or bytes that are not UTF-8.
  static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(Self.hexValue),
          let low = iterator.next().flatMap(Self.hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    guard !bytes.contains(0) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The index of the first `needle` in `haystack` from `start`, within its first `limit` bytes.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, limit: Int)
    -> Int?
  {
    let end = min(haystack.count, limit) - needle.count
    guard end >= 0 else { return nil }
    var index = start
    while index <= end {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
