import Marbles

/// One response of `marbles serve`. Every response carries the same protective headers: a
/// Content-Security-Policy that allows only the server's own script and style (no inline
/// script, no plugins, no framing, no form posts elsewhere), `nosniff`, and no referrer.
struct HTTPResponse: Sendable {
  var status: Int
  var contentType: String
  var body: [UInt8]
  /// Extra header fields (`Cache-Control`, `Allow`).
  var headers: [(name: String, value: String)] = []

  /// The policy of every page: scripts and styles only from the server's own files, images
  /// also as `data:` (the diagrams), requests only to the server itself.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  init(
    status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []
  ) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
  }

  init(status: Int = 200, contentType: String, text: String) {
    self.init(status: status, contentType: contentType, body: Array(text.utf8))
  }

  /// A page (`text/html`).
  static func html(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/html; charset=utf-8", text: text)
  }

  /// A JSON document.
  static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", text: value.compact)
  }

  /// An error: a one-line reason as plain text.
  static func error(_ status: Int, _ reason: String) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8",
      text: "\(status) \(reasonPhrase(status)): \(reason)\n")
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Error"
    }
  }

  /// The bytes on the wire; `head` leaves the body out (a HEAD request), `keepAlive` says
  /// whether the connection stays open.
  func serialized(head: Bool = false, keepAlive: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
    text += "Content-Type: \(contentType)\r\n"
    text += "Content-Length: \(body.count)\r\n"
    text += Self.protectiveHeaders
    text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if !headers.contains(where: { $0.name == "Cache-Control" }) {
      text += "Cache-Control: no-store\r\n"
    }
    text += "\r\n"
    return Array(text.utf8) + (head ? [] : body)
  }

  /// The head of a server-sent event stream (`text/event-stream`, left open).
  static let eventStreamHead = Array(
    ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      + protectiveHeaders + "Connection: keep-alive\r\n\r\n: connected\n\n").utf8)

  private static let protectiveHeaders =
    "Content-Security-Policy: \(contentSecurityPolicy)\r\n"
    + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    + "Cross-Origin-Resource-Policy: same-origin\r\n"
}
