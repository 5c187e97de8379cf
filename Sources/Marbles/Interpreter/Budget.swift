import Reactive

/// What one run may use, and what it has used so far: how deeply calls and subscriptions nest,
/// how many events it sends, how many subscriptions are open at once, and how large a value may
/// grow. Going past any of them stops the run with a located error instead of a stack overflow,
/// a hang or an exhausted memory.
///
/// Every counter is deterministic (no clock, no stack address), so the same script always stops
/// at the same place with the same message.
final class Budget {
  /// How deeply closure calls, and the subscriptions that closures' signals make, may nest.
  static let maximumDepth = 10_000

  /// The limits of the run.
  let limits: RunOptions
  /// How deeply calls and subscriptions are nested right now.
  var depth = 0
  /// Events counted so far (see `countEvent`).
  private(set) var events = 0
  /// Subscriptions open right now.
  private(set) var subscriptions = 0

  init(limits: RunOptions) {
    self.limits = limits
  }

  /// Enters one level of nesting for a call or subscription at `range`; past
  /// `maximumDepth` it throws instead. Pair with `leave()`.
  @inline(__always)
  func enter(at range: SourceRange) throws(RuntimeError) {
    guard depth < Self.maximumDepth else {
      throw Diagnostic.Interpreter.recursion(limit: Self.maximumDepth, at: range)
    }
    depth += 1
  }

  /// Leaves the level entered last.
  @inline(__always)
  func leave() {
    depth -= 1
  }
}
