import Testing

@testable import Marbles
@testable import MarblesCore

/// The events budget counted on its own: a run may spend exactly `--max-events`, whether or
/// not it can be cancelled (a cancellable run looks at its budget every `pollInterval` events
/// as well, so a limit just past a look is reached there).
@Suite struct BudgetTests {
  static let range = SourceRange(line: 1, column: 1)

  @Test(arguments: [false, true])
  func aRunSpendsExactlyItsEventsBudget(cancellable: Bool) {
    let limit = Budget.pollInterval + 1
    let budget = Budget(
      limits: RunBudgets(maxEvents: limit), cancellation: cancellable ? RunCancellation() : nil)
    var spent = 0
    while spent < limit, budget.spend(at: Self.range) { spent += 1 }
    #expect(spent == limit)
    #expect(!budget.spend(at: Self.range))
  }
}
