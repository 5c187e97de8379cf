import Foundation
#if canImport(Runtime)
  import Runtime
#endif

/// Where app code called a sleep on `ts.clock`, found from the call stack: a sleep through a
/// generic clock, `any Clock<Duration>` or `Task.sleep(for:clock:)` passes no `#fileID` down, so
/// a misused clock is reported at the line that slept by reading the stack (async frames
/// included) and its debug information.
struct SleepSite: Sendable, CustomStringConvertible {
  /// The source file, as the debug information names it (an absolute path).
  var path: String
  /// `Module/File.swift`, the form of `#fileID`.
  var fileID: String
  var line: Int
  /// The column, or 1 when the debug information has none (an async call's resumption).
  var column: Int

  var description: String { "\(fileID):\(line)" }

  /// The first frame of the calling task's stack outside this module's sources that has a
  /// source location: the app code (or test) that called the sleep. Nil when the stack has no
  /// debug information (a release build without `-g`) or the runtime cannot read it.
  ///
  /// The stack is captured here, on the caller's thread; reading its debug information takes
  /// seconds in a large debug binary, so that happens on a thread of its own while the caller
  /// awaits it: the cooperative pool, which runs every other test's tasks, is never held.
  static func caller() async -> SleepSite? {
    #if canImport(Runtime)
      if #available(macOS 26.0, *) {
        // The app's frame is among the first few: the clock's, the runtime's `sleep(for:)`.
        guard let stack = try? Backtrace.capture(limit: 16, top: 0) else { return nil }
        let captured = Captured(stack: stack)
        return await withCheckedContinuation { continuation in
          Thread { continuation.resume(returning: site(in: captured.stack)) }.start()
        }
      }
    #endif
    return nil
  }

  #if canImport(Runtime)
    /// A captured stack handed to the thread that reads it (only that thread touches it then).
    @available(macOS 26.0, *)
    private struct Captured: @unchecked Sendable {
      let stack: Backtrace
    }

    /// The caller's frame in `stack`, source locations only (no inlined frames): reading less
    /// debug information.
    @available(macOS 26.0, *)
    private static func site(in stack: Backtrace) -> SleepSite? {
      guard let symbolicated = stack.symbolicated(options: [.showSourceLocations, .useSymbolCache])
      else { return nil }
      for frame in symbolicated.frames {
        guard let symbol = frame.symbol, let place = symbol.sourceLocation, place.line > 0,
          !place.path.contains("<compiler-generated>"), !place.path.hasPrefix(ownSources),
          // A macro's expansion (`#expect(throws:) { … }`) names no line of the test's file.
          !place.path.contains("@__swiftmacro_")
        else { continue }
        let file = place.path.split(separator: "/").last.map(String.init) ?? place.path
        let module = moduleName(mangled: symbol.rawName)
        return SleepSite(
          path: place.path, fileID: module.map { "\($0)/\(file)" } ?? file, line: place.line,
          column: max(1, place.column))
      }
      return nil
    }
  #endif

  /// The directory of this module's sources (`…/Sources/MarblesTesting/`): frames there are the
  /// clock's own.
  private static let ownSources: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // `Async/SleepSite.swift`
    return parts.joined(separator: "/") + "/"
  }()

  /// The module of a Swift symbol (`$s12MarblesTests…` is in `MarblesTests`), if it is one.
  static func moduleName(mangled: String) -> String? {
    var rest = Substring(mangled)
    for prefix in ["$s", "_$s", "$S", "_T0"] where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(prefix.count)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let count = Int(digits), count > 0 else { return nil }
      let name = rest.dropFirst(digits.count).prefix(count)
      return name.count == count ? String(name) : nil
    }
    return nil
  }
}
