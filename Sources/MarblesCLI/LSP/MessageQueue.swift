import Foundation
import Marbles

/// What the server's thread handles next, shared by the reading thread (frames), the jobs'
/// threads (their results) and the server's thread: in the order they came, the input's end
/// last. It also counts, per document, the changes read and not handled yet, so that the server
/// starts no analysis of a text that a waiting change replaces.
final class MessageQueue: @unchecked Sendable {
  /// One thing to handle.
  enum Item {
    case frame(MessageFramer.Frame)
    case completion(LanguageServer.Completion)
  }

  // Invariant: every property is read and written with `lock` held.
  private let lock = NSCondition()
  private var items: [Item] = []
  private var head = 0
  private var closed = false
  /// For each document, how many `didChange`s (and `didClose`s) wait in the queue.
  private var changes: [String: Int] = [:]

  func push(_ frame: MessageFramer.Frame) {
    let uri = Self.changedURI(frame)
    lock.lock()
    if let uri { changes[uri, default: 0] += 1 }
    items.append(.frame(frame))
    lock.signal()
    lock.unlock()
  }

  /// A job's result, handled before the frames read after it.
  func push(_ completion: LanguageServer.Completion) {
    lock.lock()
    items.append(.completion(completion))
    lock.signal()
    lock.unlock()
  }

  /// Whether a change or close of `uri` waits unhandled.
  func changePending(_ uri: String) -> Bool {
    lock.withLock { changes[uri] != nil }
  }

  /// The input ended: `pop` returns nil once the frames read before are handled (the results of
  /// jobs still running are not waited for).
  func close() {
    lock.lock()
    closed = true
    lock.signal()
    lock.unlock()
  }

  /// The next item, waiting for one; nil once the input is closed and its frames handled.
  func pop() -> Item? {
    lock.lock()
    defer { lock.unlock() }
    while head == items.count && !closed { lock.wait() }
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    if head > 1024 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    if case .frame(let frame) = item, let uri = Self.changedURI(frame) {
      changes[uri, default: 1] -= 1
      if changes[uri] == 0 { changes[uri] = nil }
    }
    return item
  }

  /// The document a frame changes or closes, if it does.
  private static func changedURI(_ frame: MessageFramer.Frame) -> String? {
    guard case .message(let body) = frame, body.count < 1 << 20 else { return nil }
    guard case .success(let message) = JSONParser.parse(body) else { return nil }
    switch message["method"]?.stringValue {
    case "textDocument/didChange", "textDocument/didClose":
      return message["params"]?["textDocument"]?["uri"]?.stringValue
    default: return nil
    }
  }
}
