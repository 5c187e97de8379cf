import Testing

@testable import Reactive

/// The harness itself: parsing and drawing agree with the RxJS conventions it claims.
@Suite struct TestMarbleTests {
  @Test func parsesFramesGroupsAndTheHotZero() {
    let events = TestMarble.parse("a-(bc)d |")
    #expect(events.map(\.frame) == [0, 2, 2, 6, 7])
    #expect(events.map(\.glyph) == [.value("a"), .value("b"), .value("c"), .value("d"), .completion])
    #expect(TestMarble.parse("-a^-b#").map(\.frame) == [-1, 2, 3])
  }

  @Test func parsesSubscriptionWindows() {
    #expect(TestMarble.parseSubscription("^---!") == SubscriptionWindow(subscribed: 0, unsubscribed: 4))
    #expect(TestMarble.parseSubscription("--^--!") == SubscriptionWindow(subscribed: 2, unsubscribed: 5))
    #expect(TestMarble.parseSubscription("-(^!)") == SubscriptionWindow(subscribed: 1, unsubscribed: 1))
    #expect(TestMarble.parseSubscription("--^") == SubscriptionWindow(subscribed: 2, unsubscribed: nil))
  }

  @Test func rendersWhatItParses() {
    for marble in ["--a--b--|", "(ab)--c|", "a-(bc)d|", "#", ""] {
      let drawn = TestMarble.render(TestMarble.parse(marble).map { frame, glyph in
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
