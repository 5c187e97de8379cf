import Marbles

/// The steps of `marbles step`, drawn from a run taken forward only as far as they need.
///
/// The run first goes `lookahead` frames: a run that ends within them (every example does) is
/// stepped as a finished run, exactly as if it had been run whole. A longer one streams: its
/// steps come from what has run so far (headed `step 3 of ?` until the run ends), and the run
/// goes on, twice as far each time, only when the next step is not settled yet
/// (`StepRenderer.Steps.isSettled`). So the first step of `show interval(1)` costs
/// `lookahead` frames, not the run's `--max-frames`.
package final class StepStream {
  /// The frames run before the first step is drawn.
  package static let lookahead = 4096

  package let run: ScriptEngine
  private(set) var renderer: StepRenderer
  private let quiz: Bool
  /// The steps of what has run so far; nil when there is nothing to draw.
  package private(set) var steps: StepRenderer.Steps?
  /// The labels of the lanes a quiz hides.
  package private(set) var hidden: [String] = []
  /// The frames run before the first step.
  private let lookahead: Int

  package init(
    run: ScriptEngine, renderer: StepRenderer, quiz: Bool, lookahead: Int = StepStream.lookahead
  ) {
    self.run = run
    self.lookahead = lookahead
    self.renderer = renderer
    self.quiz = quiz
    run.run(through: lookahead)
    refresh()
  }

  /// Step `index` (from 0), the run taken as far as it needs; nil past the last step of a
  /// run that has ended (or when there is nothing to draw).
  package func screen(_ index: Int) -> String? {
    while let steps {
      if steps.isSettled(index) { return steps.screen(index) }
      if steps.isFinished { return nil }
      advance()
    }
    return nil
  }

  /// Whether `index` is the last step of a run that has ended.
  package func isLast(_ index: Int) -> Bool {
    guard let steps, steps.isFinished else { return false }
    return index == steps.count - 1
  }

  /// Runs twice as far (at least to frame `lookahead`), then draws from what has run.
  private func advance() {
    let reached = max(run.ranThrough, lookahead, 1)
    run.run(through: reached >= Int.max / 2 ? Int.max : reached * 2)
    refresh()
  }

  private func refresh() {
    guard let recorded = run.recordedSoFar else {
      steps = nil
      return
    }
    var shown = recorded
    if quiz {
      (shown, hidden) = recorded.quiz
      renderer.hidden = hidden
    }
    steps = run.outcome == nil ? renderer.steps(ofRunSoFar: shown) : renderer.steps(of: shown)
  }
}
