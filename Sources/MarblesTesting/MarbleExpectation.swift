import MarblesCore
import Reactive

/// The checks behind `expectMarbles` and `expectSubscriptions`, as pure functions that return
/// the issues to report (none when the expectation holds).
///
/// Expected marbles are read like hot marbles: frame 0 is the first character, or the `^` when
/// there is one, and frames are absolute (a recording subscribed at frame 3 is compared with
/// `"---a"`, not `"a"`). Problems in the marble itself are reported as issues too, swiftc-style,
/// with columns inside the marble string:
///
///     marble:1:3: error: group is never closed; expected ')'
///     --(ab--|
///       ^
public enum MarbleExpectation {
  /// The diagnostics about `marble`, rendered against it as issues.
  public static func issues(for diagnostics: [Diagnostic], in marble: String) -> [MarbleIssue] {
    let source = SourceFile(name: "marble", text: marble)
    return diagnostics.map { diagnostic in
      var text = diagnostic.render(in: source)
      if text.hasSuffix("\n") { text.removeLast() }
      return MarbleIssue(diagnostic.severity == .error ? .error : .warning, text)
    }
  }

  /// Checks recorded events against an expected marble.
  ///
  /// - Parameters:
  ///   - actual: The recorded events (`recording.events`).
  ///   - marble: The expected timeline, at absolute frames.
  ///   - values: The value of each key; see `ParsedMarble` for keys without an entry.
  ///   - error: The failure that `#` stands for.
  ///   - subject: A name for what was recorded, used in the failure header.
  /// - Returns: Marble diagnostics, then the diff when the timelines differ; empty when equal.
  public static func check<Value: Equatable>(
    _ actual: [Recorded<Value>], matches marble: String, values: [String: Value] = [:],
    error: any Error = MarbleError("error"), subject: String? = nil
  ) -> [MarbleIssue] {
    let expected = ParsedMarble(marble, kind: .hot, values: values, error: error)
    var issues = self.issues(for: expected.diagnostics, in: marble)
    guard !expected.hasErrors else { return issues }
    if let diff = MarbleDiff.compareFitted(
      expected: expected.events, actual: actual, subject: subject, keys: values)
    {
      // The picture at the scale of the text: the same quiet stretches as progressions.
      let picture = MarbleDiff.picture(
        expected: expected.events, actual: actual, elidedOver: diff.elidedOver)
      issues.append(MarbleIssue(.error, diff.text, picture: picture))
    }
    return issues
  }

  /// Checks a recorded signal of signals against an expected marble whose values are cold
  /// sources: an inner signal matches a cold source when, subscribed at the frame it was
  /// delivered, it emits the cold source's events at the same relative frames.
  ///
  ///     expected "-x--|" with x = ts.cold("-a|")   // x delivered at 1; a at 2, completed at 3
  public static func check<Inner: Equatable>(
    _ actual: [Recorded<Recording<Inner>>], matches marble: String,
    values: [String: ColdSignal<Inner>], error: any Error = MarbleError("error"),
    subject: String? = nil
  ) -> [MarbleIssue] {
    let expected = ParsedMarble(marble, kind: .hot, values: values, error: error)
    var issues = self.issues(for: expected.diagnostics, in: marble)
    guard !expected.hasErrors else { return issues }
    // Each inner signal as a timeline subscribed at 0, its frames counted from its subscription.
    let keys = values.mapValues { Timeline(subscribed: 0, events: $0.events) }
    let wanted = expected.events.map { cold in
      Recorded(
        frame: cold.frame, event: cold.event.map { Timeline(subscribed: 0, events: $0.events) })
    }
    let got = actual.map { inner in
      Recorded(
        frame: inner.frame,
        event: inner.event.map {
          Timeline(subscribed: 0, events: $0.timeline?.relativeEvents ?? [])
        })
    }
    if let diff = MarbleDiff.compareFitted(
      expected: wanted, actual: got, subject: subject, keys: keys, format: \.coldDescription,
      typeName: { _ in "Signal<\(Inner.self)>" })
    {
      let picture = MarbleDiff.picture(
        expected: wanted, actual: got, format: \.coldDescription, elidedOver: diff.elidedOver)
      issues.append(MarbleIssue(.error, diff.text, picture: picture))
    }
    return issues
  }

  /// Checks a subscription log against subscription marbles, one per expected subscription, in
  /// order (`[]` expects no subscription).
  public static func checkSubscriptions(
    _ actual: [SubscriptionLog], match marbles: [String], subject: String? = nil
  ) -> [MarbleIssue] {
    var issues: [MarbleIssue] = []
    var expected: [SubscriptionLog] = []
    for marble in marbles {
      let (subscription, diagnostics) = MarbleParser.parseSubscription(marble)
      issues += self.issues(for: diagnostics, in: marble)
      if let subscription {
        expected.append(
          SubscriptionLog(
            subscribed: subscription.subscribed, unsubscribed: subscription.unsubscribed))
      }
    }
    guard !issues.contains(where: { $0.severity == .error }) else { return issues }
    if let diff = MarbleDiff.compareSubscriptions(
      expected: expected, actual: actual, subject: subject)
    {
      issues.append(MarbleIssue(.error, diff))
    }
    return issues
  }
}

extension Timeline where Value: Equatable {
  /// The events as the cold marble that plays them (frames counted from 0, `coldCall`):
  /// `cold("-a|", a: 10)`, keyed first come first served by how values print (`"x"` is drawn `x`
  /// with `x: "x"`), with `error: …` when it fails with anything but the default
  /// `MarbleError("error")` (so two inner signals that fail differently never print alike), or
  /// a list of events when the timeline has no marble form (or more than 26 values need letters).
  var coldDescription: String {
    let errors = events.compactMap { recorded -> String? in
      guard case .error(let error) = recorded.event,
        !MarbleDiff.errorsEqual(error, MarbleError("error"))
      else { return nil }
      return "error: \(String(reflecting: error))"
    }
    let call = coldCall(
      events,
      literal: { value in
        let full = MarbleDiff.describe(value)
        let quoted = full.count == 3 && full.first == "\"" && full.last == "\""
        let printed = quoted ? String(full.dropFirst().dropLast()) : full
        return isValidMarbleKey(printed) ? (printed, quoted ? full : nil) : nil
      }, describe: { MarbleDiff.describe($0) }, trailing: errors)
    return call ?? "signal[" + events.map(\.description).joined(separator: ", ") + "]"
  }
}
