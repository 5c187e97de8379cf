/// What one subscription recorded: its window, and each recorded element with its frame, in
/// delivery order. The one recording storage of the package: the Swift tests' `Recording`, the
/// scripts' lanes (`LaneRecorder`) and the library's own test harness all record into it.
///
///     subscribe at 2, next(1) at 3, next(2) at 4, completed at 7:
///     window 2…7, elements next(1) next(2) completed, frames as runs (0, 3) (2, 7)
///
/// Appending is O(1) and never copies what is already recorded: the elements live in chunks of
/// fixed capacity, so a recording of millions holds each once, with no doubling array behind
/// it (at most one chunk of spare room), and their frames as runs (`FrameRuns`), so a value a
/// frame costs no bytes for its frame.
@usableFromInline package struct RecordLog<Element> {
  /// One recorded element at its frame.
  @usableFromInline package typealias Entry = (frame: Int, element: Element)

  /// Elements per chunk (a power of two).
  @usableFromInline static var chunkShift: Int { 12 }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// recorded signal terminated; nil before it subscribed.
  @usableFromInline package private(set) var window: SubscriptionLog?
  /// The full chunks, `1 << chunkShift` elements each.
  @usableFromInline var full: [Chunk] = []
  /// The last chunk, appended to in place; moved to `full` when the next element needs a new
  /// chunk. The first holds 16 elements.
  @usableFromInline var tail = Chunk(capacity: 16)
  /// The frame of each element.
  @usableFromInline package private(set) var frames = FrameRuns(stepping: true)

  @inlinable package init() {}

  /// The number of elements.
  @inlinable package var count: Int { frames.count }

  /// Whether the subscription was made and has not ended.
  @inlinable package var isActive: Bool { window != nil && window?.unsubscribed == nil }

  /// Opens the window at `frame` (the subscription), unless it is open or closed already.
  @inlinable package mutating func start(at frame: Int) {
    if window == nil { window = SubscriptionLog(subscribed: frame) }
  }

  /// Closes an open window at `frame`: the subscription was disposed, or the recorded signal
  /// terminated.
  @inlinable package mutating func end(at frame: Int) {
    if window != nil, window?.unsubscribed == nil { window?.unsubscribed = frame }
  }

  /// The number of elements of this log in its tail chunk.
  @inlinable var tailCount: Int { count &- (full.count << Self.chunkShift) }

  /// Appends `element` at `frame`; a `terminal` element (completion, failure) also closes the
  /// window at `frame`. O(1).
  // Always inlined into the recording's handler: one call less per recorded event, and the
  // terminal test folds away for a `.next`.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element, at frame: Int, terminal: Bool) {
    // The element's place in the tail: this log's count there, the chunk's own count unless
    // the chunk is full (the place wraps to 0) or another copy of this log appended to it.
    let index = count & tail.mask
    // Out of line: the common path saves no registers for a call.
    if tail.count != index { makeRoom() }
    appendToTail(element, at: frame)
    if terminal { end(at: frame) }
  }

  /// `append(element, at: frame, terminal: false)` for a log that no copy of it appends to
  /// (a class's own, as `Recording`'s is): a copy made to read it may be read and updated,
  /// but appending to both a copy and the log it was copied from is a programming error.
  /// One compare less a value than `append` (a lane's terminal events and the harness use that).
  @inlinable @inline(__always) package mutating func appendUnshared(
    _ element: Element, at frame: Int
  ) {
    if tail.count > tail.mask { makeRoom() }
    appendToTail(element, at: frame)
  }

  /// Appends `element` at `frame` to a tail with room for it that no other copy appended to.
  @inlinable @inline(__always) mutating func appendToTail(_ element: Element, at frame: Int) {
    (tail.base + tail.count).initialize(to: element)
    tail.count &+= 1
    frames.append(frame)
  }

  /// Makes the tail a chunk with room for one more element that no other copy of this log
  /// appends to, its count this log's count there: a full chunk of `1 << chunkShift` goes
  /// to `full`, a smaller full one (the first chunk starts small) is copied into one twice its
  /// size, and one that another copy appended to into one of its size.
  @inlinable @inline(never) mutating func makeRoom() {
    let (size, used) = (1 << Self.chunkShift, tailCount)
    guard used < size else {
      full.append(tail)
      tail = Chunk(capacity: size)
      return
    }
    tail = tail.copy(count: used, capacity: (tail.mask + 1) * (used > tail.mask ? 2 : 1))
  }

  /// Appends `event` at `frame`, closing the window if it is a completion or a failure.
  @inlinable package mutating func append<Value>(_ event: Event<Value>, at frame: Int)
  where Element == Event<Value> {
    append(event, at: frame, terminal: event.isTerminal)
  }

  /// Replaces the element at `index` (a placeholder filled in after the run). A chunk shared
  /// with a copy of this log is copied first.
  @inlinable package mutating func update(_ index: Int, _ change: (inout Element) -> Void) {
    let (chunk, offset) = (index >> Self.chunkShift, index & ((1 << Self.chunkShift) - 1))
    if chunk < full.count {
      if !isKnownUniquelyReferenced(&full[chunk]) {
        full[chunk] = full[chunk].copy(count: 1 << Self.chunkShift)
      }
      change(&full[chunk].base[offset])
    } else {
      if !isKnownUniquelyReferenced(&tail) { tail = tail.copy(count: tailCount) }
      change(&tail.base[offset])
    }
  }

  /// The last frame recorded, if any.
  @inlinable package var lastFrame: Int? { frames.last }

  /// The elements, `1 << chunkShift` per chunk, every chunk but the last full.
  var chunks: [ContiguousArray<Element>] {
    var chunks: [ContiguousArray<Element>] = []
    forEachChunk { chunks.append(ContiguousArray($0)) }
    return chunks
  }

  /// A chunk of elements: room for `mask + 1`, of which the first `count` are initialized.
  ///
  /// Copies of a log share their chunks. Elements are only ever added past every copy's own
  /// elements, each copy reads only its own `count` of them, and a copy appends to a chunk in
  /// place only while the chunk's `count` is its own (no other copy appended since); otherwise
  /// it copies the chunk first. So what a copy holds never changes under it.
  @usableFromInline final class Chunk: @unchecked Sendable {
    // Invariant: see above; the elements a copy of the log reads are never written again
    // (`update` copies a shared chunk), so sharing a chunk between threads is safe.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// The capacity less one (a power of two less one).
    @usableFromInline let mask: Int
    // Unchecked exclusivity: written by the one copy of the log that appends, never in
    // overlapping accesses.
    @exclusivity(unchecked) @usableFromInline var count = 0

    /// An empty chunk with room for `capacity` elements, a power of two.
    @inlinable init(capacity: Int) {
      (base, mask) = (.allocate(capacity: capacity), capacity - 1)
    }

    /// A chunk of `capacity` elements (this one's if nil) holding a copy of this one's first
    /// `count`.
    @inlinable func copy(count: Int, capacity: Int? = nil) -> Chunk {
      let copy = Chunk(capacity: capacity ?? mask + 1)
      copy.base.initialize(from: base, count: count)
      copy.count = count
      return copy
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }
}

