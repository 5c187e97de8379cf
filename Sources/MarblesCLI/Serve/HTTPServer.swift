import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The HTTP/1.1 server of `marbles serve` on the platform's sockets: one thread polls every
/// connection (reads, writes, timeouts), a few workers answer requests (each may run a script).
///
/// Everything is bounded: a request's head (`HTTPParser`, 16 KB) and body (`maxBody`), the
/// connections (in all and per client address), the requests waiting for a worker (then 503),
/// a request that arrives too slowly (408), an idle connection, a reader that does not read
/// what it is sent (closed), and the open event streams.
final class HTTPServer: @unchecked Sendable {
  // Invariant: the connection table and `listener` are touched by the polling thread only;
  // what the workers hand back goes through `lock`.

  struct Limits: Sendable {
    var maxHead = HTTPParser.defaultMaxHead
    var maxBody = 1 << 20
    var maxConnections = 1024
    var maxConnectionsPerClient = 32
    var maxEventStreams = 512
    /// Runs at once: the core count.
    var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Requests waiting for a worker before the next gets a 503.
    var maxQueue = 128
    /// Seconds for a request to arrive whole, once its first byte has.
    var requestTimeout = 10.0
    /// Seconds an open connection may send nothing.
    var idleTimeout = 30.0
    /// Seconds a client may take to read what it is sent.
    var writeTimeout = 30.0
    /// Bytes waiting for a slow event-stream reader before it is dropped.
    var maxPendingEventBytes = 64 * 1024
    /// Seconds between the comments that keep an event stream open.
    var eventKeepAlive = 15.0
  }

  /// What answers a request, on a worker thread.
  typealias Handler = @Sendable (HTTPRequest) -> ServeApp.Outcome

  private enum State {
    case reading
    /// A worker has the request.
    case working
    case writing
    case eventStream
    /// Answered and shut for writing: what the client still sends is read and dropped until
    /// it closes (or a moment passes), so that it reads the answer before the socket closes.
    case draining
  }

  private final class Connection {
    let fd: Int32
    let client: String
    var parser: HTTPParser
    var state = State.reading
    var output: [UInt8] = []
    var written = 0
    var closeAfterWrite = false
    var deadline: Double
    var isHead = false
    var lastEvent: Double

    init(fd: Int32, client: String, parser: HTTPParser, now: Double, deadline: Double) {
      self.fd = fd
      self.client = client
      self.parser = parser
      self.deadline = deadline
      self.lastEvent = now
    }
  }

  let limits: Limits
  private let handler: Handler
  private var listener: Int32 = -1
  /// Written to wake the polling thread: a worker's answer, a broadcast, or stop.
  private var wake: [Int32] = [-1, -1]
  private var connections: [Int32: Connection] = [:]
  private var perClient: [String: Int] = [:]

  private let lock = NSLock()
  private var done: [(fd: Int32, outcome: ServeApp.Outcome, keepAlive: Bool)] = []
  private var broadcasts: [String] = []
  private var stopping = false
  private let queue: JobThreads

  /// The port bound (useful with port 0).
  private(set) var port: UInt16 = 0

  init(limits: Limits, handler: @escaping Handler) {
    self.limits = limits
    self.handler = handler
    queue = JobThreads(limit: limits.workers, capacity: limits.maxQueue)
  }

  deinit {
    for fd in wake where fd >= 0 { close(fd) }
    if listener >= 0 { close(listener) }
  }

