import Marbles
import Testing

/// The frames `MarbleParser.parseSubscription` returns: `^` at the frame it is written at (a
/// group's frame inside a group) taking a frame, `!` at its frame taking none, and the length
/// of the whole string.
@Suite struct SubscriptionMarbleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var marble: String
    var subscribed: Int
    var unsubscribed: Int?
    var length: Int
    var testDescription: String { marble }
  }

  static let cases: [Case] = [
    .init(marble: "^", subscribed: 0, unsubscribed: nil, length: 1),
    .init(marble: "^---!", subscribed: 0, unsubscribed: 4, length: 4),
    .init(marble: "--^---!", subscribed: 2, unsubscribed: 6, length: 6),
    .init(marble: "--^---!--", subscribed: 2, unsubscribed: 6, length: 8),
    .init(marble: "^!", subscribed: 0, unsubscribed: 1, length: 1),
    .init(marble: "(^!)", subscribed: 0, unsubscribed: 0, length: 3),
    .init(marble: "---(^!)", subscribed: 3, unsubscribed: 3, length: 6),
    .init(marble: "-^-(!)", subscribed: 1, unsubscribed: 3, length: 5),
    .init(marble: "- - ^ - !", subscribed: 2, unsubscribed: 4, length: 4),
    .init(marble: "^ 10ms !", subscribed: 0, unsubscribed: 11, length: 11),
    .init(marble: "1s ^", subscribed: 1000, unsubscribed: nil, length: 1001),
  ]

  @Test(arguments: cases)
  func framesOfTheMarkers(_ example: Case) {
    let (subscription, diagnostics) = MarbleParser.parseSubscription(example.marble)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    #expect(
      subscription
        == SubscriptionMarble(
          subscribed: example.subscribed, unsubscribed: example.unsubscribed,
          length: example.length))
  }

  @Test func anUnsubscriptionBeforeTheSubscriptionIsDroppedAndReported() {
    let (subscription, diagnostics) = MarbleParser.parseSubscription("-!-^")
    #expect(subscription == SubscriptionMarble(subscribed: 2, unsubscribed: nil, length: 3))
    #expect(diagnostics.count == 1)
  }

  @Test func aMarbleWithoutSubscriptionGivesNone() {
    let (subscription, diagnostics) = MarbleParser.parseSubscription("---!")
    #expect(subscription == nil)
    #expect(!diagnostics.isEmpty)
  }

  @Test func aSecondMarkerKeepsTheFirst() {
    let (subscription, diagnostics) = MarbleParser.parseSubscription("-^-^-!-!")
    #expect(subscription == SubscriptionMarble(subscribed: 1, unsubscribed: 5, length: 6))
    #expect(diagnostics.count == 2)
  }
}
