import MarblesCore
import Reactive

/// Virtual time for code that takes a clock: one frame is one millisecond.
///
///     let ts = TestScheduler()
///     let model = SearchModel(queries: queries.values, clock: ts.clock)   // some Clock<Duration>
///     try await ts.run()
///
/// `now` is the run's current frame; `sleep(until:)` suspends the task until the run reaches that
/// instant (rounded up to a whole frame), and ends at once with `CancellationError` when the task
/// is cancelled. `Task.sleep(for:tolerance:clock:)` works with it. The clock moves only during
/// `ts.run()`: a sleep before or after the run throws `MarbleClockError`; before the run it is
/// also reported at the line that slept, even when the app swallows the error (`try?`).
public struct MarbleClock: Clock, Sendable {
  /// An instant of virtual time: a duration since frame 0.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since frame 0.
    public var offset: Duration

    /// The instant `offset` after frame 0.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant of frame `frame` (`frame` milliseconds after frame 0).
    public init(frame: Int) {
      offset = .milliseconds(frame)
    }

    /// The frame this instant falls in, rounded up: a sleep until 2.5 ms ends at frame 3.
    public var frame: Int {
      let (seconds, attoseconds) = offset.components
      let perFrame: Int64 = 1_000_000_000_000_000
      let (whole, rest) = attoseconds.quotientAndRemainder(dividingBy: perFrame)
      let frames = seconds * 1000 + whole + (rest > 0 ? 1 : 0)
      return Int(clamping: frames)
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `frame 12`.
    public var description: String { "frame \(frame)" }
  }

  let run: AsyncRun

  init(run: AsyncRun) {
    self.run = run
  }

  /// The run's current frame.
  public var now: Instant { Instant(frame: run.frame) }

  /// One frame.
  public var minimumResolution: Duration { .milliseconds(1) }

  /// Suspends until the run reaches `deadline` (or at once, after the work already queued for
  /// the current frame, when it has passed).
  ///
  /// - Throws: `CancellationError` when the task is cancelled (at the frame it is cancelled);
  ///   `MarbleClockError` outside the run.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await run.wait(untilFrame: deadline.frame, cancellable: true)
  }

  /// `sleep(until:)`, with the call's place for a `MarbleClockError`'s report.
  func sleep(until deadline: Instant, caller: CallLocation) async throws {
    try await run.wait(untilFrame: deadline.frame, cancellable: true, caller: caller)
  }
}

/// `ts.clock` was used where virtual time does not move.
public struct MarbleClockError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public var message: String

  public var description: String { message }
}
