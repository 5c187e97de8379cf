/// Frames kept as runs of consecutive frames (each one more than the one before): each run's
/// first index and first frame (any frame that does not follow on starts a run). A marble or a
/// recording of one value a frame costs one run, not 8 bytes a value, to write, keep and read:
/// a marble's timeline (`CodedTimeline`) and a recording's frames (`Recording`).
///
///     0 1 2 3 7 8 8 9:  runs (0, 0) (4, 7) (6, 8)   (index, frame)
@usableFromInline package struct FrameRuns: Sendable {
  /// The index of each run's first frame, in order.
  @usableFromInline package private(set) var starts: [Int] = []
  /// The first frame of each run.
  @usableFromInline package private(set) var firsts: [Int] = []
  /// The number of frames.
  @usableFromInline package private(set) var count = 0
  /// The frame that would extend the last run.
  @usableFromInline var next = 0

  @inlinable package init() {}

  @inlinable package init(_ frames: some Sequence<Int>) {
    for frame in frames { append(frame) }
  }

  /// The last frame, if any.
  @inlinable package var last: Int? { count == 0 ? nil : next &- 1 }

  /// The first frame, if any.
  @inlinable package var first: Int? { firsts.first }

  /// Appends `frame`.
  @inlinable @inline(__always) package mutating func append(_ frame: Int) {
    if count == 0 || frame != next { startRun(at: frame) }
    (count, next) = (count &+ 1, frame &+ 1)
  }

  /// Appends the `count` consecutive frames from `frame` on.
  @inlinable package mutating func append(_ frame: Int, count added: Int) {
    guard added > 0 else { return }
    if count == 0 || frame != next { startRun(at: frame) }
    (count, next) = (count &+ added, frame &+ added)
  }

  /// Starts a run at `frame`, the next frame appended.
  @inlinable @inline(never) mutating func startRun(at frame: Int) {
    starts.append(count)
    firsts.append(frame)
  }

  /// The run holding index `index` (in `0..<count`).
  @inlinable package func run(containing index: Int) -> Int {
    var (low, high) = (0, starts.count)
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= index { low = middle } else { high = middle }
    }
    return low
  }

  /// The frame at `index`; traps outside `0..<count`, as an array does.
  @inlinable package subscript(index: Int) -> Int {
    precondition(index >= 0 && index < count, "Index out of range")
    let run = run(containing: index)
    return firsts[run] &+ (index &- starts[run])
  }

  /// Every frame, in order.
  @inlinable package var array: [Int] {
    var frames: [Int] = []
    frames.reserveCapacity(count)
    for run in starts.indices {
      let end = run &+ 1 < starts.count ? starts[run &+ 1] : count
      frames += firsts[run]...firsts[run] &+ (end &- starts[run] &- 1)
    }
    return frames
  }
}
