import Testing

@testable import Marbles
@testable import MarblesCore

/// Keys for many values that print alike but are not equal stay one pass: an `expect` of
/// 20,000 inner signals `cold("---1|")`, each emitted at its own frame (so no two are equal),
/// compared each with all the others before (found by Fuzz/mutate.py: 8,000 took 3.4 s).
@Suite struct DiagramKeyScaleTests {
  @Test func innerSignalsEmittedAtDifferentFramesCostNoScans() {
    var comparisons = 0
    let values = (0..<20_000).map { frame in
      TimelineValue.signal(
        Timeline(
          subscribed: frame, unsubscribed: frame + 4,
          events: [.next(.int(1), at: frame + 3), .completed(at: frame + 4)]))
    }
    let keys = DiagramKeys(
      values: values, reserved: TextGlyphs.ascii.reserved, pool: TextGlyphs.ascii.keyPool,
      equal: { (a: TimelineValue, b: TimelineValue) in
        comparisons += 1
        return a.matches(b)
      },
      print: { _ in #"cold("---1|")"# }, literal: { _ in nil })
    #expect(comparisons <= 2 * values.count)
    // Unequal values never share a glyph.
    #expect(Set((0..<values.count).map(keys.glyph(at:))).count == values.count)
  }

  /// Equal values still share one key.
  @Test func equalInnerSignalsShareAKey() {
    let inner = Timeline<TimelineValue>(subscribed: 2, events: [.next(.int(1), at: 3)])
    let values: [TimelineValue] = [.signal(inner), .int(1), .signal(inner)]
    let keys = DiagramKeys(
      values: values, reserved: TextGlyphs.ascii.reserved, pool: TextGlyphs.ascii.keyPool,
      equal: { $0.matches($1) }, print: { "\($0)" }, literal: { _ in nil })
    #expect(keys.glyph(at: 0) == keys.glyph(at: 2))
    #expect(keys.glyph(at: 0) != keys.glyph(at: 1))
  }
}

/// Values stacked at one frame draw lines that end at their mark, not lines as wide as the
/// diagram (4,000 values stacked at frame 5 of a diagram 4,000 frames wide: 16 million cells
/// laid out and trimmed; found by Fuzz/mutate.py seed 9091, a 40,000-character group in an
/// `expect` took minutes).
@Suite struct StackedLineScaleTests {
  @Test func stackedLinesEndAtTheirMark() throws {
    let count = 4_000
    var events = (0..<count).map { TimelineEvent.next(.int($0 % 10), at: 5) }
    events.append(.completed(at: count))
    let run = ScriptRun(
      file: "stack.marble", firstFrame: 0, lastFrame: count,
      lanes: [
        TimelineLane(
          name: "s", subscription: .init(subscribed: 0, unsubscribed: count), events: events)
      ])
    let (grid, _) = try #require(TextRenderer(options: .init()).diagram(run))
    var steps = 0
    let lines = grid.layout(steps: &steps)
    #expect(
      lines.filter { if case .continuation = $0.kind { true } else { false } }.count == count - 1)
    // The timeline line visits every frame; each stacked line six frames (0 through 5).
    #expect(steps <= (count + 1) + 6 * (count - 1) + count)
  }
}
