/// Checks `expect` statements against what the run recorded, and records how they failed as
/// data (`ExpectationMismatch`); `ExpectationDiffRenderer` draws it.
enum ExpectationChecker {
  /// Compares one `expect` with what the run recorded: its events, or its subscription windows.
  static func check(_ expectation: Session.Expectation) -> ExpectationResult {
    let line = expectation.range.start.line
    let column = expectation.range.start.column
    if let source = expectation.source {
      let actual = source.subscriptions
      guard actual != expectation.windows else {
        return ExpectationResult(line: line, column: column, lane: expectation.name, passed: true)
      }
      return ExpectationResult(
        line: line, column: column, lane: expectation.name, passed: false,
        mismatch: ExpectationMismatch(
          expectedWindows: expectation.windows, actualWindows: actual, origins: source.origins))
    }
    let recorded = expectation.recorder?.timeline ?? Timeline(subscribed: 0)
    let actual = recorded.events
    let expected = expectation.expected
    let passed =
      actual.count == expected.count && zip(actual, expected).allSatisfy { $0.matches($1) }
    if passed {
      return ExpectationResult(line: line, column: column, lane: expectation.name, passed: true)
    }
    let found = MarbleDiff.differences(
      expected: expected, actual: actual, equal: { $0.matches($1) })
    let expectedByFrame = Dictionary(grouping: expected, by: \.frame)
    let actualByFrame = Dictionary(grouping: actual, by: \.frame)
    let differences = found.map { frame, kind in
      ExpectationMismatch.FrameDifference(
        frame: frame, kind: kind, expected: expectedByFrame[frame] ?? [],
        actual: actualByFrame[frame] ?? [])
    }
    return ExpectationResult(
      line: line, column: column, lane: expectation.name, passed: false, expected: expected,
      actualTimeline: recorded,
      mismatch: ExpectationMismatch(
        expected: expected, differences: differences, keys: expectation.keys,
        mapValues: expectation.mapValues, errorValue: expectation.errorValue))
  }
}
