import MarblesCore
import Reactive
import Testing

/// Expects a recording to match a marble: same frames, same kinds, equal values and errors.
///
///     let recording = ts.record(input.map { $0 * 10 })
///     try ts.run()
///     expectMarbles(recording, "--x--y--|", values: ["x": 10, "y": 20])
///
/// Frames are absolute (frame 0 is the first character, or the `^` if there is one). On a
/// mismatch the failure, reported at the caller's location, draws both timelines on one grid
/// with a caret under every differing frame and says what differs. Works in Swift Testing and
/// XCTest.
///
/// - Parameters:
///   - recording: What `TestScheduler.record` recorded.
///   - marble: The expected timeline.
///   - values: The value of each key; keys without an entry stand for themselves when the value
///     type is `MarbleValueConvertible` (`Int`: digits, `String`: any character).
///   - error: The failure that `#` stands for.
public func expectMarbles<Value: Equatable>(
  _ recording: Recording<Value>, _ marble: String, values: [String: Value] = [:],
  error: any Error = MarbleError("error"), fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let actual = recording.events
  var issues = MarbleExpectation.check(actual, matches: marble, values: values, error: error)
  if let index = issues.firstIndex(where: { $0.picture != nil }) {
    let expected = ParsedMarble(marble, kind: .hot, values: values, error: error).events
    let frames = MarbleDiff.differences(expected: expected, actual: actual).map(\.frame)
    issues[index].message = headline(frames: frames) + "\n" + issues[index].message
  }
  report(issues, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The first line of a failed `expectMarbles`: what differs, and (in Swift Testing) where its
/// picture goes.
func headline(frames: [Int]) -> String {
  let shown = frames.prefix(6).map(String.init).joined(separator: ", ")
  let more = frames.count > 6 ? ", …" : ""
  let what = frames.count == 1 ? "1 event differs (frame" : "\(frames.count) events differ (frames"
  let picture =
    Test.current == nil
    ? "" : "; picture: expected-vs-actual.svg, kept with --attachments-path DIR"
  return "expectMarbles: \(what) \(shown)\(more))\(picture)"
}

/// Expects a recorded signal of signals to match a marble whose values are cold sources, as in
/// RxJS: an inner signal matches `ts.cold("-a|")` when, subscribed at the frame it was delivered,
/// it emits `a` one frame later and then completes.
///
///     let recording = ts.record(command.executionSignals)
///     try ts.run()
///     expectMarbles(recording, "-x---y", values: ["x": ts.cold("--r|"), "y": ts.cold("--r|")])
public func expectMarbles<Inner: Equatable>(
  _ recording: Recording<Recording<Inner>>, _ marble: String,
  values: [String: ColdSignal<Inner>], error: any Error = MarbleError("error"),
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  report(
    MarbleExpectation.check(recording.events, matches: marble, values: values, error: error),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expects the subscriptions of a marble source (or a recording's window) to match subscription
/// marbles, one per subscription, in order; none expects no subscription.
///
///     expectSubscriptions(input, "^-------!")
///     expectSubscriptions(retried, "^--!", "---^--!")
public func expectSubscriptions(
  _ source: some SubscriptionLogging, _ marbles: String..., fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  expectSubscriptions(
    source, marbles, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expects the subscriptions of a marble source to match a list of subscription marbles.
public func expectSubscriptions(
  _ source: some SubscriptionLogging, _ marbles: [String], fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  report(
    MarbleExpectation.checkSubscriptions(source.subscriptions, match: marbles),
    fileID: fileID, filePath: filePath, line: line, column: column)
}
