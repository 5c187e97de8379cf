/// A timeline played straight from an array of timed items into a subscriber, with the same
/// batches and actions as `PlaybackTimeline.play(on:shiftedBy:fromBatch:_:)`, each step sending
/// its events straight from the items: a cold source's `[Recorded]`, kept as given
/// (shared, not copied) when it is in frame order, as a marble's always is. So a cold source
/// holds its events once, and no array of events is built, or destroyed, per source.
@usableFromInline package struct ItemPlayback<Item: PlaybackItem> {
  /// The items in frame order (the order given within a frame).
  @usableFromInline package let items: [Item]
  /// Where each batch (the items of one frame) starts in `items`, plus `items.count` at the
  /// end; empty when every batch holds one item (batch `i` is `items[i]`), the common case.
  @usableFromInline let starts: [Int]

  /// The playback of `items`: kept as they are when in frame order, else sorted by frame
  /// (stably, so items of one frame keep their order).
  @inlinable package init(_ items: [Item]) {
    let given = Self.order(of: items)
    let items =
      given.inOrder
      ? items
      : items.indices.sorted { (items[$0].frame, $0) < (items[$1].frame, $1) }.map { items[$0] }
    var starts: [Int] = []
    if given.inOrder ? given.sharedFrames : Self.order(of: items).sharedFrames {
      var batches = Batches(capacity: items.count)
      for (index, item) in items.enumerated() { batches.add(item.frame, at: index) }
      batches.finish(count: items.count)
      starts = batches.starts
    }
    self.items = items
    self.starts = starts
  }

  /// Whether `items` are in frame order, and whether (up to the first item out of order) two
  /// items share a frame.
  @inlinable static func order(of items: [Item]) -> (inOrder: Bool, sharedFrames: Bool) {
    var sharedFrames = false
    var previous = Int.min
    for item in items {
      let frame = item.frame
      if frame < previous { return (false, sharedFrames) }
      if frame == previous { sharedFrames = true }
      previous = frame
    }
    return (true, sharedFrames)
  }

  /// The number of batches (distinct frames).
  @inlinable package var batchCount: Int { starts.isEmpty ? items.count : starts.count - 1 }

  /// Plays the items on `scheduler` into `subscriber`, batch `index` at its frame + `offset`,
  /// one queued action at a time (see `PlaybackTimeline`). Disposing the result stops it.
  @inlinable @discardableResult
  package func play(
    on scheduler: VirtualTimeScheduler, shiftedBy offset: Int,
    into subscriber: Subscriber<Item.Value>
  ) -> any Disposable {
    let count = batchCount
    guard count > 0 else { return ActionDisposable() }
    let items = items
    let starts = starts
    guard starts.isEmpty else {
      return scheduler.scheduleSeries(count: count) { step in
        items[starts[step]].frame &+ offset
      } _: { step in
        for index in starts[step]..<starts[step + 1] { subscriber.send(items[index].event) }
      }
    }
    // One item per frame, the common case: batch `step` is `items[step]`, and its value is sent
    // without a retain per value.
    let delivery = Delivery(subscriber)
    return scheduler.scheduleSeries(count: count) { step in
      items[step].frame &+ offset
    } _: { step in
      delivery.send(items[step].event, to: subscriber)
    }
  }
}
