/// What one subscription recorded: its window, and each recorded element with its frame, in
/// delivery order. The one recording core of the package: the Swift tests' `Recording`, the
/// scripts' lanes (`LaneRecorder`) and the library's own test harness all record into it.
///
///     subscribe at 2, next(1) at 3, completed at 5:
///     window 2…5, entries (3, next(1)), (5, completed)
///
/// Appending is O(1) and never copies what is already recorded: entries live in chunks of
/// fixed capacity, so a recording of millions of events holds each event once, with no
/// doubling array behind it (at most one chunk of spare room).
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

  /// Entries per chunk (a power of two).
  @usableFromInline static var chunkShift: Int { 12 }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// recorded signal terminated; nil before it subscribed.
  @usableFromInline package private(set) var window: SubscriptionLog?
  /// The full chunks, `1 << chunkShift` entries each.
  @usableFromInline var full: [Chunk] = []
  /// The last chunk, appended to in place; moved to `full` when the next entry needs a new
  /// chunk. Nil before the first entry.
  @usableFromInline var tail: Chunk?
  /// The number of entries.
  @usableFromInline package private(set) var count = 0

  @inlinable package init() {}

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

  /// The number of entries of this log in its tail chunk.
  @inlinable var tailCount: Int { count &- (full.count << Self.chunkShift) }

  /// Appends `element` at `frame`; a `terminal` element (completion, failure) also closes the
  /// window at `frame`. O(1).
  // Always inlined into the recording's handler: one call less per recorded event, and the
  // terminal test folds away for a `.next`. An entry is written straight into the tail chunk
  // when it has room and no other copy of this log has appended to it (see `Chunk`).
  @inlinable @inline(__always)
  package mutating func append(_ element: Element, at frame: Int, terminal: Bool) {
    let index = count & ((1 << Self.chunkShift) - 1)
    if let tail, tail.count == index, index < tail.capacity {
      (tail.base + index).initialize(to: Entry(frame: frame, element: element))
      tail.count = index &+ 1
      count += 1
    } else {
      // Out of line, and last: the common path above saves no registers for a call.
      appendMakingRoom(element, at: frame)
    }
    if terminal { end(at: frame) }
  }

  /// Appends `element` at `frame` once `makeRoom` has made room for it.
  @inlinable @inline(never) mutating func appendMakingRoom(_ element: Element, at frame: Int) {
    makeRoom()
    if let tail {
      let index = count & ((1 << Self.chunkShift) - 1)
      (tail.base + index).initialize(to: Entry(frame: frame, element: element))
      tail.count = index &+ 1
    }
    count += 1
  }

  /// Makes `tail` a chunk that this log alone appends to, with room for one more entry.
  @inlinable mutating func makeRoom() {
    let size = 1 << Self.chunkShift
    let used = tailCount
    if let tail, used == size {
      full.append(tail)
      self.tail = Chunk(capacity: size)
      return
    }
    // The first chunk starts small and doubles up to `size`; a chunk that another copy of
    // this log appended to is copied first.
    let capacity = Swift.max(16, Swift.min(size, (tail?.capacity ?? 0) * (used == 0 ? 1 : 2)))
    let chunk = Chunk(capacity: Swift.max(capacity, used + 1))
    if let tail { chunk.append(copying: tail, count: used) }
    tail = chunk
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
      change(&full[chunk].base[offset].element)
    } else if var chunk = tail {
      // Not held here while checking, so that only other copies count.
      tail = nil
      if !isKnownUniquelyReferenced(&chunk) {
        let copy = Chunk(capacity: chunk.capacity)
        copy.append(copying: chunk, count: tailCount)
        chunk = copy
      }
      change(&chunk.base[offset].element)
      tail = chunk
    }
  }

  /// The last frame recorded, if any.
  @inlinable package var lastFrame: Int? { count == 0 ? nil : self[count - 1].frame }

  /// The entries, `1 << chunkShift` per chunk, every chunk but the last full.
  var chunks: [ContiguousArray<Entry>] {
    var chunks: [ContiguousArray<Entry>] = []
    forEachChunk { chunks.append(ContiguousArray($0)) }
    return chunks
  }

  /// A chunk of entries: room for `capacity`, of which the first `count` are initialized.
  ///
  /// Copies of a log share their chunks. Entries are only ever added past every copy's own
  /// entries, each copy reads only its own `count` of them, and a copy appends to a chunk in
  /// place only while the chunk's `count` is its own (no other copy appended since); otherwise
  /// it copies the chunk first. So what a copy holds never changes under it.
  @usableFromInline final class Chunk: @unchecked Sendable {
    // Invariant: see above; the entries a copy of the log reads are never written again
    // (`update` copies a shared chunk), so sharing a chunk between threads is safe.
    @usableFromInline let base: UnsafeMutablePointer<Entry>
    @usableFromInline let capacity: Int
    // Unchecked exclusivity: written by the one copy of the log that appends, never in
    // overlapping accesses.
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: capacity)
    }

    /// Copies the first `count` entries of `other` into this empty chunk.
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

  @inlinable package subscript(position: Int) -> Entry {
    let chunk = position >> Self.chunkShift
    let offset = position & ((1 << Self.chunkShift) - 1)
    if chunk < full.count { return full[chunk].base[offset] }
    // Past the full chunks: the tail (`full[chunk]` traps as an index out of range would).
    guard let tail else { return full[chunk].base[offset] }
    return tail.base[offset]
  }

  /// Calls `body` with every entry in order (faster than indexing each).
  @inlinable package func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    try forEachChunk { chunk in
      for entry in chunk { try body(entry) }
    }
  }

  /// Calls `body` with the entries in order, a chunk at a time (for loops that copy them).
  @inlinable package func forEachChunk(_ body: (UnsafeBufferPointer<Entry>) throws -> Void)
    rethrows
  {
    for chunk in full {
      try body(UnsafeBufferPointer(start: chunk.base, count: 1 << Self.chunkShift))
    }
    if let tail { try body(UnsafeBufferPointer(start: tail.base, count: tailCount)) }
  }
}

extension RecordLog: Sendable where Element: Sendable {}
extension RecordLog.Entry: Sendable where Element: Sendable {}
