import Foundation
import Marbles

/// The frames read and not handled yet, shared by the reading thread and the handling one.
final class MessageQueue: @unchecked Sendable {
  // Invariant: every property is read and written with `lock` held.
  private let lock = NSCondition()
  private var frames: [MessageFramer.Frame] = []
  private var head = 0
  private var closed = false
  /// Ids of requests cancelled while they waited (their `$/cancelRequest` came first).
  private var cancelled: Set<String> = []
  /// For each document, how many `didChange`s wait in the queue.
  private var changes: [String: Int] = [:]

  func push(_ frame: MessageFramer.Frame) {
    let peek = Self.peek(frame)
    lock.lock()
    if let cancel = peek.cancelledID { cancelled.insert(cancel) }
    if let uri = peek.changedURI { changes[uri, default: 0] += 1 }
    frames.append(frame)
    lock.signal()
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

  func isCancelled(_ id: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled.remove(id) != nil
  }

  func hasQueuedChange(to uri: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return changes[uri] != nil
  }

  /// What the queue needs to know of a frame before it is handled: the request it cancels, or
  /// the document it changes.
  private static func peek(_ frame: MessageFramer.Frame) -> (
    cancelledID: String?, changedURI: String?
  ) {
    guard case .message(let body) = frame, body.count < 1 << 20 else { return (nil, nil) }
    guard case .success(let message) = JSONParser.parse(body) else { return (nil, nil) }
    switch message["method"]?.stringValue {
    case "$/cancelRequest": return (message["params"]?["id"].map(LanguageServer.key), nil)
    case "textDocument/didChange":
      return (nil, message["params"]?["textDocument"]?["uri"]?.stringValue)
    default: return (nil, nil)
    }
  }
}
