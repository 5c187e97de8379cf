/// A marble timeline ready to play on a `VirtualTimeScheduler`, kept as codes: each event's
/// frame, and a 32-bit code for what it is, an index in `values` or (failure, completion) in
/// `others`. The package's one playback engine: script sources, the Swift-test sources
/// (`TestScheduler.cold`/`hot`) and the library's own test harness all play through it.
///
///     timeline:            --a-(bc)-|      a at 2, b and c at 4, completion at 8
///     play(shiftedBy: 3):  a at 5, b and c at 7 (one action), completion at 11
///
/// Playing keeps **one** queued action per playback, a cursor, not one per event: the next frame
/// is queued when a frame's action runs (`VirtualTimeScheduler.scheduleSeries`). Each frame's
/// action still takes the place among other work that it would have taken had every frame been
/// queued when playing began, so in-frame order is as if all were queued up front.
///
/// The two arrays as long as the timeline hold no references, so they are made and dropped with
/// no work per event (an array of `Recorded<Value>` is destroyed event by event, through the
/// generic value witness); a marble's `values` are its distinct keys'.
@usableFromInline package struct CodedTimeline<Value> {
  /// The code of `others[0]`; every code below it is an index in `values`.
  @inlinable package static var firstOther: UInt32 { 0x8000_0000 }
  /// The frame of each event, in frame order (the order given within a frame), as runs.
  @usableFromInline package let frameRuns: FrameRuns
  /// What each event is, as runs. Invariant: each indexes `values` or, from `firstOther` on,
  /// `others` (an index that does not traps: every access is bounds-checked).
  @usableFromInline package let codeRuns: CodeRuns
  @usableFromInline let values: [Value]
  @usableFromInline let others: [Event<Value>]
  /// Where each batch (the events of one frame) starts, plus the count of events at the end;
  /// empty when every batch holds one event (batch `i` is event `i`), the common case.
  @usableFromInline let starts: [Int]
  /// The frame of each batch: `frameRuns` itself when every batch holds one event.
  @usableFromInline let batchFrames: FrameRuns

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
    self.init(
      frameRuns: FrameRuns(frames), codes: CodeRuns(codes), values: values, others: others,
      sharedFrames: sharedFrames)
  }

  /// A timeline of the events `codes` stands for at `frameRuns` (one frame per code, never
  /// decreasing; `sharedFrames` whether two are equal).
  @inlinable package init(
    frameRuns: FrameRuns, codes: CodeRuns, values: [Value], others: [Event<Value>],
    sharedFrames: Bool
  ) {
    var starts: [Int] = []
    var batchFrames = frameRuns
    if sharedFrames {
      let frames = frameRuns.array
      starts.reserveCapacity(frames.count + 1)
      for index in frames.indices where index == 0 || frames[index] != frames[index - 1] {
        starts.append(index)
      }
      starts.append(frames.count)
      batchFrames = FrameRuns(starts.dropLast().lazy.map { frames[$0] })
    }
    (self.frameRuns, codeRuns, self.values, self.others) = (frameRuns, codes, values, others)
    (self.starts, self.batchFrames) = (starts, batchFrames)
  }

  /// The frame of each event, in order.
  @inlinable package var frames: [Int] { frameRuns.array }

  /// The code of each event, in order.
  @inlinable package var codes: [UInt32] { codeRuns.array }

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
    var run = 0
    return event(coded: codeRuns.code(at: index, near: &run).code)
  }

  /// The event `code` stands for.
  @inlinable func event(coded code: UInt32) -> Event<Value> {
    code < Self.firstOther ? .next(values[Int(code)]) : others[Int(code - Self.firstOther)]
  }

  /// The events with their frames, in order.
  @inlinable package var timed: [(frame: Int, event: Event<Value>)] {
    zip(frames, codes).map { ($0, event(coded: $1)) }
  }

  /// The number of batches (distinct frames).
  @inlinable package var batchCount: Int { batchFrames.count }

  /// The frame of batch `index`.
  @inlinable package func frame(ofBatch index: Int) -> Int { batchFrames[index] }

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
    let timeline = self
    return scheduler.scheduleSeries(frames: batchFrames, offset: offset, from: first) {
      scheduler, series in
      repeat {
        deliver(series.frame(ofStep: series.step), timeline.batch(series.step))
      } while scheduler.continueSeries(series)
    }
  }

  /// Plays the events on `scheduler` into `subscriber`, batch `index` at its frame + `offset`,
  /// one queued action at a time (see above), consecutive frames in one run of the series when
  /// nothing else is due between them. Disposing the result stops it.
  @inlinable @discardableResult
  package func play(
    on scheduler: VirtualTimeScheduler, shiftedBy offset: Int,
    into subscriber: Subscriber<Value>
  ) -> any Disposable {
    let timeline = self
    guard starts.isEmpty else {
      return play(on: scheduler, shiftedBy: offset) { _, events in
        for index in events { subscriber.send(timeline.event(at: index)) }
      }
    }
    // One event per frame, the common case: batch `step` is event `step`, and its value is sent
    // without a retain per value. A run of one code is sent from one value, its steps on
    // consecutive frames in a loop of their own (`repeatSeries`).
    let (codes, values) = (codeRuns, values)
    let delivery = Delivery(subscriber)
    return scheduler.scheduleSeries(frames: frameRuns, offset: offset) { scheduler, series in
      repeat {
        let (code, end) = codes.code(at: series.step, near: &series.mark)
        guard code < Self.firstOther else {
          Delivery.send(timeline.others[Int(code - Self.firstOther)], to: subscriber)
          continue
        }
        let value = values[Int(code)]
        if delivery.mode == 2 {
          let send = delivery.values
          scheduler.repeatSeries(series, until: end) {
            if subscriber.isReceiving { send(value) }
          }
        } else {
          scheduler.repeatSeries(series, until: end) {
            delivery.send(value: value, to: subscriber)
          }
        }
      } while scheduler.continueSeries(series)
    }
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
