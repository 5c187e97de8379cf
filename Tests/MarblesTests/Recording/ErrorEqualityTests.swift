import Marbles
import Reactive
import Testing

@testable import MarblesTesting

/// How two recorded errors compare (`MarbleDiff.errorsEqual`, and so every `expectMarbles`
/// and script `expect` with a failure): `==` for `Equatable` errors of one type, otherwise the
/// same type and the same printed form.
@Suite struct ErrorEqualityTests {
  struct Code: Error, Equatable, CustomDebugStringConvertible {
    var code: Int
    var debugDescription: String { "boom" }
  }

  /// Another `Equatable` type that prints as `Code` does.
  struct OtherCode: Error, Equatable, CustomDebugStringConvertible {
    var code: Int
    var debugDescription: String { "boom" }
  }

  /// Not `Equatable`: compared by type and printed form.
  struct Plain: Error, CustomDebugStringConvertible {
    var text: String
    var debugDescription: String { text }
  }

  /// Not `Equatable`, and printing as `Plain("boom")` does.
  struct OtherPlain: Error, CustomDebugStringConvertible {
    var text: String
    var debugDescription: String { text }
  }

  @Test func equatableErrorsOfOneTypeCompareWithEquals() {
    #expect(MarbleDiff.errorsEqual(Code(code: 1), Code(code: 1)))
    #expect(!MarbleDiff.errorsEqual(Code(code: 1), Code(code: 2)))
    #expect(MarbleDiff.errorsEqual(MarbleError("x"), MarbleError("x")))
    #expect(!MarbleDiff.errorsEqual(MarbleError("x"), MarbleError("y")))
  }

  @Test func equatableErrorsOfTwoTypesNeverMatchEvenWhenTheyPrintAlike() {
    #expect(!MarbleDiff.errorsEqual(Code(code: 1), OtherCode(code: 1)))
    #expect(!MarbleDiff.errorsEqual(OtherCode(code: 1), Code(code: 1)))
    #expect(!MarbleDiff.errorsEqual(Code(code: 1), Plain(text: "boom")))
  }

  @Test func otherErrorsMatchByTypeAndPrintedForm() {
    #expect(MarbleDiff.errorsEqual(Plain(text: "boom"), Plain(text: "boom")))
    #expect(!MarbleDiff.errorsEqual(Plain(text: "boom"), Plain(text: "bang")))
    #expect(!MarbleDiff.errorsEqual(Plain(text: "boom"), OtherPlain(text: "boom")))
    #expect(!MarbleDiff.errorsEqual(Plain(text: "boom"), Code(code: 1)))
  }

  @Test func anExpectationComparesItsFailureTheSameWay() {
    let actual: [Recorded<Int>] = [.next(1, at: 1), .error(Code(code: 7), at: 3)]
    #expect(
      MarbleExpectation.check(actual, matches: "-1-#", error: Code(code: 7)).isEmpty)
    let wrongValue = MarbleExpectation.check(actual, matches: "-1-#", error: Code(code: 8))
    let wrongType = MarbleExpectation.check(actual, matches: "-1-#", error: OtherCode(code: 7))
    #expect(wrongValue.map(\.message).first?.contains("error differs") == true)
    #expect(wrongType.map(\.message).first?.contains("error differs") == true)
  }
}
