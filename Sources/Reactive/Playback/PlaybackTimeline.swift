/// A marble timeline ready to play on a `VirtualTimeScheduler`: events in frame order, grouped
/// by frame. The one playback engine of the package: script sources (`cold(…)`, `hot(…)`), the
/// Swift-test sources (`TestScheduler.cold`/`hot`) and the library's own test harness all play
/// through it.
///
///     timeline:            --a-(bc)-|      a at 2, b and c at 4, completion at 8
///     play(shiftedBy: 3):  a at 5, b and c at 7 (one action), completion at 11
///
/// Playing keeps **one** queued action per playback, a cursor, not one per event: the next frame
/// is queued when a frame's action runs (`VirtualTimeScheduler.scheduleSeries`). Each
/// frame's action still takes the place among other work that it would have taken had every
/// frame been queued when playing began, so in-frame order is as if all were queued up front.
@usableFromInline package struct PlaybackTimeline<Value> {
  /// The frame of each batch (the events of one frame), strictly ascending.
  @usableFromInline package let batchFrames: [Int]
  /// Where each batch starts in `events`, plus `events.count` at the end; empty when every batch
  /// holds one event (batch `i` is `events[i]`), the common case, which then costs no memory.
  @usableFromInline let batchStarts: [Int]
  /// Every event, in frame order (the order given within a frame).
  @usableFromInline package let events: [Event<Value>]

  /// A timeline of `events` at `frames` (one frame per event); events at one frame keep their
  /// order. Input already in frame order (what the marble parser yields) is taken as is: one
  /// pass over the frames, no copy of the events.
  @inlinable
  package init(frames: [Int], events: [Event<Value>]) {
    var frames = frames
    var events = events
    var sorted = true
    var oneEventPerFrame = true
    var previous = Int.min
    for frame in frames {
      if frame < previous {
        sorted = false
        break
      }
      if frame == previous { oneEventPerFrame = false }
      previous = frame
    }
    if sorted && oneEventPerFrame && frames.count == events.count {
      // Every batch one event (the common case): the frames are the batches' frames as given,
      // kept without a copy.
      self.batchFrames = frames
      self.batchStarts = []
      self.events = events
      return
    }
    if !sorted {
      let order = frames.indices.sorted { (frames[$0], $0) < (frames[$1], $1) }
      frames = order.map { frames[$0] }
      events = order.map { events[$0] }
    }
    var batches = Batches(capacity: frames.count)
    for (index, frame) in frames.enumerated() { batches.add(frame, at: index) }
    batches.finish(count: events.count)
    self.batchFrames = batches.frames
    self.batchStarts = batches.starts
    self.events = events
  }

  /// A timeline of `items`, each an event at a frame (see `init(frames:events:)`). Items already
  /// in frame order are read once, in place: only the events and the batches are stored, with
  /// no intermediate arrays.
  // Always inlined, so that the caller's `frame` and `event` closures are too (called through
  // a context, each cost a call and a copy of the element per pass).
  @inlinable @inline(__always)
  package init<Items: Collection>(
    _ items: Items, frame: (Items.Element) -> Int, event: (Items.Element) -> Event<Value>
  ) {
    // A first pass over the frames alone: in order, and one event per frame (the common case)?
    var previous = Int.min
    var oneEventPerFrame = true
    for item in items {
      let current = frame(item)
      if current < previous {
        self = Self(frames: items.map(frame), events: items.map(event))
        return
      }
      if current == previous { oneEventPerFrame = false }
      previous = current
    }
    // Then each array written in place, in one pass, with no per-element append.
    let count = items.count
    let events = [Event<Value>](unsafeUninitializedCapacity: count) { buffer, initialized in
      for item in items {
        guard initialized < count else { break }
        buffer.initializeElement(at: initialized, to: event(item))
        initialized += 1
      }
    }
    if oneEventPerFrame {
      self.batchFrames = [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
        for item in items {
          guard initialized < count else { break }
          buffer.initializeElement(at: initialized, to: frame(item))
          initialized += 1
        }
      }
      self.batchStarts = []
    } else {
      var batches = Batches(capacity: count)
      for (index, item) in items.enumerated() { batches.add(frame(item), at: index) }
      batches.finish(count: events.count)
      self.batchFrames = batches.frames
      self.batchStarts = batches.starts
    }
    self.events = events
  }

  /// A timeline of `timed` events (see `init(frames:events:)`).
  @inlinable
  package init(_ timed: [(frame: Int, event: Event<Value>)]) {
    self.init(frames: timed.map(\.frame), events: timed.map(\.event))
  }

  /// The number of batches (distinct frames).
  @inlinable package var batchCount: Int { batchFrames.count }

  /// The events of batch `index`, in order.
  @inlinable package func batch(_ index: Int) -> ArraySlice<Event<Value>> {
    if batchStarts.isEmpty { return events[index..<index + 1] }
    return events[batchStarts[index]..<batchStarts[index + 1]]
  }

  /// The events with their frames, in order.
  package var timed: [(frame: Int, event: Event<Value>)] {
    var result: [(frame: Int, event: Event<Value>)] = []
    result.reserveCapacity(events.count)
    for index in batchFrames.indices {
      for event in batch(index) { result.append((batchFrames[index], event)) }
    }
    return result
  }

  /// Plays the timeline on `scheduler`, batch `index` at `batchFrames[index] + offset`, from
  /// batch `first` on; `deliver` gets each batch's own frame and events. Disposing the result
  /// stops the playback.
  @inlinable @discardableResult
  package func play(
    on scheduler: VirtualTimeScheduler, shiftedBy offset: Int, fromBatch first: Int = 0,
    _ deliver: @escaping (_ frame: Int, _ events: ArraySlice<Event<Value>>) -> Void
  ) -> any Disposable {
    let count = batchCount - first
    guard count > 0 else { return ActionDisposable() }
    let timeline = self
    return scheduler.scheduleSeries(count: count) { step in
      timeline.batchFrames[first + step] &+ offset
    } _: { step in
      deliver(timeline.batchFrames[first + step], timeline.batch(first + step))
    }
  }

  /// The index of the first batch at `frame` or later.
  package func firstBatch(atOrAfter frame: Int) -> Int {
    var low = 0
    var high = batchFrames.count
    while low < high {
      let middle = (low + high) / 2
      if batchFrames[middle] < frame { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// How a playback sends a value to its subscriber: when the subscriber has no lock, through
/// the handler it keeps (`Subscriber.confinedValueHandler`, else `confinedHandler`), called
/// while the subscriber still receives, which is what `Subscriber.send` does for a value but
/// for the retain and release of the handler that reading it from the subscriber costs per
/// call. Anything else goes through `send`. The handlers are kept as non-optional closures: an
/// optional one was retained per call, and one made with `??` was reabstracted. Also what a
/// `PipeSignal`'s last step and a script's marble source send values through.
@usableFromInline package struct Delivery<Value> {
  /// 0: through `send`; 1: `handler`; 2: `values`.
  @usableFromInline let mode: UInt8
  @usableFromInline let handler: (Event<Value>) -> Void
  @usableFromInline let values: (Value) -> Void

  @inlinable package init(_ subscriber: Subscriber<Value>) {
    if let values = subscriber.confinedValueHandler {
      (mode, handler, self.values) = (2, { _ in }, values)
    } else if let handler = subscriber.confinedHandler {
      (mode, self.handler, values) = (1, handler, { _ in })
    } else {
      (mode, handler, values) = (0, { _ in }, { _ in })
    }
  }

  /// Sends `event` to `subscriber` (the one this delivery was made for).
  @inlinable @inline(__always)
  package func send(_ event: Event<Value>, to subscriber: Subscriber<Value>) {
    if mode != 0, case .next(let value) = event {
      guard subscriber.isReceiving else { return }
      if mode == 2 { values(value) } else { handler(event) }
      return
    }
    Self.send(event, to: subscriber)
  }

  /// Sends `.next(value)` to `subscriber` (the one this delivery was made for).
  @inlinable @inline(__always)
  package func send(value: Value, to subscriber: Subscriber<Value>) {
    guard mode != 0 else { return Self.send(.next(value), to: subscriber) }
    guard subscriber.isReceiving else { return }
    if mode == 2 { values(value) } else { handler(.next(value)) }
  }

  /// `subscriber.send(event)`, out of line: the common path above stays small.
  @inlinable @inline(never)
  static func send(_ event: Event<Value>, to subscriber: Subscriber<Value>) {
    subscriber.send(event)
  }
}

/// The batches of a timeline being built from events in frame order: each batch's frame, and
/// where each starts (left empty while every batch holds one event, which needs no starts).
@usableFromInline struct Batches {
  @usableFromInline var frames: [Int] = []
  @usableFromInline var starts: [Int] = []

  @inlinable init(capacity: Int) { frames.reserveCapacity(capacity) }

  /// Adds the event at `index` (indices ascending from 0, frames not decreasing).
  @inlinable mutating func add(_ frame: Int, at index: Int) {
    if let last = frames.last, last == frame {
      // A second event at one frame: from now on, batches need their starts. Every batch so far
      // held one event, so batch `i` started at `i`.
      if starts.isEmpty { starts = Array(0..<frames.count) }
      return
    }
    if !starts.isEmpty { starts.append(index) }
    frames.append(frame)
  }

  /// Closes the last batch, after `count` events in all.
  @inlinable mutating func finish(count: Int) {
    if !starts.isEmpty { starts.append(count) }
  }
}
