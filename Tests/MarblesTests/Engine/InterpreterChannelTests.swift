import Testing

@testable import Marbles
@testable import MarblesCore

/// Channels in scripts (RACChannel semantics, `reference/raccommand-semantics.md` §4 and H1–H7).
@Suite struct InterpreterChannelTests {
  @Test func leadingSeesOnlyLaterFollowingValues() {
    // H1.
    expectPasses(
      """
      let ch = Channel()
      ch.following.sendNext("v1", at: 1)
      ch.following.sendNext("v2", at: 3)
      show ch.leading subscribed "--^"
      expect ch.leading == "---b", b: "v2"
      """)
  }

  @Test func followingReplaysTheLatestLeadingValue() {
    // H2 and H4.
    expectPasses(
      """
      let ch = Channel()
      ch.leading.sendNext("v1", at: 1)
      ch.leading.sendNext("v2", at: 3)
      show ch.following subscribed "--^"
      expect ch.following == "--ab", a: "v1", b: "v2"
      """)
  }

  @Test func completingEitherTerminalCompletesBothAndIsReplayed() {
    // H5, H6, H7.
    expectPasses(
      """
      let ch = Channel()
      let other = Channel()
      ch.leading.sendCompleted(at: 2)
      other.following.sendCompleted(at: 1)
      show ch, other.leading subscribed "---^"
      expect ch.leading == "--|"
      expect ch.following == "--|"
      expect other.leading == "---|"
      """)
  }

  @Test func signalsSubscribeIntoTerminals() throws {
    let run = try #require(
      expectPasses(
        """
        let ch = Channel()
        let model = cold("-a--b-|")
        let view = cold("---x---")
        model.subscribe(ch.leading)
        view.subscribe(ch.following)
        show ch
        expect ch.leading == "---x--|"
        expect ch.following == "-a--b-|"
        expect subscriptions(view) == "^-----!"
        """))
    #expect(run.lanes.map(\.name) == ["ch.leading", "ch.following"])
  }

  @Test func terminalsBindChannelsTogether() {
    expectPasses(
      """
      let a = Channel()
      let b = Channel()
      a.leading.subscribe(b.following)
      b.following.subscribe(a.leading)
      a.following.sendNext("up", at: 1)
      b.leading.sendNext("down", at: 2)
      show a.following, b.leading
      expect b.leading == "-u", u: "up"
      expect a.following == "--d", d: "down"
      """)
  }

  @Test func terminalsAreSignalsThatOperatorsWorkOn() {
    expectPasses(
      """
      let ch = Channel()
      let upper = ch.following.map { $0 + "!" }
      ch.leading.sendNext("a", at: 1)
      expect upper == "-b", b: "a!"
      """)
  }
}
