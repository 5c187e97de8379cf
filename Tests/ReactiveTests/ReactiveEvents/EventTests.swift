import ReactiveEvents
import Testing

@Suite struct EventTests {
  @Test func accessorsAndDescription() {
    let next = Event<Int>.next(1)
    let error = Event<Int>.error(TestError("boom"))
    let completed = Event<Int>.completed
    #expect(!next.isTerminal && error.isTerminal && completed.isTerminal)
    #expect(next.value == 1 && error.value == nil)
    #expect(error.error as? TestError == TestError("boom") && next.error == nil)
    #expect(next.map { $0 * 2 }.value == 2)
    #expect(error.map { $0 * 2 }.isTerminal)
    #expect(["\(next)", "\(error)", "\(completed)"] == ["next(1)", "error(boom)", "completed"])
  }
}
