import Testing

@testable import Marbles
@testable import MarblesCore

/// Arrays, dictionaries, error objects and notifications as marble values.
@Suite struct RxJSValueTests {
  @Test func arraysAndDictionariesInValuesMaps() {
    let run = expectPasses(
      """
      let input = cold("-a-b-c|", a: [1, 2], b: ["x": 1, "y": [true]], c: [:])
      let keys = cold("-a|", a: ["b": 2, "a": 1])
      show input, keys
      expect input == "-a-b-c|", a: [1, 2], b: ["y": [true], "x": 1], c: [:]
      expect keys == "-k|", k: ["a": 1.0, "b": 2]
      """)
    let values = run?.lane("input")?.events.compactMap(\.value).map(\.description)
    #expect(values == ["[1, 2]", #"["x": 1, "y": [true]]"#, "[:]"])
    let json = run?.lane("input")?.events[1].value?.compactJSON
    #expect(json == #"{"dictionary": {"x": 1, "y": [true]}}"#)
  }

  @Test func dictionariesThatDifferFailTheExpectation() {
    let run = completedRun(
      """
      let input = cold("-a|", a: ["x": 1])
      expect input == "-a|", a: ["x": 2]
      expect input == "-a|", a: ["y": 1]
      expect input == "-a|", a: ["x": 1, "y": 1]
      """)
    #expect(run?.expectations.map(\.passed) == [false, false, false])
  }

  @Test func errorObjectsCompareByNameAndMessage() {
    let run = completedRun(
      """
      let broken = cold("--#", error: Error("too bad"))
      let typed = fail(Error("bad", name: "TypeError"))
      let handled = broken.catch { e in of(e.name, e.message) }
      expect broken == "--#", error: Error("too bad")
      expect broken == "--#", error: Error("too good")
      expect broken == "--#", error: Error("too bad", name: "RangeError")
      expect broken == "--#", error: "too bad"
      expect typed == "#", error: Error("bad", name: "TypeError")
      expect handled == "--(nm|)", n: "Error", m: "too bad"
      """)
    #expect(run?.expectations.map(\.passed) == [true, false, false, false, true, true])
    let failure = run?.lane("typed")?.events.first?.value
    #expect(failure?.description == #"Error("bad", name: "TypeError")"#)
    #expect(failure?.compactJSON == #"{"errorObject": {"name": "TypeError", "message": "bad"}}"#)
  }

  @Test func notificationsDematerialize() {
    expectPasses(
      """
      let events = cold("-a-b-c|", a: next(1), b: next(2), c: completed)
      let failing = cold("-a-b|", a: next(1), b: failed(Error("x")))
      let values = events.dematerialize()
      let failed = failing.dematerialize()
      expect values == "-1-2-|"
      expect failed == "-1-#", error: Error("x")
      """)
  }

  @Test func badDictionaryLiterals() {
    #expect(
      failureText(#"let a = ["x": 1, 2]"#).contains(
        "t.marble:1:19: error: expected ':' after the key in dictionary literal"))
    #expect(
      failureText(#"let a = [1: 2]"#).contains(
        "error: a dictionary key must be a String, not 'Int' 1"))
    #expect(
      failureText(#"let a = ["k": 1, "k": 2]"#).contains(
        #"error: duplicate key "k" in dictionary literal"#))
  }
}
