import Testing

@testable import Marbles
@testable import MarblesCore

/// `show s.internals` for stateful operators: the operator's own state, reported through its
/// probe, next to its output.
@Suite struct OperatorInternalsTests {
  @Test func scanDrawsTheAccumulator() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("-1-2-3|")
        let s = input.scan(0) { acc, x in acc + x }
        show s.internals
        expect s == "-1-3-6|"
        expect s.internals.acc == "01-3-6|"
        expect s.acc == "01-3-6|"
        """))
    #expect(run.lanes.map(\.name) == ["s", "s.acc"])
  }

  @Test func aggregateDrawsTheAccumulatorItHoldsBack() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let s = input.aggregate(10) { acc, x in acc + x }
      show s.internals
      expect s == "------(a|)", a: 16
      expect s.acc == "ab-c-d|", a: 10, b: 11, c: 13, d: 16
      """)
  }

  @Test func takeDrawsTheCount() {
    expectPasses(
      """
      let input = cold("-a-b-c|")
      let t = input.take(2)
      show t.internals
      expect t == "-a-(b|)"
      expect t.taken == "01-(2|)"
      """)
  }

  @Test func skipDrawsTheCountAndStopsCounting() {
    expectPasses(
      """
      let input = cold("-a-b-c|")
      let t = input.skip(2)
      show t.internals
      expect t == "-----c|"
      expect t.skipped == "01-2--|"
      """)
  }

  @Test func collectDrawsTheBufferCompactly() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("-1-2|")
        let c = input.collect()
        show c.internals
        expect c == "----(a|)", a: [1, 2]
        expect c.buffered == "ab-c|", a: [], b: [1], c: [1, 2]
        """))
    let rendered = TextRenderer().render(run)
    #expect(rendered.contains("[1, 2]"), "\(rendered)")
  }

  /// The state is the one subscription's: a second subscription of the same operator (another
  /// lane) has its own accumulator and does not move the drawn one.
  @Test func theInternalsFollowOneSubscription() {
    expectPasses(
      """
      let input = hot("-1-2-3|")
      let s = input.scan(0) { acc, x in acc + x }
      show s.internals
      show s as "another subscription"
      expect s.acc == "01-3-6|"
      """)
  }

  @Test func aStateLaneAloneSubscribesTheOperatorOnce() {
    expectPasses(
      """
      let input = cold("-1-2|")
      let s = input.scan(0) { acc, x in acc + x }
      show s.acc
      expect s.acc == "01-3|"
      expect subscriptions(input) == "^---!"
      """)
  }

  @Test func anUnknownStateLaneIsAnError() {
    let text = failureText(
      """
      let s = cold("-1|").scan(0) { acc, x in acc + x }
      show s.taken
      """)
    #expect(text.contains("no property 'taken'"), "\(text)")
  }
  @Test func distinctUntilChangedDrawsThePreviousValue() {
    expectPasses(
      """
      let input = cold("-1-1-2-1|")
      let d = input.distinctUntilChanged()
      show d.internals
      expect d == "-1---2-1|"
      expect d.previous == "-1---2-1|"
      """)
  }

  @Test func combinePreviousDrawsThePreviousValueFromTheStart() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let p = input.combinePrevious(0) { a, b in a + b }
      show p.internals
      expect p == "-1-3-5|"
      expect p.previous == "01-2-3|"
      """)
  }

  @Test func bufferCountDrawsTheBufferBeingFilled() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let b = input.bufferCount(2)
      show b.internals
      expect b == "---a--(c|)", a: [1, 2], c: [3]
      expect b.buffered == "ef-e-g|", e: [], f: [1], g: [3]
      """)
  }

  @Test func takeLastDrawsTheKeptValues() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let l = input.takeLast(2)
      show l.internals
      expect l == "------(23|)"
      expect l.kept == "ab-c-d|", a: [], b: [1], c: [1, 2], d: [2, 3]
      """)
  }
  @Test func flattenDrawsTheActiveInners() {
    expectPasses(
      """
      let x = cold("-a-b|")
      let y = cold("--c|")
      let outer = hot("-x-y----|", x: x, y: y)
      let f = outer.flatten()
      show f.internals
      expect f == "--a-bc--|"
      expect f.active == "de-f-gd-|", d: [], e: [1], f: [1, 2], g: [2]
      """)
  }

  @Test func flattenMapDrawsTheActiveInners() {
    expectPasses(
      """
      let input = cold("-1----2|")
      let f = input.flattenMap { n in cold("--v|", v: n) }
      show f.internals
      expect f == "---1----2|"
      expect f.active == "de--d-f--(d|)", d: [], e: [1], f: [2]
      """)
  }

  @Test func mergeDrawsTheRunningInputs() throws {
    let run = try #require(
      expectPasses(
        """
        let m = cold("-a|").merge(with: cold("---b|"))
        show m.internals
        expect m == "-a-b|"
        """))
    let lane = try #require(run.lane("m.active"))
    let states = lane.events.filter { $0.kind == .next }.map { "\($0.frame):\($0.value!)" }
    #expect(states == ["0:[]", "0:[1]", "0:[1, 2]", "2:[2]", "4:[]"])
  }

  @Test func switchToLatestDrawsTheCurrentInner() {
    expectPasses(
      """
      let x = cold("-a-b|")
      let y = cold("--c|")
      let outer = hot("-x-y----|", x: x, y: y)
      let s = outer.switchToLatest()
      show s.internals
      expect s == "--a--c--|"
      expect s.current == "n1-2--n-|", n: nil
      """)
  }
  @Test func throttleDrawsThePendingValue() {
    expectPasses(
      """
      let input = cold("-12---3-----4|")
      let t = input.throttle(3)
      show t.internals
      expect t == "-----2---3---(4|)"
      expect t.pending == "n12--n3--n--4(n|)", n: nil
      """)
  }
  @Test func retryAndRepeatDrawTheAttempt() {
    expectPasses(
      """
      let twice = cold("-a#").retry(1)
      let thrice = cold("-a|").repeat(3)
      show twice.internals, thrice.internals
      expect twice == "-a-a#"
      expect twice.attempt == "1-2-|"
      expect thrice == "-a-a-a|"
      expect thrice.attempt == "1-2-3-|"
      """)
  }
  @Test func withLatestFromDrawsTheLatestOtherValues() {
    expectPasses(
      """
      let clicks = cold("---c----c-|")
      let text = cold("-a----b----")
      let sent = clicks.withLatestFrom(text)
      show sent.internals
      expect sent == "---x----y-|", x: ("c", "a"), y: ("c", "b")
      expect sent.latest == "nd----e---|", n: nil, d: ["a"], e: ["b"]
      """)
  }
  @Test func sampleDrawsTheLatestValueItKeeps() {
    expectPasses(
      """
      let input = cold("--1---2-3-----|")
      let ticks = cold("----x---x--x----")
      let sampled = input.sample(ticks)
      show sampled.internals
      expect sampled == "----1---3--3--|"
      expect sampled.latest == "n-1---2-3-----|", n: nil
      """)
  }
  @Test func concatDrawsTheCurrentInnerAndTheQueue() throws {
    let run = try #require(
      expectPasses(
        """
        let x = cold("--a|")
        let y = cold("-b|")
        let outer = hot("-xy-------|", x: x, y: y)
        let c = outer.concat()
        show c.internals
        expect c == "---a-b----|"
        """))
    func states(_ name: String) throws -> [String] {
      let lane = try #require(run.lane(name))
      return lane.events.filter { $0.kind == .next }.map { "\($0.frame):\($0.value!)" }
    }
    #expect(try states("c.current") == ["0:nil", "1:1", "4:nil", "4:2", "6:nil"])
    #expect(try states("c.queue") == ["0:[]", "1:[1]", "1:[]", "2:[2]", "4:[]"])
  }
}
