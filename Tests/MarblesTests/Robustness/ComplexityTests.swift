import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesTesting

/// Corners that were quadratic, checked by size and count, never by time.
@Suite struct ComplexityTests {
  /// `n` back-to-back subscriptions, as `cold("a|").repeat(n)` makes them.
  static func sequentialWindows(_ n: Int) -> [SubscriptionLog] {
    (0..<n).map { SubscriptionLog(subscribed: $0, unsubscribed: $0 + 1) }
  }

  /// The failure of `expect subscriptions(a) == ["^!"]` after `repeat(n)` draws the actual
  /// windows in two rows (sequential windows share rows), so its size is linear in `n`: it was
  /// one row of width n per subscription, n² characters.
  @Test func sequentialSubscriptionsDrawInTwoRows() throws {
    func message(_ n: Int) throws -> String {
      let issues = MarbleExpectation.checkSubscriptions(Self.sequentialWindows(n), match: ["^!"])
      return try #require(issues.first?.message)
    }
    let small = try message(1_000)
    let large = try message(4_000)
    let actualRows = large.split(separator: "\n").filter { $0.hasPrefix("actual") }
    #expect(actualRows.count == 2)
    // Four times the subscriptions, about four times the text (generously: under six).
    #expect(large.utf8.count < 6 * small.utf8.count)
    #expect(large.utf8.count > 3 * small.utf8.count)
  }

  /// Overlapping windows still take a row each: packing never hides a subscription.
  @Test func overlappingSubscriptionsKeepTheirOwnRows() throws {
    let overlapping = (0..<5).map { SubscriptionLog(subscribed: $0, unsubscribed: $0 + 10) }
    let issues = MarbleExpectation.checkSubscriptions(overlapping, match: [])
    let message = try #require(issues.first?.message)
    #expect(message.split(separator: "\n").filter { $0.hasPrefix("actual") }.count == 5)
  }

  /// A long marble's drawing (ruler and lane) is linear in size: a 4×-longer marble draws about
  /// 4× as much text, with the ruler reaching the last frames. (Building the ruler was quadratic
  /// in time, `String.count` per label; the benchmark notes time it.)
  @Test func longMarbleRendersLinearly() throws {
    func rendered(_ n: Int) throws -> String {
      let text = "let a = cold(\"" + String(repeating: "a", count: n) + "|\")\nshow a\n"
      let outcome = ScriptEngine.run(SourceFile(name: "t.marble", text: text))
      guard case .completed(let run) = outcome else {
        Issue.record("the script did not run")
        return ""
      }
      return TextRenderer().render(run)
    }
    let small = try rendered(5_000)
    let large = try rendered(20_000)
    #expect(large.utf8.count < 5 * small.utf8.count)
    #expect(large.contains(" 20000"))
  }

  /// A run of digits is one value per digit, and only the run's first digit is tried as a time
  /// progression (trying every digit scanned the rest of the run each time: n² steps, 2.4 s for
  /// a 10,000-digit marble in release).
  @Test func longDigitRunIsValuesInLinearTokenizing() {
    let (diagram, diagnostics) = MarbleParser.parse(
      String(repeating: "7", count: 20_000) + "|", kind: .cold)
    #expect(diagnostics.isEmpty)
    #expect(diagram.events.count == 20_001)
    #expect(diagram.events.dropLast().allSatisfy { $0.kind == .value(key: "7") })
    #expect(diagram.events.last?.frame == 20_000)
  }
}