extension RecordLog: RandomAccessCollection {
  @inlinable package var startIndex: Int { 0 }
  @inlinable package var endIndex: Int { count }

  /// The entry at `position` (its frame looked up among the runs: `forEachSpan` reads them in
  /// order without a search).
  @inlinable package subscript(position: Int) -> Entry {
    let (chunk, offset) = (position >> Self.chunkShift, position & ((1 << Self.chunkShift) - 1))
    return (frames[position], (chunk < full.count ? full[chunk] : tail).base[offset])
  }

  /// Calls `body` with every entry in order (faster than indexing each).
  @inlinable package func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    try forEachSpan { first, step, elements in
      for index in elements.indices {
        try body((first &+ index &* step, elements[index]))
      }
    }
  }

  /// Calls `body` with the elements in order, a chunk at a time (for loops that copy them).
  @inlinable @inline(__always)
  package func forEachChunk(_ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
    for chunk in full {
      try body(UnsafeBufferPointer(start: chunk.base, count: 1 << Self.chunkShift))
    }
    try body(UnsafeBufferPointer(start: tail.base, count: tailCount))
  }

  /// Calls `body` with the elements in order, in spans of one frame run within a chunk: the
  /// first frame of the span, the run's step and its elements, element `i` at frame
  /// `first + i * step`.
  // Always inlined, and plain loops, so that `body` is inlined too; a chunk is retained once,
  // not once a span.
  @inlinable @inline(__always) package func forEachSpan(
    _ body: (_ first: Int, _ step: Int, UnsafeBufferPointer<Element>) throws -> Void
  ) rethrows {
    let (starts, firsts, count) = (frames.starts, frames.firsts, count)
    // A span ends where its run or its chunk does; the run holding `index` ends at `runEnd`,
    // element `i` of it at frame `base + i * step`.
    var (index, run, runEnd) = (0, 0, starts.count > 1 ? starts[1] : count)
    var (base, step) = (firsts.first ?? 0, count > 0 ? frames.step(of: 0) : 1)
    for number in 0...full.count {
      let chunk = number < full.count ? full[number] : tail
      let chunkEnd = number < full.count ? (number &+ 1) << Self.chunkShift : count
      while index < chunkEnd {
        if index == runEnd {
          run &+= 1
          runEnd = run &+ 1 < starts.count ? starts[run &+ 1] : count
          step = frames.step(of: run)
          base = firsts[run] &- index &* step
        }
        let end = Swift.min(runEnd, chunkEnd)
        let offset = index & ((1 << Self.chunkShift) - 1)
        try body(
          base &+ index &* step, step,
          UnsafeBufferPointer(start: chunk.base + offset, count: end &- index))
        index = end
      }
    }
  }
}

extension RecordLog: Sendable where Element: Sendable {}
