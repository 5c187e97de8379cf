import MarblesCore
import Reactive

/// Marble-string sources and subscription windows. Problems in a marble string are reported as
/// test issues at the caller's line (Swift Testing or XCTest); the source is still created from
/// what could be read, so the test goes on and reports everything at once.
extension TestScheduler {
  /// A cold source from a marble string: every subscription replays it from its own frame.
  ///
  ///     let input = ts.cold("--a--b--|", values: ["a": 1, "b": 2])
  ///     let digits: ColdSignal<Int> = ts.cold("-1-2|")      // keys stand for themselves
  ///
  /// - Parameters:
  ///   - marble: The timeline; frame 0 is the subscription instant.
  ///   - values: The value of each key. Without an entry a key stands for itself when the value
  ///     type is `MarbleValueConvertible` (`Int`: digits, `String`: any character); otherwise
  ///     the missing entry is reported.
  ///   - error: The failure that `#` stands for.
  // Inlinable, so that the marble's values are looked up and played specialised for the test's
  // value type; the source plays the parsed timeline as it is (no `[Recorded]` made).
  @inlinable public func cold<Value>(
    _ marble: String, values: [String: Value] = [:], error: any Error = MarbleError("error"),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> ColdSignal<Value> {
    let parsed = ParsedMarble(marble, kind: .cold, values: values, error: error)
    reportIssues(parsed.diagnostics, in: marble, at: (fileID, filePath, line, column))
    let signal = ColdSignal(timeline: parsed.timeline, scheduler: scheduler)
    sources.append(signal)
    return signal
  }

  /// Reports a marble's diagnostics as test issues at the caller's place.
  @usableFromInline func reportIssues(
    _ diagnostics: [Diagnostic], in marble: String,
    at place: (fileID: String, filePath: StaticString, line: UInt, column: UInt)
  ) {
    guard !diagnostics.isEmpty else { return }
    report(
      MarbleExpectation.issues(for: diagnostics, in: marble), fileID: place.fileID,
      filePath: place.filePath, line: place.line, column: place.column)
  }

  /// A hot source from a marble string: one shared timeline at absolute frames, frame 0 at the
  /// `^` (or the first character); frames before it are negative.
  ///
  ///     let clicks = ts.hot("--^-x--x--|", values: ["x": "click"])   // x at 1 and 4
  public func hot<Value>(
    _ marble: String, values: [String: Value] = [:], error: any Error = MarbleError("error"),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> HotSignal<Value> {
    let timeline = ParsedMarble(marble, kind: .hot, values: values, error: error)
    reportIssues(timeline.diagnostics, in: marble, at: (fileID, filePath, line, column))
    return hot(events: timeline.events)
  }

  /// Records `signal` over the window of a subscription marble: `"--^---!"` subscribes at 2 and
  /// unsubscribes at 6, `"(^!)"` subscribes and unsubscribes at 0.
  public func record<Value>(
    _ signal: Signal<Value>, subscription marble: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Recording<Value> {
    record(
      signal,
      subscription: parse(marble, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Records a signal of signals over the window of a subscription marble.
  public func record<Inner>(
    _ signal: Signal<Signal<Inner>>, subscription marble: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Recording<Recording<Inner>> {
    record(
      signal,
      subscription: parse(marble, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func parse(
    _ marble: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
  ) -> SubscriptionMarble {
    let (subscription, diagnostics) = MarbleParser.parseSubscription(marble)
    reportIssues(diagnostics, in: marble, at: (fileID, filePath, line, column))
    return subscription ?? SubscriptionMarble(subscribed: 0)
  }
}
