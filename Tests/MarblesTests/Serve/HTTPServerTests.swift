import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server on a loopback socket: hostile requests get a 4xx, limits hold, keep-alive and
/// server-sent events work, and after each the server carries on. Every wait is bounded by a
/// socket timeout.
@Suite(.serialized) struct HTTPServerTests {
  /// A server on 127.0.0.1 on a free port, running on a thread of its own until `stop`.
  final class Running: @unchecked Sendable {
    let server: HTTPServer
    let app: ServeApp
    private let finished = NSCondition()
    private var ended = false

    init(limits: HTTPServer.Limits = HTTPServer.Limits()) throws {
      app = try ServeAppTests.makeApp(options: RunOptions(maxFrames: 1000))
      let app = self.app
      server = HTTPServer(limits: limits) { app.handle($0) }
      app.broadcast = { [weak server] in server?.broadcast($0) }
      try server.bind(host: "127.0.0.1", port: 0)
      let thread = Thread { [self] in
        server.run()
        finished.lock()
        ended = true
        finished.broadcast()
        finished.unlock()
      }
      thread.start()
    }

    /// Stops the server and waits (at most 10 s) for its loop to return.
    func stop() -> Bool {
      server.stop()
      finished.lock()
      defer { finished.unlock() }
      let limit = Date(timeIntervalSinceNow: 10)
      while !ended, finished.wait(until: limit) {}
      return ended
    }
  }

  /// A client socket connected to `port`, with 5-second send and receive timeouts.
  static func connect(_ port: UInt16) -> Int32 {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return fd
  }

  static func send(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// What the server sends until it closes, `until` is seen, or 5 s pass without a byte.
  static func receive(_ fd: Int32, until marker: String? = nil) -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while received.count < 4 << 20 {
      let count = recv(fd, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      received += buffer[..<count]
      if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// One request on a connection of its own; the whole answer.
  static func exchange(_ port: UInt16, _ text: String) -> String {
    let fd = connect(port)
    defer { close(fd) }
    send(fd, text)
    return receive(fd)
  }

  /// The first line (a String's `\r\n` is one Character, so the line is cut on scalars).
  static func statusLine(_ response: String) -> String {
    String(String.UnicodeScalarView(response.unicodeScalars.prefix { $0 != "\r" }))
  }

  @Test func hostileRequestsGetA4xxAndTheServerCarriesOn() throws {
    let running = try Running()
    let port = running.server.port
    let cases: [(String, String)] = [
      ("NONSENSE\r\n\r\n", "400"),
      (
        "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 20_000) + "\r\n\r\n",
        "431"
      ),
      (
        "GET /exercise/..%2F..%2Fetc%2Fpasswd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "404"
      ),
      ("GET /exercise/%2e%2e%2fnotes.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "404"),
      (
        "POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n",
        "413"
      ),
      ("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", "405"),
    ]
    for (request, status) in cases {
      let response = Self.exchange(port, request)
      #expect(Self.statusLine(response).contains(status), "\(request.prefix(60).debugDescription)")
    }
    let page = Self.exchange(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(Self.statusLine(page) == "HTTP/1.1 200 OK")
    #expect(page.contains("Content-Security-Policy:"))
    #expect(running.stop())
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    let running = try Running()
    let fd = Self.connect(running.server.port)
    defer { close(fd) }
    for _ in 0..<3 {
      Self.send(fd, "GET /static/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
      let response = Self.receive(fd, until: "}\n\n")
      #expect(Self.statusLine(response) == "HTTP/1.1 200 OK")
    }
    #expect(running.stop())
  }

  /// Past the connections a client may hold, the next is told 429 and closed; the others work.
  @Test func limitsConnectionsPerClient() throws {
    var limits = HTTPServer.Limits()
    limits.maxConnectionsPerClient = 4
    let running = try Running(limits: limits)
    let port = running.server.port
    let held = (0..<4).map { _ in Self.connect(port) }
    // The server has taken the four once it answers on one of them.
    Self.send(held[0], "GET /static/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(Self.statusLine(Self.receive(held[0], until: "}\n\n")) == "HTTP/1.1 200 OK")
    let refused = Self.exchange(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(Self.statusLine(refused).contains("429"))
    for fd in held { close(fd) }
    #expect(running.stop())
  }

  /// A request that stops half-way is answered 408 once its time is up.
  @Test func slowRequestTimesOut() throws {
    var limits = HTTPServer.Limits()
    limits.requestTimeout = 0.5
    let running = try Running(limits: limits)
    let fd = Self.connect(running.server.port)
    defer { close(fd) }
    Self.send(fd, "GET / HTTP/1.1\r\nHost: x\r\n")
    #expect(Self.statusLine(Self.receive(fd)).contains("408"))
    #expect(running.stop())
  }

  /// The board's reveal reaches every open event stream.
  @Test func revealReachesEveryEventStream() throws {
    let running = try Running()
    let port = running.server.port
    let streams = (0..<2).map { _ in Self.connect(port) }
    for fd in streams {
      Self.send(fd, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(Self.receive(fd, until: ": connected\n\n").contains("text/event-stream"))
    }
    let body = #"{"name": "01-transform", "token": "T0KEN"}"#
    let reveal = Self.exchange(
      port,
      "POST /api/reveal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    )
    #expect(Self.statusLine(reveal) == "HTTP/1.1 200 OK")
    for fd in streams {
      #expect(
        Self.receive(fd, until: "\n\n").contains(#"data: {"name": "01-transform", "revealed": 1}"#))
      close(fd)
    }
    #expect(running.stop())
  }
}
