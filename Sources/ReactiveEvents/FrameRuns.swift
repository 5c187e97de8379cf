/// Frames kept as runs, each a fixed step apart: each run's first index, first frame and step.
/// A frame off the last run starts a run of step 1; in runs made `stepping`, a run of one frame
/// takes the step to the next (0 or more). A marble or a recording of a value every frame, or
/// every k frames (`a-a-a`), is one run, not 8 bytes a value, to write, keep and read: a
/// recording's frames (`RecordLog`, stepping) and a marble's timeline (`CodedTimeline`: steps of
/// 1, as its playback steps a frame at a time).
///
///     0 1 2 3 7 8 8 9:  runs (0, 0, 1) (4, 7, 1) (6, 8, 1)   (index, frame, step)
///     0 2 4 6 9 12 13:  runs (0, 0, 2) (4, 9, 3) (6, 13, 1)  stepping
@usableFromInline package struct FrameRuns: Sendable {
  /// The index of each run's first frame, in order.
  @usableFromInline package private(set) var starts: [Int] = []
  /// The first frame of each run.
  @usableFromInline package private(set) var firsts: [Int] = []
  /// The step of each run, frame `i` of run `r` at `firsts[r] + i * steps[r]`; empty unless
  /// `stepping` (every step 1), so a marble's runs keep no steps.
  @usableFromInline package private(set) var steps: [Int] = []
  /// Whether a run of one frame takes the step to the next frame appended.
  @usableFromInline let stepping: Bool
  /// The number of frames.
  @usableFromInline package private(set) var count = 0
  /// The frame that would extend the last run, and the last run's step.
  @usableFromInline var (next, step) = (0, 1)

  @inlinable package init(stepping: Bool = false) { self.stepping = stepping }

  @inlinable package init(_ frames: some Sequence<Int>, stepping: Bool = false) {
    self.init(stepping: stepping)
    for frame in frames { append(frame) }
  }

  /// The last frame, if any.
  @inlinable package var last: Int? { count == 0 ? nil : next &- step }

  /// The first frame, if any.
  @inlinable package var first: Int? { firsts.first }

  /// Appends `frame`.
  @inlinable @inline(__always) package mutating func append(_ frame: Int) {
    if count == 0 || frame != next { startRun(at: frame) }
    (count, next) = (count &+ 1, frame &+ step)
  }

  /// Appends the `count` consecutive frames from `frame` on.
  @inlinable package mutating func append(_ frame: Int, count added: Int) {
    for offset in 0..<(stepping ? Swift.max(added, 0) : 0) { append(frame &+ offset) }
    guard added > 0, !stepping else { return }
    if count == 0 || frame != next { startRun(at: frame) }
    (count, next) = (count &+ added, frame &+ added)
  }

  /// Starts a run of step 1 at `frame`, the next frame appended; `stepping`, a last run of one
  /// frame at or before `frame` takes the step to it instead.
  @inlinable @inline(never) mutating func startRun(at frame: Int) {
    if stepping, count > 0, starts.last == count &- 1, frame >= next &- 1 {
      step = frame &- (next &- 1)
      steps[steps.count &- 1] = step
      return
    }
    starts.append(count)
    firsts.append(frame)
    if stepping { steps.append(1) }
    step = 1
  }

  /// The step of run `run`.
  @inlinable package func step(of run: Int) -> Int { stepping ? steps[run] : 1 }

  /// The run holding index `index` (in `0..<count`).
  @inlinable package func run(containing index: Int) -> Int { starts.run(containing: index) }

  /// The frame at `index`; traps outside `0..<count`, as an array does.
  @inlinable package subscript(index: Int) -> Int {
    precondition(index >= 0 && index < count, "Index out of range")
    let run = run(containing: index)
    return firsts[run] &+ (index &- starts[run]) &* step(of: run)
  }

  /// Every frame, in order.
  @inlinable package var array: [Int] {
    starts.indices.flatMap { run in
      let end = run &+ 1 < starts.count ? starts[run &+ 1] : count
      return (0..<end &- starts[run]).lazy.map { firsts[run] &+ $0 &* step(of: run) }
    }
  }
}

/// Codes kept as runs of one repeated code: each run's first index and its code (a code unlike
/// the one before starts a run). A marble of one key repeated (`aaaa…|`) is two runs, whatever
/// its length: its timeline's codes (`CodedTimeline`) cost nothing a value to write or read.
///
///     7 7 7 2 7 7:  runs (0, 7) (3, 2) (4, 7)   (index, code)
@usableFromInline package struct CodeRuns: Sendable {
  /// The index of each run's first code, in order.
  @usableFromInline package private(set) var starts: [Int] = []
  /// The code of each run.
  @usableFromInline package private(set) var codes: [UInt32] = []
  /// The number of codes.
  @usableFromInline package private(set) var count = 0

  @inlinable package init() {}

  @inlinable package init(_ codes: some Sequence<UInt32>) {
    for code in codes { append(code) }
  }

  /// Appends `code`, `added` times.
  @inlinable @inline(__always) package mutating func append(_ code: UInt32, count added: Int = 1) {
    guard added > 0 else { return }
    if codes.last != code {
      starts.append(count)
      codes.append(code)
    }
    count &+= added
  }

  /// The end of run `run` (the index after its last code).
  @inlinable func end(of run: Int) -> Int { run &+ 1 < starts.count ? starts[run &+ 1] : count }

  /// The code at `index` (traps outside `0..<count`, as an array does) and the end of its run,
  /// `run` the run looked up last (a hint, any run: stepping on from it is cheapest) and then
  /// the run holding `index`.
  @inlinable package func code(at index: Int, near run: inout Int) -> (code: UInt32, end: Int) {
    precondition(index >= 0 && index < count, "Index out of range")
    if run < 0 || run >= starts.count || index < starts[run] || index >= end(of: run) {
      run =
        run &+ 1 < starts.count && starts[run &+ 1] == index
        ? run &+ 1 : starts.run(containing: index)
    }
    return (codes[run], end(of: run))
  }

  /// Every code, in order.
  @inlinable package var array: [UInt32] {
    starts.indices.flatMap { repeatElement(codes[$0], count: end(of: $0) &- starts[$0]) }
  }
}

extension [Int] {
  /// The run holding index `index`, `self` each run's first index in order (a run's start).
  @inlinable func run(containing index: Int) -> Int {
    var (low, high) = (0, count)
    while high - low > 1 {
      let middle = (low + high) / 2
      if self[middle] <= index { low = middle } else { high = middle }
    }
    return low
  }
}
