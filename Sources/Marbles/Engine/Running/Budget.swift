import Foundation
import Reactive

/// A flag that another thread raises to stop a run early: the language server raises it when
/// the editor cancels the request a run is for, or changes the document whose diagnostics it
/// computes. The run looks at it every `Budget.pollInterval` events, where it counts its
/// budget, so raising it stops the run within that much work. The run then ends as stopped by
/// a budget, with the error "the run was cancelled at frame N"; whoever raised the flag
/// usually discards it.
public final class RunCancellation: @unchecked Sendable {
  // Invariant: `raised` is read and written with `lock` held; `polled` is immutable.
  private let lock = NSLock()
  private var raised = false
  private let polled: (@Sendable (RunCancellation) -> Void)?

  /// A flag not raised yet. `polled` is called with it on the run's thread each time the run
  /// is about to look at it (after `Budget.pollInterval` events of work): tests use it to act
  /// once a run is under way, and to count the work a run does after the flag is raised.
  public init(polled: (@Sendable (RunCancellation) -> Void)? = nil) {
    self.polled = polled
  }

  /// Asks the run to stop; safe from any thread, and more than once.
  public func cancel() {
    lock.withLock { raised = true }
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool {
    lock.withLock { raised }
  }

  /// The run's look at the flag.
  func poll() -> Bool {
    polled?(self)
    return isCancelled
  }
}

/// What one run may use, and what it has used so far: how deeply calls and subscriptions nest,
/// how many events it sends, how many subscriptions are open at once, and how large a value may
/// grow. Going past any of them stops the run with a located error instead of a stack overflow,
/// a hang or an exhausted memory.
///
/// Every counter is deterministic (no clock, no stack address), so the same script always stops
/// at the same place with the same message.
final class Budget {
  /// How deeply closure calls, and the subscriptions that closures' signals make, may nest.
  static let maximumDepth = 5_000
  /// How deeply a recorded value may nest (arrays in arrays, signals of signals): drawing and
  /// printing recurse on it.
  static let maximumValueNesting = 200

  /// What a recorded event spends of `--max-events`: it is kept until the run ends (about 200
  /// bytes), while other work is done and gone, so the default budget keeps memory near 1 GB
  /// (100 lanes of `interval(1)` stop at 3.3 million recorded events).
  static let recordedEventCost = 3

  /// Events between two looks at `cancellation`: a lock taken once per this many events costs
  /// nothing measurable, and a run stops within milliseconds of being cancelled.
  static let pollInterval = 4_096

  let limits: RunBudgets
  /// Raised by another thread to stop the run (see `RunCancellation`).
  let cancellation: RunCancellation?
  /// The run, to report to; weak, since the run owns its budget.
  weak var runtime: Runtime?
  // Unchecked exclusivity (here and on `events`): a run is single-threaded and every access is
  // a plain read or update, never overlapping another; the checks cost on every event.
  /// How deeply calls and subscriptions are nested right now.
  @exclusivity(unchecked) var depth = 0
  /// Events counted so far (see `RunBudgets.maxEvents`).
  @exclusivity(unchecked) private(set) var events = 0
  /// The event count past which `spend` looks further: `limits.maxEvents`, or before it the
  /// next look at `cancellation`. One comparison on every event covers both.
  @exclusivity(unchecked) private var checkpoint: Int
  /// Subscriptions open right now.
  private(set) var subscriptions = 0

