import ReactiveEvents

/// What one subscription to a signal saw: every event with its frame, in delivery order, and the
/// subscription's window.
///
/// Made by `TestScheduler.record` and by the recorders of async sequences, and filled in while
/// the test holds it; `timeline` is what it holds so far as a finished value, the one recording
/// type (`Timeline`), as a script's lanes are. Appending is O(1) and never copies what is
/// recorded (values in chunks, frames as runs), so recordings of millions of events stay
/// cheap; `events`, `values` and `timeline` make their arrays when read, so read
/// them once. When the recorded signal carries signals (`Signal<Signal<X>>`), each inner signal
/// is itself recorded from the frame it was delivered, as a `Recording<X>`.
public final class Recording<Value>: SubscriptionLogging, CustomStringConvertible,
  @unchecked Sendable
{
  // Invariant: only touched from the virtual scheduler's thread.
  // Inlinable storage, so that appending is specialised for the recorded type.
  // Unchecked exclusivity: appended to on the scheduler's thread only, one access at a time.
  // The values of the `.next` events in chunks of fixed capacity (appending copies nothing
  // recorded), and their frames as runs: a value costs its own bytes, and a run of consecutive
  // frames one entry. Kept apart from the other events, so that values that need no clean-up
  // (`Int`) are freed without a per-value destroy: an `Event` holds an `any Error`.
  @exclusivity(unchecked) @usableFromInline var chunks: [Chunk] = []
  /// The last chunk, appended to.
  @exclusivity(unchecked) @usableFromInline var tail = Chunk(capacity: 0)
  @exclusivity(unchecked) @usableFromInline var frames = FrameRuns()
  @exclusivity(unchecked) @usableFromInline var window: SubscriptionLog?
  /// The events other than `.next` (a terminal event: at most one, as the event grammar goes),
  /// each with its frame and its place among all the events recorded.
  @exclusivity(unchecked) @usableFromInline var others: [Other] = []

  /// Room for `capacity` values, of which the first `count` are recorded.
  @usableFromInline final class Chunk {
    @usableFromInline let base: UnsafeMutablePointer<Value>
    @usableFromInline let capacity: Int
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable init(capacity: Int) {
      (base, self.capacity) = (.allocate(capacity: capacity), capacity)
    }

    /// The values recorded.
    @inlinable var values: UnsafeBufferPointer<Value> { .init(start: base, count: count) }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }

  /// An event other than `.next` at `frame`; `position` is its index among all the events.
  @usableFromInline struct Other {
    @usableFromInline let position: Int
    @usableFromInline package let frame: Int
    @usableFromInline package let event: Event<Value>

    @inlinable init(position: Int, frame: Int, event: Event<Value>) {
      (self.position, self.frame, self.event) = (position, frame, event)
    }
  }

  @inlinable package init() {}

  /// The events, in delivery order.
  // Inlinable, and one pass over the chunks: made in the caller's module, the array is built
  // specialised for `Value` (a generic `map` over the log looked up metadata per element).
  @inlinable public var events: [Recorded<Value>] {
    let count = frames.count + others.count
    let others = others
    // Written in place: no capacity and uniqueness checks per element, as `append` makes; the
    // values a run at a time, between the other events.
    return [Recorded<Value>](unsafeUninitializedCapacity: count) { buffer, initialized in
      var other = 0
      // The other events whose place has come (all that are left, with `all`).
      func addOthers(all: Bool = false) {
        while other < others.count, all || others[other].position <= initialized,
          initialized < count
        {
          buffer.initializeElement(
            at: initialized, to: Recorded(frame: others[other].frame, event: others[other].event))
          initialized += 1
          other += 1
        }
      }
      // The values' frames, a run at a time: run `run` holds value number `value`.
      let frames = frames
      var (run, value) = (0, 0)
      for chunk in (chunks + [tail]).lazy.map(\.values) {
        var index = 0
        while index < chunk.count {
          addOthers()
          let next = other < others.count ? others[other].position : Int.max
          let length = Swift.min(chunk.count - index, next - initialized, count - initialized)
          guard length > 0 else { break }
          for offset in 0..<length {
            while run + 1 < frames.starts.count, frames.starts[run + 1] <= value { run += 1 }
            let frame = frames.firsts[run] &+ (value &- frames.starts[run])
            buffer.initializeElement(
              at: initialized &+ offset,
              to: Recorded(frame: frame, event: .next(chunk[index &+ offset])))
            value += 1
          }
          initialized += length
          index += length
        }
      }
      addOthers(all: true)
    }
  }

  /// The number of events recorded so far, `events.count` without building `events`. O(1).
  @inlinable public var count: Int { frames.count + others.count }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// signal terminated; nil before it subscribed.
  public var subscription: SubscriptionLog? { window }

  /// The values received, in order.
  @inlinable public var values: [Value] {
    Array((chunks + [tail]).lazy.map(\.values).joined())
  }

  /// What was recorded so far as the one recording type, a value that no longer changes: the
  /// window and `events` (no `order`: that is a script's). Nil before it subscribed.
  @inlinable public var timeline: Timeline<Value>? {
    subscription.map {
      Timeline(subscribed: $0.subscribed, unsubscribed: $0.unsubscribed, events: events)
    }
  }

  /// The subscription window as a list (empty before subscribing), for `expectSubscriptions`.
  public var subscriptions: [SubscriptionLog] { subscription.map { [$0] } ?? [] }

  /// `[next(1)@2, completed@5]`.
  public var description: String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }

  @usableFromInline package func start(at frame: Int) {
    if window == nil { window = SubscriptionLog(subscribed: frame) }
  }

  @inlinable package func append(_ event: Event<Value>, at frame: Int) {
    if case .next(let value) = event {
      appendNext(value, at: frame)
      return
    }
    others.append(Other(position: frames.count + others.count, frame: frame, event: event))
    end(at: frame)
  }

  /// Appends a `.next` event of `value` at `frame`.
  // Always inlined into the recording's handler (a new chunk out of line): one call less per
  // recorded value.
  @inlinable @inline(__always) package func appendNext(_ value: Value, at frame: Int) {
    if tail.count == tail.capacity { newChunk() }
    (tail.base + tail.count).initialize(to: value)
    tail.count &+= 1
    frames.append(frame)
  }

  /// Moves a full `tail` to `chunks` and starts an empty one, the first small, each next one
  /// twice the size up to 4,096 values (a small one's values moved into it).
  @usableFromInline func newChunk() {
    let size = 1 << 12
    guard tail.capacity < size else {
      chunks.append(tail)
      tail = Chunk(capacity: size)
      return
    }
    let chunk = Chunk(capacity: Swift.max(16, tail.capacity * 2))
    chunk.base.moveInitialize(from: tail.base, count: tail.count)
    (chunk.count, tail.count) = (tail.count, 0)
    tail = chunk
  }

  @usableFromInline package func end(at frame: Int) {
    if window != nil, window?.unsubscribed == nil { window?.unsubscribed = frame }
  }
}
