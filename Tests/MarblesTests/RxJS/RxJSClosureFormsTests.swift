import Testing

@testable import Marbles
@testable import MarblesCore

/// RxJS 7's forms that need closures beyond one expression: `share`'s reset notifiers,
/// `delay(-1)`, notification members, conversions, string methods and string concatenation
/// with numbers, each with its frames and values.
@Suite struct RxJSClosureFormsTests {
  @Test func shareResetsAtTheFirstValueOfItsNotifiers() {
    // After the failure at 4, the reset waits for timer(3): a subscriber at 5 gets the failure
    // at once, one at 8 starts afresh. After the last unsubscription at 3, a subscriber at 4
    // cancels the pending reset and joins the running subscription.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b#")
      let shared = input.share(resetOnError: { e in timer(3) })
      show shared, shared subscribed "-----^", shared subscribed "--------^"
      expect subscriptions(input) == ["^---!", "--------^---!"]
      let once = cold("-a|")
      let again = once.share(resetOnComplete: { timer(2) })
      show again, again subscribed "---^", again subscribed "-----^"
      expect subscriptions(once) == ["^-!", "-----^-!"]
      let long = cold("-a-b-c-d-|")
      let joined = long.share(resetOnRefCountZero: { timer(2) })
      show joined subscribed "^--!", joined subscribed "----^--!", joined subscribed "------------^"
      expect subscriptions(long) == ["^--------!", "------------^--------!"]
      """)
  }

  @Test func aNotifierThatEndsWithoutAValueNeverResets() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a|")
      let shared = input.share(resetOnComplete: { empty })
      show shared, shared subscribed "-----^"
      expect subscriptions(input) == "^-!"
      """)
  }

  @Test func aNegativeDelayIsNoDelayUnderUseRxJS() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|")
      let now = input.delay(-1)
      show now
      expect now == "-a-b|"
      """)
    #expect(
      failureText(
        """
        let input = cold("-a-b|")
        let now = input.delay(-1)
        show now
        """
      ).contains("must be an integer from 0 to"))
  }

  @Test func notificationMembers() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-#", error: Error("bad"))
      let kinds = input.materialize().map { n in n.kind }
      let values = input.materialize().map { n in n.kind == "N" ? n.value : n.error }
      let done = cold("-|").materialize().map { n in [n.kind, n.value, n.error] }
      show kinds, values, done
      expect kinds == "-n-(e|)", n: "N", e: "E"
      expect values == "-a-(e|)", a: "a", e: Error("bad")
      expect done == "-(c|)", c: ["C", nil, nil]
      """)
  }

  @Test func conversionsAndConcatenationWithNumbers() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|", a: "12", b: "7")
      let doubled = input.map { s in Int(s) * 2 }
      let shouted = input.map { s in String(Int(s) + 1) + "!" }
      let joined = cold("-1-2|").map { x in x + "!" }
      let decimals = cold("-a|", a: 2.0).map { x in "n=" + x + ", " + (x / 4) }
      show doubled, shouted, joined, decimals
      expect doubled == "-x-y|", x: 24, y: 14
      expect shouted == "-x-y|", x: "13!", y: "8!"
      expect joined == "-x-y|", x: "1!", y: "2!"
      expect decimals == "-x|", x: "n=2, 0.5"
      """)
  }

  @Test func withoutUseRxJSAStringPlusANumberIsAnError() {
    #expect(
      failureText(
        """
        let joined = cold("-1|").map { x in x + "!" }
        show joined
        """
      ).contains("'+'"))
  }

  @Test func textThatIsNotANumberIsARuntimeErrorAtItsFrame() {
    #expect(
      failureText(
        """
        let input = cold("-a-b|", a: "12", b: "x")
        let numbers = input.map { s in Int(s) }
        show numbers
        """) == """
          t.marble:2:32: error: 'Int(_:)' cannot convert 'String' "x" to an Int at frame 3; 'map' called the closure with 'String' "x", which arrived at this frame
          let numbers = input.map { s in Int(s) }
                                         ^~~~~~

          """)
  }

  @Test func stringMethods() {
    expectPasses(
      """
      let input = cold("-a|", a: " Hello, World ")
      let t = input.map { s in s.trimmingCharacters(in: " ") }
      let all = t.map { s in
        [s.uppercased(), s.lowercased(), s.count, s.hasPrefix("He"), s.hasSuffix("!"),
         s.prefix(5), s.suffix(5), s.replacingOccurrences(of: "World", with: "there"),
         s.split(separator: ", "), "a,,b".components(separatedBy: ","), s.contains("lo"),
         ["x", "y"].joined(separator: "-"), s.reversed(), s.isEmpty, [1, 2].count]
      }
      show all
      expect all == "-x|", x: ["HELLO, WORLD", "hello, world", 12, true, false, "Hello", "World", "Hello, there", ["Hello", "World"], ["a", "", "b"], true, "x-y", "dlroW ,olleH", false, 2]
      """)
  }

  @Test func methodsWithTheWrongArgumentsAreReportedBeforeTheRun() {
    #expect(
      failureText(
        """
        let input = cold("-a|")
        let x = input.map { s in s.replacingOccurrences("a", with: "b") }
        show x
        """) == """
          t.marble:2:26: error: 'replacingOccurrences' is called as 'replacingOccurrences(of:with:)'
          let x = input.map { s in s.replacingOccurrences("a", with: "b") }
                                   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

          """)
  }
}
