import Marbles

/// The interactive side of `marbles step`: one key at a time, one screen at a time.
package struct StepTerminal: Sendable {
  /// Waits for one key press; nil at the end of input.
  package var readKey: @Sendable () -> StepKey?
  /// Replaces the screen with `text` at once.
  package var show: @Sendable (String) -> Void

  package init(
    readKey: @escaping @Sendable () -> StepKey?, show: @escaping @Sendable (String) -> Void
  ) {
    self.readKey = readKey
    self.show = show
  }
}

/// The keys `marbles step` reacts to.
package enum StepKey: Sendable {
  /// Enter, `n`, space or the right arrow.
  case next
  /// `p` or the left arrow.
  case previous
  /// `q`, Escape or Control-C.
  case quit
  /// Anything else (ignored).
  case other
}