  init(limits: RunBudgets, cancellation: RunCancellation? = nil) {
    self.limits = limits
    self.cancellation = cancellation
    checkpoint =
      cancellation == nil ? limits.maxEvents : min(limits.maxEvents, Self.pollInterval)
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

  /// Counts `count` events made at `range`: false, with the run's error reported, once the
  /// events are past `--max-events` or the run was cancelled.
  @inline(__always)
  func spend(_ count: Int = 1, at range: SourceRange) -> Bool {
    events &+= count
    guard events > checkpoint else { return true }
    return passCheckpoint(at: range)
  }

  /// `spend` past `checkpoint`: the events budget, then the cancellation flag, then the next
  /// checkpoint. A cancelled run keeps its checkpoint, so that every later `spend` fails too.
  @inline(never)
  private func passCheckpoint(at range: SourceRange) -> Bool {
    if events > limits.maxEvents {
      fail(
        Diagnostic.Interpreter.budget(
          "events", limit: limits.maxEvents, flag: "--max-events", at: range))
      return false
    }
    if let cancellation, cancellation.poll() {
      fail(RuntimeError("the run was cancelled", at: range, isBudget: true))
      return false
    }
    checkpoint = min(limits.maxEvents, events + Self.pollInterval)
    return true
  }

  /// Spends `copied` events for work a value operation did at `range` (characters or
  /// elements copied), throwing the budget's error past `--max-events`.
  func spend(copied: Int, at range: SourceRange) throws(RuntimeError) {
    guard copied > 0, !spend(copied, at: range) else { return }
    throw Diagnostic.Interpreter.budget(
      "events", limit: limits.maxEvents, flag: "--max-events", at: range)
  }

  /// Spends what comparing or hashing `values` at `range` visits (`ScriptValue.weight`): a value
  /// reused many times (`distinct()` of a large array each frame) costs each time. Scalars cost
  /// nothing. False, with the run's error reported, past `--max-events`.
  func spendComparing(_ value: ScriptValue, _ other: ScriptValue = .null, at range: SourceRange)
    -> Bool
  {
    guard value.isComposite || other.isComposite else { return true }
    let work = value.weight(upTo: limits.maxEvents) + other.weight(upTo: limits.maxEvents)
    return work == 0 || spend(work, at: range)
  }

  /// Counts a subscription opened at `range` (and one event): false, with the run's error
  /// reported, past `--max-subscriptions` open at once. Pair a true result with `closed()`.
  func opened(at range: SourceRange) -> Bool {
    guard spend(at: range) else { return false }
    guard subscriptions < limits.maxSubscriptions else {
      fail(
        Diagnostic.Interpreter.budget(
          "open subscriptions", limit: limits.maxSubscriptions, flag: "--max-subscriptions",
          at: range))
      return false
    }
    subscriptions += 1
    return true
  }

  /// A subscription counted by `opened(at:)` ended.
  func closed() {
    subscriptions -= 1
  }

  /// Checks a string or collection of `size` characters or elements made at `range`.
  func checkSize(_ size: Int, at range: SourceRange) throws(RuntimeError) {
    guard size > limits.maxValueSize else { return }
    throw Diagnostic.Interpreter.valueSize(size: size, limit: limits.maxValueSize, at: range)
  }

  /// Checks a value the script just built (a literal, `a + b`, an operator's array) at `range`:
  /// everything it holds, counted as if shared parts were copied (a value made of two
  /// references to one array holds that array twice), must stay within `--max-value-size`, and
  /// it may nest at most `maximumValueNesting` deep. So no value a script can make is larger
  /// or deeper than the budgets, and every walk over a value (equality, hashing, printing,
  /// drawing, JSON) is bounded by them.
  ///
  /// The walk is iterative and stops as soon as a limit is passed; what it visits below the
  /// value's own elements (which were checked when they were built) is spent as events, like
  /// the elements `+` copies (`copied`).
  func checkBuilt(_ value: ScriptValue, copied: Int = 0, at range: SourceRange) throws(RuntimeError)
  {
    var size = 0
    var visited = 0
    var stack: [(value: ScriptValue, level: Int)] = []
    var next: (value: ScriptValue, level: Int)? = (value, 0)
    while let (current, level) = next {
      var children = 0
      switch current {
      case .string(let text):
        size += text.utf8.count
      case .tuple(let values), .array(let values):
        children = values.count
        size += values.count
        if level < Self.maximumValueNesting {
          for element in values { stack.append((element, level + 1)) }
        }
      case .dictionary(let values):
        children = values.count
        size += values.count
        if level < Self.maximumValueNesting {
          for (key, element) in values {
            size += key.utf8.count
            stack.append((element, level + 1))
          }
        }
      case .error(let inner), .event(.next(let inner)):
        children = 1
        if level < Self.maximumValueNesting { stack.append((inner, level + 1)) }
      case .event(.error(let error)):
        children = 1
        if level < Self.maximumValueNesting {
          stack.append((ScriptValue.payload(of: error), level + 1))
        }
      default:
        break
      }
      if current.isComposite, level >= Self.maximumValueNesting {
        throw Diagnostic.Interpreter.valueNesting(
          limit: Self.maximumValueNesting, recorded: false, at: range)
      }
      if size > limits.maxValueSize {
        throw Diagnostic.Interpreter.valueSize(
          size: size, limit: limits.maxValueSize, orMore: !stack.isEmpty, at: range)
      }
      if level > 0 { visited += children }
      next = stack.popLast()
    }
    try spend(copied: copied + visited, at: range)
  }

  /// `checkBuilt` for values made by operators (`collect`, `bufferCount`, …), which cannot
  /// throw: false, with the run's error reported, when the value is past a budget.
  func fitsBuilt(_ value: ScriptValue, at range: SourceRange) -> Bool {
    do throws(RuntimeError) {
      try checkBuilt(value, copied: 0, at: range)
      return true
    } catch {
      fail(error)
      return false
    }
  }

  /// Checks a value about to be recorded: its strings and elements, nested ones included, must
  /// stay within `--max-value-size`, and it may nest at most `maximumValueNesting` deep. The
  /// walk stops as soon as either is exceeded, so checking costs at most the budget.
  ///
  /// A recorded value is kept (copied) until the run ends, so its size is also spent from the
  /// events budget: one event per element and per `charactersPerEvent` characters, nested ones
  /// included. (A 500,000-element value recorded every frame, or an array one element longer
  /// each frame, grew by gigabytes within seconds.)
  func checkRecorded(_ value: ScriptValue, at range: SourceRange) -> Bool {
    var remaining = limits.maxValueSize
    var weight = 0
    guard Self.fits(value, remaining: &remaining, weight: &weight, nesting: 0) else {
      fail(
        remaining < 0
          ? Diagnostic.Interpreter.valueSize(
            size: limits.maxValueSize + 1, limit: limits.maxValueSize, orMore: true, at: range)
          : Diagnostic.Interpreter.valueNesting(
            limit: Self.maximumValueNesting, recorded: true, at: range))
      return false
    }
    return weight == 0 || spend(weight, at: range)
  }

  /// Characters of recorded strings that count as one event (see `checkRecorded`).
  static let charactersPerEvent = 64

  private static func fits(
    _ value: ScriptValue, remaining: inout Int, weight: inout Int, nesting: Int
  ) -> Bool {
    switch value {
    case .string(let text):
      let count = text.utf8.count
      remaining -= count
      weight += count / charactersPerEvent
      return remaining >= 0
    case .tuple(let values), .array(let values):
      guard nesting < maximumValueNesting else { return false }
      remaining -= values.count
      weight += values.count
      if remaining < 0 { return false }
      for element in values
      where !fits(element, remaining: &remaining, weight: &weight, nesting: nesting + 1) {
        return false
      }
      return true
    case .dictionary(let values):
      guard nesting < maximumValueNesting else { return false }
      remaining -= values.count
      weight += values.count
      if remaining < 0 { return false }
      for (key, element) in values {
        remaining -= key.utf8.count
        weight += key.utf8.count / charactersPerEvent
        guard remaining >= 0,
          fits(element, remaining: &remaining, weight: &weight, nesting: nesting + 1)
        else { return false }
      }
      return true
    case .error(let inner):
      guard nesting < maximumValueNesting else { return false }
      return fits(inner, remaining: &remaining, weight: &weight, nesting: nesting + 1)
    case .event(let event):
      guard nesting < maximumValueNesting else { return false }
      switch event {
      case .next(let inner):
        return fits(inner, remaining: &remaining, weight: &weight, nesting: nesting + 1)
      case .error(let error):
        return fits(
          ScriptValue.payload(of: error), remaining: &remaining, weight: &weight,
          nesting: nesting + 1)
      case .completed: return true
      }
    default:
      return true
    }
  }

  /// Reports signals of signals nested past `maximumValueNesting` at `range`.
  func failNesting(at range: SourceRange) {
    fail(Diagnostic.Interpreter.signalNesting(limit: Self.maximumValueNesting, at: range))
  }

  private func fail(_ error: RuntimeError) {
    runtime?.report(error, byBudget: true)
  }
}
