import Testing

@testable import Marbles
@testable import MarblesCore

/// `ScriptEngine` as an instance: a run taken forward a piece at a time, what it knows before
/// and between the pieces (`marbles step` reads it so).
@Suite struct ScriptEnginePiecesTests {
  static let source = SourceFile(
    name: "t.marble",
    text: """
      let input = cold("-a-c|", a: 1)
      show input

      """)

  @Test func theWarningsFoundBeforeTheRunAreThereBeforeAnyPiece() {
    let engine = ScriptEngine(Self.source)
    #expect(engine.outcome == nil)
    #expect(engine.ranThrough == Int.min)
    #expect(
      engine.warnings.render(in: Self.source) == """
        t.marble:1:22: warning: value 'c' has no entry in the values map; it is the string "c"
        let input = cold("-a-c|", a: 1)
                             ^

        """)
  }

  @Test func aPieceRunsThroughItsFrameAndTheEndKeepsTheWarnings() {
    let engine = ScriptEngine(Self.source)
    engine.run(through: 2)
    #expect(engine.ranThrough == 2)
    #expect(engine.outcome == nil)
    engine.run(through: nil)
    guard case .completed(let run)? = engine.outcome else {
      Issue.record("the run did not complete: \(String(describing: engine.outcome))")
      return
    }
    #expect(run.diagnostics.map(\.message) == engine.warnings.map(\.message))
    #expect(engine.warnings.count == 1)
  }
}
