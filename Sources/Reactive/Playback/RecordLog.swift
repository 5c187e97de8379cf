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
  @usableFromInline var full: [ContiguousArray<Entry>] = []
  /// The last chunk, appended to in place (one uniqueness check per append, not two); moved to
  /// `full` when the next entry needs a new chunk.
  @usableFromInline var tail = ContiguousArray<Entry>()
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

  /// Appends `element` at `frame`; a `terminal` element (completion, failure) also closes the
  /// window at `frame`. O(1).
  // Always inlined into the recording's handler: one call less per recorded event, and the
  // terminal test folds away for a `.next`.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element, at frame: Int, terminal: Bool) {
    let size = 1 << Self.chunkShift
    if count & (size - 1) == 0 {
      if count > 0 { full.append(tail) }
      tail = ContiguousArray<Entry>()
      tail.reserveCapacity(count == 0 ? 16 : size)
    }
    tail.append(Entry(frame: frame, element: element))
    count += 1
    if terminal { end(at: frame) }
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

  /// Replaces the element at `index` (a placeholder filled in after the run).
  @inlinable package mutating func update(_ index: Int, _ change: (inout Element) -> Void) {
    let chunk = index >> Self.chunkShift
    let offset = index & ((1 << Self.chunkShift) - 1)
    if chunk < full.count {
      change(&full[chunk][offset].element)
    } else {
      change(&tail[offset].element)
    }
  }

  /// The last frame recorded, if any.
  @inlinable package var lastFrame: Int? { tail.last?.frame }

  /// The entries, `1 << chunkShift` per chunk, every chunk but the last full.
  @inlinable var chunks: [ContiguousArray<Entry>] { count == 0 ? [] : full + [tail] }
}

extension RecordLog: RandomAccessCollection {
  @inlinable package var startIndex: Int { 0 }
  @inlinable package var endIndex: Int { count }

  @inlinable package subscript(position: Int) -> Entry {
    let chunk = position >> Self.chunkShift
    let offset = position & ((1 << Self.chunkShift) - 1)
    return chunk < full.count ? full[chunk][offset] : tail[offset]
  }

  /// Calls `body` with every entry in order (faster than indexing each).
  @inlinable package func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
    for chunk in full {
      for entry in chunk { try body(entry) }
    }
    for entry in tail { try body(entry) }
  }

  /// Calls `body` with the entries in order, a chunk at a time (for loops that copy them).
  @inlinable package func forEachChunk(_ body: (UnsafeBufferPointer<Entry>) throws -> Void)
    rethrows
  {
    for chunk in full { try chunk.withUnsafeBufferPointer(body) }
    try tail.withUnsafeBufferPointer(body)
  }
}

extension RecordLog: Sendable where Element: Sendable {}
extension RecordLog.Entry: Sendable where Element: Sendable {}

extension VirtualTimeScheduler {
  /// Schedules a recording's subscription window: `subscribe` at the start of frame
  /// `subscribedAt`, and `unsubscribe` at the start of `disposedAt` (not before `subscribedAt`),
  /// both queued now, before the sources' events of those frames (as RxJS records).
  package func scheduleWindow(
    subscribedAt: Int, disposedAt: Int?, subscribe: @escaping () -> Void,
    unsubscribe: @escaping () -> Void
  ) {
    _ = schedule(at: subscribedAt, subscribe)
    if let disposedAt { _ = schedule(at: max(subscribedAt, disposedAt), unsubscribe) }
  }
}
