import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `marbles serve` under a class: `students` clients at once, each on its own keep-alive
/// connection, alternating an edit in the scratchpad (`POST /api/run` of an exercise with one
/// value changed) and a Check (`POST /api/check` with two predictions). Returns each request's
/// latency in seconds and how many failed (no 200).
func serveLoad(marbles: String, folder: String, students: Int, requestsEach: Int) -> (
  latencies: [Double], failures: Int, seconds: Double
)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: marbles)
  process.arguments = ["serve", folder, "--port", "0"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return nil }
  defer {
    process.interrupt()
    process.waitUntilExit()
  }
  var banner = Data()
  while !String(decoding: banner, as: UTF8.self).contains("\n") {
    let chunk = pipe.fileHandleForReading.availableData
    if chunk.isEmpty { return nil }
    banner += chunk
  }
  let text = String(decoding: banner, as: UTF8.self)
  guard let range = text.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression),
    let port = UInt16(text[range].split(separator: ":")[1])
  else { return nil }
  let script = (try? String(contentsOfFile: folder + "/01-transform.marble", encoding: .utf8)) ?? ""
  let results = Results()
  let group = DispatchGroup()
  let start = ContinuousClock.now
  for student in 0..<students {
    group.enter()
    let thread = Thread {
      defer { group.leave() }
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      defer { close(fd) }
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      var mine: [Double] = []
      var failed = 0
      for request in 0..<requestsEach where connected == 0 {
        let body: String
        let path: String
        if request % 2 == 0 {
          path = "/api/run"
          let edited = script.replacingOccurrences(of: "p * 2", with: "p * \(student + request)")
          body = "{\"script\": \(jsonQuoted(edited))}"
        } else {
          path = "/api/check"
          body =
            #"{"name": "01-transform", "predictions": {"doubled": "-6--a---4|, a: 10", "total": "-x--y---z|, x: 3, y: 8, z: \#(request)"}}"#
        }
        let message =
          "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let sent = ContinuousClock.now
        _ = Array(message.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        if let status = readResponse(fd) {
          if status != 200 { failed += 1 }
        } else {
          failed += 1
        }
        mine.append((ContinuousClock.now - sent).seconds)
      }
      if connected != 0 { failed = requestsEach }
      results.add(mine, failed: failed)
    }
    thread.start()
  }
  group.wait()
  let (latencies, failures) = results.all
  return (latencies.sorted(), failures, (ContinuousClock.now - start).seconds)
}

/// What the students' threads measured, behind a lock.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var latencies: [Double] = []
  private var failures = 0

  func add(_ more: [Double], failed: Int) {
    lock.withLock {
      latencies += more
      failures += failed
    }
  }

  var all: ([Double], Int) { lock.withLock { (latencies, failures) } }
}

/// Reads one response (its head, then Content-Length bytes); its status, or nil.
private func readResponse(_ fd: Int32) -> Int? {
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = recv(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    received += buffer[..<count]
    let text = String(decoding: received, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else { continue }
    let head = text[..<end.lowerBound]
    let length =
      head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    if received.count - head.utf8.count - 4 >= length {
      return Int(head.split(separator: " ")[1])
    }
  }
}

private func jsonQuoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
