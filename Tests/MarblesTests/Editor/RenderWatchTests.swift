import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `marbles render --watch FILE`: draws the file, then again after each save, until the watch
/// stops.
@Suite struct RenderWatchTests {
  /// The screens shown and the saves made, shared with the watcher's closures.
  final class Screen: @unchecked Sendable {
    // Invariant: every property is read and written with `lock` held.
    private let lock = NSLock()
    private var shown: [(String, String)] = []
    private var waits = 0
    func show(_ output: String, _ errors: String) {
      lock.withLock { shown.append((output, errors)) }
    }
    func nextWait() -> Int {
      lock.withLock {
        waits += 1
        return waits
      }
    }
    var screens: [(String, String)] { lock.withLock { shown } }
  }

  @Test func drawsAgainAfterEachSaveUntilTheWatchStops() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marbles-watch-\(UUID().uuidString).marble")
    try "let a = cold(\"-a|\")\n".write(to: file, atomically: true, encoding: .utf8)
    let screen = Screen()
    let environment = ToolEnvironment(
      run: { source, options in ScriptEngine.run(source, options: options) },
      explain: { name in Explainer.explain(name) },
      watcher: FileWatcher(
        waitForChange: { path in
          switch screen.nextWait() {
          case 1:
            try? "let a = cold(\"-a|\")\nlet b = cold(\"--b|\")\n".write(
              toFile: path, atomically: true, encoding: .utf8)
            return true
          case 2:
            try? "let a = cold(\"-a|\"\n".write(toFile: path, atomically: true, encoding: .utf8)
            return true
          default: return false
          }
        },
        show: { screen.show($0, $1) }))
    let result = MarblesTool.main(["render", file.path, "--watch"], environment: environment)
    let screens = screen.screens
    #expect(screens.count == 4)
    #expect(screens.first?.0.contains("a  -a|") == true)
    #expect(screens.first?.0.contains("b  ") == false)
    #expect(screens.dropFirst().first?.0.contains("b  --b|") == true)
    // A save with an error shows the error, and the watch goes on.
    #expect(screens.dropFirst(2).first?.1.contains("error:") == true)
    #expect(result.exitCode == 1)
  }

  /// Regression (issue 33): a deleted file ended the watch silently with status 0. It says the
  /// file is gone, watches for its return and draws it again; a watcher that gives up ends the
  /// watch with status 1 and a message.
  @Test func aDeletedFileIsReportedAndWatchedForItsReturn() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marbles-watch-\(UUID().uuidString).marble")
    try "let a = cold(\"-a|\")\n".write(to: file, atomically: true, encoding: .utf8)
    let screen = Screen()
    let environment = ToolEnvironment(
      run: { source, options in ScriptEngine.run(source, options: options) },
      explain: { name in Explainer.explain(name) },
      watcher: FileWatcher(
        waitForChange: { path in
          switch screen.nextWait() {
          case 1:
            try? FileManager.default.removeItem(atPath: path)
            return false
          case 2:
            try? "let b = cold(\"--b|\")\n".write(toFile: path, atomically: true, encoding: .utf8)
            return true
          case 3:
            try? FileManager.default.removeItem(atPath: path)
            return false
          default: return false
          }
        },
        show: { screen.show($0, $1) }))
    let result = MarblesTool.main(["render", file.path, "--watch"], environment: environment)
    let screens = screen.screens
    #expect(screens.count == 4)
    #expect(screens.dropFirst().first?.1.contains("is gone; watching for it to come back") == true)
    #expect(screens.dropFirst(2).first?.0.contains("b  --b|") == true)
    #expect(screens.last?.1.contains("is gone; watching for it to come back") == true)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("is gone; stopped watching it"))
  }

  @Test func watchTakesOneFileAndNotStandardInput() {
    #expect(runTool(["render", "--watch", "-"]).exitCode == 64)
    #expect(runTool(["render", "--watch", "a.marble", "b.marble"]).exitCode == 64)
    #expect(runTool(["run", "--watch", "a.marble"]).exitCode == 64)
  }
}

/// The queue between the reading thread of `marbles lsp`, the jobs' threads and the handling
/// one: items in the order they came, and the changes that wait, per document.
@Suite struct MessageQueueTests {
  static func frame(_ json: String) -> MessageFramer.Frame { .message(Array(json.utf8)) }

  @Test func queuedChangesAreSeenUntilTheyAreHandled() {
    let queue = MessageQueue()
    let change =
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a","version":2},"contentChanges":[{"text":"x"}]}}"#
    queue.push(Self.frame(change))
    queue.push(
      Self.frame(
        #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///a"}}}"#
      ))
    #expect(queue.changePending("file:///a"))
    #expect(!queue.changePending("file:///b"))
    _ = queue.pop()
    #expect(queue.changePending("file:///a"))
    _ = queue.pop()
    #expect(!queue.changePending("file:///a"))
  }

  @Test func aJobsResultIsHandledInTurnAndTheEndOfInputDoesNotWaitForJobs() {
    let queue = MessageQueue()
    queue.push(Self.frame("{}"))
    queue.push(LanguageServer.Completion { _ in })
    queue.push(Self.frame("[]"))
    queue.close()
    var kinds: [String] = []
    while let item = queue.pop() {
      switch item {
      case .frame: kinds.append("frame")
      case .completion: kinds.append("completion")
      }
    }
    #expect(kinds == ["frame", "completion", "frame"])
  }
}
