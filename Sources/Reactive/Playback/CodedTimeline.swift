/// A timeline kept as codes: each event's frame, and a 32-bit code for what it is, an index in
/// `values` or (failure, completion) in `others`. The two arrays as long as the timeline hold no
/// references, so they are made and dropped with no work per event (an array of
/// `Recorded<Value>` is destroyed event by event, through the generic value witness); a marble's
/// `values` are its distinct keys'. A cold source's timeline, played straight into a subscriber
/// with the same batches and actions as `PlaybackTimeline.play(on:shiftedBy:fromBatch:_:)`.
@usableFromInline package struct CodedTimeline<Value> {
  /// The code of `others[0]`; every code below it is an index in `values`.
  @inlinable package static var firstOther: UInt32 { 0x8000_0000 }
  /// The frame of each event, in frame order (the order given within a frame).
  @usableFromInline let frames: [Int]
  /// What each event is. Invariant: each indexes `values` or, from `firstOther` on, `others`
  /// (an index that does not traps: every access is bounds-checked).
  @usableFromInline let codes: [UInt32]
  @usableFromInline let values: [Value]
  @usableFromInline let others: [Event<Value>]
  /// Where each batch (the events of one frame) starts, plus the count of events at the end;
  /// empty when every batch holds one event (batch `i` is event `i`), the common case.
  @usableFromInline let starts: [Int]

  /// A timeline of the events `codes` stands for at `frames` (one frame per code), kept as given
  /// when in frame order, as a marble's always is, else sorted stably by frame. A caller that
  /// knows its frames never decrease says whether two are equal (`sharedFrames`), and they are
  /// not read here.
  @inlinable package init(
    frames: [Int], codes: [UInt32], values: [Value], others: [Event<Value>],
    sharedFrames known: Bool? = nil
  ) {
    var (frames, codes) = (frames, codes)
    var sharedFrames = known ?? false
    var previous = Int.min
    for frame in frames {
      if known != nil { break }
      if frame < previous {
        let order = frames.indices.sorted { (frames[$0], $0) < (frames[$1], $1) }
        (frames, codes) = (order.map { frames[$0] }, order.map { codes[$0] })
        sharedFrames = zip(frames, frames.dropFirst()).contains { $0 == $1 }
        break
      }
      if frame == previous { sharedFrames = true }
      previous = frame
    }
    var batches = Batches(capacity: sharedFrames ? frames.count : 0)
    if sharedFrames {
      for (index, frame) in frames.enumerated() { batches.add(frame, at: index) }
      batches.finish(count: frames.count)
    }
    (self.frames, self.codes, self.values, self.others) = (frames, codes, values, others)
    self.starts = batches.starts
  }

  /// A timeline of `events`, each value kept apart (no two merged), in the order given within a
  /// frame.
  @inlinable package init(_ events: some Collection<(frame: Int, event: Event<Value>)>) {
    var (frames, codes, values, others) = ([Int](), [UInt32](), [Value](), [Event<Value>]())
    frames.reserveCapacity(events.count)
    codes.reserveCapacity(events.count)
    for (frame, event) in events {
      frames.append(frame)
      if case .next(let value) = event {
        // Fewer than 2^31 values: an array of 2^31 events would not fit in memory.
        codes.append(UInt32(truncatingIfNeeded: values.count))
        values.append(value)
      } else {
        codes.append(Self.firstOther | UInt32(truncatingIfNeeded: others.count))
        others.append(event)
      }
    }
    self.init(frames: frames, codes: codes, values: values, others: others)
  }

  /// The event at `index`.
  @inlinable package func event(at index: Int) -> Event<Value> {
    let code = codes[index]
    return code < Self.firstOther ? .next(values[Int(code)]) : others[Int(code - Self.firstOther)]
  }

  /// The events with their frames, in order.
  @inlinable package var timed: [(frame: Int, event: Event<Value>)] {
    frames.indices.map { (frames[$0], event(at: $0)) }
  }

  /// The number of batches (distinct frames).
  @inlinable package var batchCount: Int { starts.isEmpty ? frames.count : starts.count - 1 }

  /// The frame of batch `index`.
  @inlinable package func frame(ofBatch index: Int) -> Int {
    frames[starts.isEmpty ? index : starts[index]]
  }

  /// The events of batch `index`, as indices for `event(at:)`.
  @inlinable package func batch(_ index: Int) -> Range<Int> {
    starts.isEmpty ? index..<index + 1 : starts[index]..<starts[index + 1]
  }

  /// The index of the first batch at `frame` or later.
  package func firstBatch(atOrAfter frame: Int) -> Int {
    var (low, high) = (0, batchCount)
    while low < high {
      let middle = (low + high) / 2
      if self.frame(ofBatch: middle) < frame { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Plays the timeline on `scheduler`, batch `index` at its frame + `offset`, from batch
  /// `first` on; `deliver` gets each batch's own frame and its events' indices (`event(at:)`).
  /// Disposing the result stops the playback.
  @inlinable @discardableResult
  package func play(
    on scheduler: VirtualTimeScheduler, shiftedBy offset: Int, fromBatch first: Int = 0,
    _ deliver: @escaping (_ frame: Int, _ events: Range<Int>) -> Void
  ) -> any Disposable {
    let count = batchCount - first
    guard count > 0 else { return ActionDisposable() }
    let timeline = self
    return scheduler.scheduleSeries(count: count) { step in
      timeline.frame(ofBatch: first + step) &+ offset
    } _: { step in
      deliver(timeline.frame(ofBatch: first + step), timeline.batch(first + step))
    }
  }

  /// Plays the events on `scheduler` into `subscriber`, batch `index` at its frame + `offset`,
  /// one queued action at a time (see `PlaybackTimeline`). Disposing the result stops it.
  @inlinable @discardableResult
  package func play(
    on scheduler: VirtualTimeScheduler, shiftedBy offset: Int,
    into subscriber: Subscriber<Value>
  ) -> any Disposable {
    let count = batchCount
    guard count > 0 else { return ActionDisposable() }
    let timeline = self
    guard starts.isEmpty else {
      return scheduler.scheduleSeries(count: count) { step in
        timeline.frames[timeline.starts[step]] &+ offset
      } _: { step in
        for index in timeline.starts[step]..<timeline.starts[step + 1] {
          subscriber.send(timeline.event(at: index))
        }
      }
    }
    // One event per frame, the common case: batch `step` is event `step`, and its value is sent
    // without a retain per value.
    let (frames, codes, values) = (frames, codes, values)
    let delivery = Delivery(subscriber)
    return scheduler.scheduleSeries(count: count) { step in
      frames[step] &+ offset
    } _: { step in
      let code = codes[step]
      if code < Self.firstOther {
        delivery.send(value: values[Int(code)], to: subscriber)
      } else {
        Delivery.send(timeline.others[Int(code - Self.firstOther)], to: subscriber)
      }
    }
  }
}
