import Testing

@testable import Marbles

/// Keys for many values that print alike but are not equal stay one pass: an `expect` of
/// 20,000 inner signals `cold("---1|")`, each emitted at its own frame (so no two are equal),
/// compared each with all the others before (found by Fuzz/mutate.py: 8,000 took 3.4 s).
@Suite struct DiagramKeyScaleTests {
  @Test func innerSignalsEmittedAtDifferentFramesCostNoScans() {
    var comparisons = 0
    let values = (0..<20_000).map { frame in
      DiffValue(
        .signal(
          InnerTimeline(
            subscribed: frame, unsubscribed: frame + 4,
            events: [.next(.int(1), at: frame + 3), .completed(at: frame + 4)])))
    }
    let keys = DiagramKeys(
      values: values, reserved: TimelineTheme.ascii.reserved, pool: TimelineTheme.ascii.keyPool,
      equal: { (a: DiffValue, b: DiffValue) in
        comparisons += 1
        return a == b
      },
      print: { _ in #"cold("---1|")"# }, literal: { _ in nil })
    #expect(comparisons <= 2 * values.count)
    // Unequal values never share a glyph.
    #expect(Set((0..<values.count).map(keys.glyph(at:))).count == values.count)
  }

  /// Equal values still share one key.
  @Test func equalInnerSignalsShareAKey() {
    let inner = InnerTimeline(subscribed: 2, events: [.next(.int(1), at: 3)])
    let values = [DiffValue(.signal(inner)), DiffValue(.int(1)), DiffValue(.signal(inner))]
    let keys = DiagramKeys(
      values: values, reserved: TimelineTheme.ascii.reserved, pool: TimelineTheme.ascii.keyPool,
      equal: ==, print: { "\($0.value)" }, literal: { _ in nil })
    #expect(keys.glyph(at: 0) == keys.glyph(at: 2))
    #expect(keys.glyph(at: 0) != keys.glyph(at: 1))
  }
}
