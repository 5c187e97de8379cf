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
  @usableFromInline package struct Entry {
    /// The frame it was recorded at.
    @usableFromInline package var frame: Int
    /// What was recorded.
    @usableFromInline package var element: Element

    @inlinable package init(frame: Int, element: Element) {
      self.frame = frame
      self.element = element
    }
  }

  /// Elements per chunk (a power of two).
  @usableFromInline static var chunkShift: Int { 12 }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// recorded signal terminated; nil before it subscribed.
  @usableFromInline package private(set) var window: SubscriptionLog?
  /// The full chunks, `1 << chunkShift` elements each.
  @usableFromInline var full: [Chunk] = []
  /// The last chunk, appended to in place; moved to `full` when the next element needs a new
  /// chunk. Empty, with no room, before the first element.
  @usableFromInline var tail = Chunk(capacity: 0)
  /// The frame of each element.
  @usableFromInline package private(set) var frames = FrameRuns()

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
  // terminal test folds away for a `.next`. An element is written straight into the tail
  // chunk when it has room and no other copy of this log has appended to it (see `Chunk`).
  @inlinable @inline(__always)
  package mutating func append(_ element: Element, at frame: Int, terminal: Bool) {
    let index = count & ((1 << Self.chunkShift) - 1)
    if tail.count == index, index < tail.capacity {
      (tail.base + index).initialize(to: element)
      tail.count = index &+ 1
    } else {
      // Out of line: the common path above saves no registers for a call.
      appendMakingRoom(element)
    }
    frames.append(frame)
    if terminal { end(at: frame) }
  }

  /// Appends `element` to a new tail, the old one kept in `full` when full, else copied (the
  /// first chunk starts small and doubles up to `1 << chunkShift`; a chunk that another copy
  /// of this log appended to is copied too). The caller appends the frame.
  @inlinable @inline(never) mutating func appendMakingRoom(_ element: Element) {
    let (size, used) = (1 << Self.chunkShift, tailCount)
    if used == size {
      full.append(tail)
      tail = Chunk(capacity: size)
    } else {
      let capacity = Swift.min(size, Swift.max(16, tail.capacity * (used == 0 ? 1 : 2)))
      let chunk = Chunk(capacity: Swift.max(capacity, used + 1))
      chunk.append(copying: tail, count: used)
      tail = chunk
    }
    (tail.base + (count & (size - 1))).initialize(to: element)
    tail.count &+= 1
  }

  /// Appends `event` at `frame`, closing the window if it is a completion or a failure.
  @inlinable package mutating func append<Value>(_ event: Event<Value>, at frame: Int)
  where Element == Event<Value> {
    if case .next = event {
      append(event, at: frame, terminal: false)
    } else {
      append(event, at: frame, terminal: true)
    }
  }

  /// Replaces the element at `index` (a placeholder filled in after the run). A chunk shared
  /// with a copy of this log is copied first.
  @inlinable package mutating func update(_ index: Int, _ change: (inout Element) -> Void) {
    let chunk = index >> Self.chunkShift
    let offset = index & ((1 << Self.chunkShift) - 1)
    if chunk < full.count {
      if !isKnownUniquelyReferenced(&full[chunk]) {
        let copy = Chunk(capacity: full[chunk].capacity)
        copy.append(copying: full[chunk], count: 1 << Self.chunkShift)
        full[chunk] = copy
      }
      change(&full[chunk].base[offset])
    } else {
      // Not held here while checking, so that only other copies count.
      var chunk = tail
      tail = Chunk(capacity: 0)
      if !isKnownUniquelyReferenced(&chunk) {
        let copy = Chunk(capacity: chunk.capacity)
        copy.append(copying: chunk, count: tailCount)
        chunk = copy
      }
      change(&chunk.base[offset])
      tail = chunk
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

  /// A chunk of elements: room for `capacity`, of which the first `count` are initialized.
  ///
  /// Copies of a log share their chunks. Elements are only ever added past every copy's own
  /// elements, each copy reads only its own `count` of them, and a copy appends to a chunk in
  /// place only while the chunk's `count` is its own (no other copy appended since); otherwise
  /// it copies the chunk first. So what a copy holds never changes under it.
  @usableFromInline final class Chunk: @unchecked Sendable {
    // Invariant: see above; the elements a copy of the log reads are never written again
    // (`update` copies a shared chunk), so sharing a chunk between threads is safe.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int
    // Unchecked exclusivity: written by the one copy of the log that appends, never in
    // overlapping accesses.
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable init(capacity: Int) {
      (base, self.capacity) = (.allocate(capacity: capacity), capacity)
    }

    /// Copies the first `count` elements of `other` into this empty chunk.
    @inlinable func append(copying other: Chunk, count: Int) {
      base.initialize(from: other.base, count: count)
      self.count = count
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
    let chunk = position >> Self.chunkShift
    let offset = position & ((1 << Self.chunkShift) - 1)
    let frame = frames[position]
    return Entry(frame: frame, element: (chunk < full.count ? full[chunk] : tail).base[offset])
  }

  /// Calls `body` with every entry in order (faster than indexing each).
  @inlinable package func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    try forEachSpan { first, elements in
      for index in elements.indices {
        try body(Entry(frame: first &+ index, element: elements[index]))
      }
    }
  }

  /// Calls `body` with the elements in order, a chunk at a time (for loops that copy them).
  @inlinable package func forEachChunk(_ body: (UnsafeBufferPointer<Element>) throws -> Void)
    rethrows
  {
    for chunk in full {
      try body(UnsafeBufferPointer(start: chunk.base, count: 1 << Self.chunkShift))
    }
    try body(UnsafeBufferPointer(start: tail.base, count: tailCount))
  }

  /// Calls `body` with the elements in order, in spans of consecutive frames within a chunk:
  /// the first frame of the span and its elements, element `i` at frame `first + i`.
  @inlinable package func forEachSpan(
    _ body: (_ first: Int, UnsafeBufferPointer<Element>) throws -> Void
  ) rethrows {
    let (starts, firsts, count) = (frames.starts, frames.firsts, count)
    // `run` holds element `index`, the first of the chunk's elements not given yet.
    var (run, index) = (0, 0)
    try forEachChunk { chunk in
      var offset = 0
      while offset < chunk.count {
        while run &+ 1 < starts.count, starts[run &+ 1] <= index { run &+= 1 }
        let end = run &+ 1 < starts.count ? starts[run &+ 1] : count
        let length = Swift.min(chunk.count &- offset, end &- index)
        try body(
          firsts[run] &+ (index &- starts[run]),
          UnsafeBufferPointer(rebasing: chunk[offset..<offset &+ length]))
        (offset, index) = (offset &+ length, index &+ length)
      }
    }
  }
}

extension RecordLog: Sendable where Element: Sendable {}
extension RecordLog.Entry: Sendable where Element: Sendable {}