  /// Binds `host:port` (IPv4) and listens; throws the reason it cannot.
  func bind(host: String, port: UInt16) throws(IOFailure) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw IOFailure("'\(host)' is not an IPv4 address")
    }
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw IOFailure(String(cString: strerror(errno))) }
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 512) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw IOFailure("cannot listen on \(host):\(port): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.port = UInt16(bigEndian: actual.sin_port)
    Self.setNonBlocking(fd)
    listener = fd
    guard pipe(&wake) == 0 else { throw IOFailure("cannot make a pipe") }
    for end in wake { Self.setNonBlocking(end) }
  }

  /// The descriptor a signal handler may write a byte to, to stop `run` (`stop()` does too).
  var wakeDescriptor: Int32 { wake[1] }

  /// Stops `run` (from any thread): it closes every connection and returns.
  func stop() {
    lock.withLock { stopping = true }
    poke()
  }

  /// Sends `event` (a whole server-sent event) to every open event stream.
  func broadcast(_ event: String) {
    lock.withLock { broadcasts.append(event) }
    poke()
  }

  private func poke() {
    var byte: UInt8 = 1
    _ = write(wake[1], &byte, 1)
  }

  private static func setNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  // MARK: - The polling loop

  /// Serves until `stop()` (or a byte on `wakeDescriptor` with `stopOnWake`).
  func run(stopOnWake: Bool = false) {
    var descriptors: [pollfd] = []
    while true {
      descriptors.removeAll(keepingCapacity: true)
      descriptors.append(pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0))
      descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
      for connection in connections.values {
        var events: Int16 = 0
        switch connection.state {
        case .reading: events = Int16(POLLIN)
        case .working: events = 0
        case .writing: events = Int16(POLLOUT)
        case .draining: events = Int16(POLLIN)
        case .eventStream:
          events =
            Int16(POLLIN) | (connection.written < connection.output.count ? Int16(POLLOUT) : 0)
        }
        descriptors.append(pollfd(fd: connection.fd, events: events, revents: 0))
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), 500)
      if ready < 0, errno != EINTR { break }
      let now = Self.now()
      if descriptors[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(wake[0], &drain, drain.count)
        // A byte written by a signal handler stops the server.
        if stopOnWake, count > 0, drain[..<count].contains(2) { stop() }
      }
      if lock.withLock({ stopping }) { break }
      finishWork(now: now)
      if descriptors[1].revents & Int16(POLLIN) != 0 { accept(now: now) }
      for entry in descriptors.dropFirst(2) where entry.revents != 0 {
        guard let connection = connections[entry.fd] else { continue }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, connection.state != .writing {
          read(connection, now: now)
        }
        if let connection = connections[entry.fd], entry.revents & Int16(POLLOUT) != 0 {
          flush(connection, now: now)
        }
      }
      expire(now: now)
    }
    for fd in Array(connections.keys) { drop(fd) }
    queue.stop()
  }

  private func accept(now: Double) {
    while true {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let fd = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
      }
      guard fd >= 0 else { return }
      let ip = UInt32(bigEndian: address.sin_addr.s_addr)  // dotted as `inet_ntop` writes it
      let client = [24, 16, 8, 0].map { String(ip >> $0 & 0xff) }.joined(separator: ".")
      Self.setNonBlocking(fd)
      var on: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      guard connections.count < limits.maxConnections,
        perClient[client, default: 0] < limits.maxConnectionsPerClient
      else {
        // Told why, as far as the socket takes it at once, and closed.
        let refusal = HTTPResponse.error(429, "too many connections").serialized(keepAlive: false)
        _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
        continue
      }
      perClient[client, default: 0] += 1
      connections[fd] = Connection(
        fd: fd, client: client,
        parser: HTTPParser(maxHead: limits.maxHead, maxBody: limits.maxBody), now: now,
        deadline: now + limits.idleTimeout)
    }
  }

  private func read(_ connection: Connection, now: Double) {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let count = recv(connection.fd, &buffer, buffer.count, 0)
    if count < 0, errno == EAGAIN || errno == EINTR { return }
    guard count > 0 else {
      drop(connection.fd)
      return
    }
    // An event stream sends nothing more that matters, nor does a connection being closed.
    guard connection.state == .reading else { return }
    if !connection.parser.hasPartialRequest { connection.deadline = now + limits.requestTimeout }
    connection.parser.append(buffer[..<count])
    parseNext(connection, now: now)
  }

  /// Hands the next whole request to a worker, answers a bad one, or waits for more.
  private func parseNext(_ connection: Connection, now: Double) {
    switch connection.parser.next() {
    case .incomplete:
      if !connection.parser.hasPartialRequest { connection.deadline = now + limits.idleTimeout }
    case .failure(let status, let reason):
      respond(connection, .error(status, reason), keepAlive: false, now: now)
    case .request(let request):
      connection.state = .working
      connection.isHead = request.method == "HEAD"
      let fd = connection.fd
      let handler = self.handler
      let accepted = queue.submit { [weak self] in
        let outcome = handler(request)
        guard let self else { return }
        self.lock.withLock { self.done.append((fd, outcome, request.keepAlive)) }
        self.poke()
      }
      if !accepted {
        respond(connection, .error(503, "busy: try again in a moment"), keepAlive: false, now: now)
      }
    }
  }

  private func finishWork(now: Double) {
    let (finished, events) = lock.withLock {
      defer {
        done.removeAll()
        broadcasts.removeAll()
      }
      return (done, broadcasts)
    }
    for (fd, outcome, keepAlive) in finished {
      guard let connection = connections[fd], connection.state == .working else { continue }
      switch outcome {
      case .response(let response):
        respond(connection, response, keepAlive: keepAlive, now: now)
      case .eventStream:
        let streams = connections.values.filter { $0.state == .eventStream }.count
        guard streams < limits.maxEventStreams else {
          respond(connection, .error(503, "too many event streams"), keepAlive: false, now: now)
          continue
        }
        connection.state = .eventStream
        connection.output = HTTPResponse.eventStreamHead
        connection.written = 0
        connection.lastEvent = now
        flush(connection, now: now)
      }
    }
    for event in events {
      for connection in connections.values where connection.state == .eventStream {
        connection.output += Array(event.utf8)
        if connection.output.count - connection.written > limits.maxPendingEventBytes {
          drop(connection.fd)
        }
      }
    }
  }

  private func respond(
    _ connection: Connection, _ response: HTTPResponse, keepAlive: Bool, now: Double
  ) {
    connection.output = response.serialized(head: connection.isHead, keepAlive: keepAlive)
    connection.written = 0
    connection.closeAfterWrite = !keepAlive
    connection.state = .writing
    connection.deadline = now + limits.writeTimeout
    flush(connection, now: now)
  }

  private func flush(_ connection: Connection, now: Double) {
    while connection.written < connection.output.count {
      let sent = connection.output[connection.written...].withUnsafeBytes {
        send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EAGAIN || errno == EINTR { return }
        drop(connection.fd)
        return
      }
      connection.written += sent
    }
    connection.output.removeAll(keepingCapacity: true)
    connection.written = 0
    guard connection.state == .writing else { return }
    if connection.closeAfterWrite {
      shutdown(connection.fd, Int32(SHUT_WR))
      connection.state = .draining
      connection.deadline = now + 2
      return
    }
    connection.state = .reading
    connection.deadline = now + limits.idleTimeout
    // A request sent before the answer to the last one (pipelined).
    parseNext(connection, now: now)
  }

  private func expire(now: Double) {
    for connection in Array(connections.values) {
      switch connection.state {
      case .working: continue
      case .eventStream:
        if connection.written < connection.output.count,
          now > connection.lastEvent + limits.writeTimeout
        {
          drop(connection.fd)
        } else if now > connection.lastEvent + limits.eventKeepAlive {
          connection.lastEvent = now
          connection.output += Array(": keep-alive\n\n".utf8)
          flush(connection, now: now)
        }
      case .reading where now > connection.deadline:
        if connection.parser.hasPartialRequest {
          respond(connection, .error(408, "the request took too long"), keepAlive: false, now: now)
        } else {
          drop(connection.fd)
        }
      case .writing where now > connection.deadline, .draining where now > connection.deadline:
        drop(connection.fd)
      default: continue
      }
    }
  }

  private func drop(_ fd: Int32) {
    guard let connection = connections.removeValue(forKey: fd) else { return }
    close(fd)
    let left = (perClient[connection.client] ?? 1) - 1
    perClient[connection.client] = left > 0 ? left : nil
  }
}
