import Testing

@testable import Reactive

/// The harness itself: parsing and drawing agree with the RxJS conventions it claims.
@Suite struct TestMarbleTests {
  @Test func parsesFramesGroupsAndTheHotZero() {
    let events = TestMarble.parse("a-(bc)d |")
    #expect(events.map(\.frame) == [0, 2, 2, 6, 7])
    let glyphs: [TestGlyph] = [.value("a"), .value("b"), .value("c"), .value("d"), .completion]
    #expect(events.map(\.glyph) == glyphs)
    #expect(TestMarble.parse("-a^-b#").map(\.frame) == [-1, 2, 3])
  }

  @Test func parsesSubscriptionWindows() {
    func window(_ start: Int, _ end: Int?) -> SubscriptionLog {
      SubscriptionLog(subscribed: start, unsubscribed: end)
    }
    #expect(TestMarble.parseSubscription("^---!") == window(0, 4))
    #expect(TestMarble.parseSubscription("--^--!") == window(2, 5))
    #expect(TestMarble.parseSubscription("-(^!)") == window(1, 1))
    #expect(TestMarble.parseSubscription("--^") == window(2, nil))
  }

  @Test func rendersWhatItParses() {
    for marble in ["--a--b--|", "(ab)--c|", "a-(bc)d|", "#", ""] {
      let drawn = TestMarble.render(
        TestMarble.parse(marble).map { frame, glyph in
          switch glyph {
          case .value(let character): return (frame, character)
          case .completion: return (frame, "|")
          case .failure: return (frame, "#")
          }
        })
      #expect(drawn == marble)
    }
    for marble in ["^---!", "--^--!", "-(^!)", "--^"] {
      #expect(TestMarble.render(TestMarble.parseSubscription(marble)) == marble)
    }
  }
}
