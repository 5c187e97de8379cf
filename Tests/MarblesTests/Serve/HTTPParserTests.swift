import Testing

@testable import MarblesCLI

/// The request reader of `marbles serve`: what its pages send is read, anything else is a 4xx
/// (or 501/505) with a reason, and nothing read is unbounded.
@Suite struct HTTPParserTests {
  func parse(_ text: String, maxHead: Int = 16 * 1024, maxBody: Int = 1024) -> HTTPParser.Result {
    var parser = HTTPParser(maxHead: maxHead, maxBody: maxBody)
    parser.append(Array(text.utf8))
    return parser.next()
  }

  func status(_ text: String, maxBody: Int = 1024) -> Int? {
    if case .failure(let status, _) = parse(text, maxBody: maxBody) { return status }
    return nil
  }

  @Test func readsAGetWithItsQuery() throws {
    guard
      case .request(let request) = parse(
        "GET /api/exercise?name=01-transform&revealed=2 HTTP/1.1\r\nHost: x\r\n\r\n")
    else {
      Issue.record("not a request")
      return
    }
    #expect(request.method == "GET")
    #expect(request.path == "/api/exercise")
    #expect(request.query("name") == "01-transform")
    #expect(request.query("revealed") == "2")
    #expect(request.keepAlive)
  }

  @Test func readsAPostBodyInPieces() {
    var parser = HTTPParser(maxBody: 100)
    let text = "POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n{\"a\": \"b\"}!"
    for byte in text.utf8.dropLast() {
      parser.append([byte])
      #expect(parser.next() == .incomplete)
    }
    parser.append(Array(text.utf8.suffix(1)))
    guard case .request(let request) = parser.next() else {
      Issue.record("not a request")
      return
    }
    #expect(String(decoding: request.body, as: UTF8.self) == "{\"a\": \"b\"}!")
    #expect(parser.buffer.isEmpty)
  }

  @Test func readsPipelinedRequestsOneAtATime() {
    var parser = HTTPParser(maxBody: 100)
    parser.append(
      Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    guard case .request(let first) = parser.next(), case .request(let second) = parser.next() else {
      Issue.record("two requests expected")
      return
    }
    #expect(first.path == "/a" && second.path == "/b")
    #expect(parser.next() == .incomplete)
  }

  @Test(arguments: [
    ("GARBAGE\r\n\r\n", 400),
    ("GET /\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("get / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("GET http://evil/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n", 413),
    ("GET /%2 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /%C0%AF HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
  ])
  func refusesWhatItDoesNotServe(_ text: String, _ expected: Int) {
    #expect(status(text) == expected, "\(text.debugDescription)")
  }

  /// A head over 16 KB is refused as soon as it is too long, even before it ends.
  @Test func refusesAHugeHeadBeforeItEnds() {
    let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Filler: " + String(repeating: "a", count: 17_000)
    #expect(status(huge) == 431)
    let many = "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X: y\r\n", count: 4000) + "\r\n"
    #expect(status(many) == 431)
  }

  @Test func decodesTraversalAttemptsAsPlainPaths() {
    for target in ["/exercise/..%2F..%2Fetc%2Fpasswd", "/exercise/%2e%2e/%2e%2e/etc/passwd"] {
      guard case .request(let request) = parse("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n") else {
        Issue.record("not a request")
        continue
      }
      #expect(request.path.contains(".."))
    }
  }

  @Test func http10ClosesUnlessAskedToKeepAlive() {
    guard case .request(let plain) = parse("GET / HTTP/1.0\r\n\r\n"),
      case .request(let kept) = parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
      case .request(let closed) = parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    else {
      Issue.record("requests expected")
      return
    }
    #expect(!plain.keepAlive && kept.keepAlive && !closed.keepAlive)
  }

  /// Random bytes never crash the reader, and whatever it returns is bounded.
  @Test func randomBytesNeverCrash() {
    var generator = SplitMix64(seed: 31)
    let pieces = [
      "GET ", "POST ", "/", " HTTP/1.1", "\r\n", "Host: x", "Content-Length: ", "7", "%", "..", ":",
      " ",
    ]
    for _ in 0..<2000 {
      var parser = HTTPParser(maxHead: 256, maxBody: 64)
      for _ in 0..<Int.random(in: 1...30, using: &generator) {
        if Bool.random(using: &generator) {
          parser.append(Array(pieces.randomElement(using: &generator)!.utf8))
        } else {
          parser.append(
            (0..<Int.random(in: 1...8, using: &generator)).map { _ in
              UInt8.random(in: 0...255, using: &generator)
            })
        }
        for _ in 0..<3 {
          guard case .request(let request) = parser.next() else { break }
          #expect(request.body.count <= 64 && request.path.hasPrefix("/"))
          #expect(["GET", "HEAD", "POST"].contains(request.method))
        }
      }
    }
  }
}
