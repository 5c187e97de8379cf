import Testing

@testable import Reactive

extension TestClock {
  /// Runs to the end, then checks that nothing is left scheduled and that every subscription
  /// to this bench's sources has ended (the "resources released" cell of a scenario grid).
  func expectReleased(sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      try run()
    } catch {
      Issue.record("the run stopped: \(error)", sourceLocation: sourceLocation)
    }
    #expect(liveActions == 0, "actions left scheduled", sourceLocation: sourceLocation)
    #expect(openSubscriptions == 0, "subscriptions left open", sourceLocation: sourceLocation)
  }
}
