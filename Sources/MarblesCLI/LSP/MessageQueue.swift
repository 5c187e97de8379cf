import Foundation
import Marbles

/// The frames read and not handled yet, shared by the reading thread and the handling one, and
/// the work in hand: a `$/cancelRequest` for the running request, or a change to the document
/// whose diagnostics are running, raises that work's `RunCancellation` as soon as it is read.
final class MessageQueue: @unchecked Sendable {
  // Invariant: every property is read and written with `lock` held.
  private let lock = NSCondition()
  private var frames: [MessageFramer.Frame] = []
  private var head = 0
  private var closed = false
  /// Ids of requests cancelled while they waited (their `$/cancelRequest` came first).
  private var cancelled: Set<String> = []
  /// For each document, how many `didChange`s (and `didClose`s) wait in the queue.
  private var changes: [String: Int] = [:]
  /// What the server works on now, and the flag that stops it.
  private var running: (work: LanguageServer.Work, flag: RunCancellation)?

  func push(_ frame: MessageFramer.Frame) {
    let peek = Self.peek(frame)
    lock.lock()
    if let cancel = peek.cancelledID {
      if let running, running.work == .request(cancel) {
        running.flag.cancel()
      } else {
        cancelled.insert(cancel)
      }
    }
    if let uri = peek.changedURI {
      changes[uri, default: 0] += 1
      if let running, running.work == .diagnostics(uri: uri) { running.flag.cancel() }
    }
    frames.append(frame)
    lock.signal()
    lock.unlock()
  }

  /// The server starts `work` (see `LanguageServer.starting`): its flag is raised now if a
  /// cancel for it or a newer change already waits, else when one is read.
  func start(_ work: LanguageServer.Work, _ flag: RunCancellation) {
    lock.lock()
    defer { lock.unlock() }
    running = (work, flag)
    switch work {
    case .request(let id): if cancelled.remove(id) != nil { flag.cancel() }
    case .diagnostics(let uri): if changes[uri] != nil { flag.cancel() }
    }
  }

  /// The work announced by `start` is done.
  func finish() {
    lock.lock()
    running = nil
    lock.unlock()
  }

  func close() {
    lock.lock()
    closed = true
    lock.signal()
    lock.unlock()
  }

  /// The next frame, waiting for one; nil once the input is closed and everything was handled.
  func pop() -> MessageFramer.Frame? {
    lock.lock()
    defer { lock.unlock() }
    while head == frames.count && !closed { lock.wait() }
    guard head < frames.count else { return nil }
    let frame = frames[head]
    head += 1
    if head > 1024 && head * 2 > frames.count {
      frames.removeFirst(head)
      head = 0
    }
    if let uri = Self.peek(frame).changedURI {
      changes[uri, default: 1] -= 1
      if changes[uri] == 0 { changes[uri] = nil }
    }
    return frame
  }

  /// Serves `server` from this queue: its work is announced here, so that cancels and changes
  /// read meanwhile stop it.
  func attach(_ server: LanguageServer) {
    server.starting = { [self] in start($0, $1) }
    server.finished = { [self] in finish() }
  }

  /// What the queue needs to know of a frame before it is handled: the request it cancels, or
  /// the document it changes or closes.
  private static func peek(_ frame: MessageFramer.Frame) -> (
    cancelledID: String?, changedURI: String?
  ) {
    guard case .message(let body) = frame, body.count < 1 << 20 else { return (nil, nil) }
    guard case .success(let message) = JSONParser.parse(body) else { return (nil, nil) }
    switch message["method"]?.stringValue {
    case "$/cancelRequest": return (message["params"]?["id"].map(LanguageServer.key), nil)
    case "textDocument/didChange", "textDocument/didClose":
      return (nil, message["params"]?["textDocument"]?["uri"]?.stringValue)
    default: return (nil, nil)
    }
  }
}
