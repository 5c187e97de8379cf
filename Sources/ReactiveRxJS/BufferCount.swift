import Reactive

extension Signal {
  /// Collects values into arrays of `size`, starting a new array every `every` values (RxJS
  /// `bufferCount`).
  ///
  ///     self:                --1-2-3-4-5-|
  ///     bufferCount(2):      ----a---b---(c|)     a = [1, 2], b = [3, 4], c = [5]
  ///     bufferCount(2, 1):   ----a-b-c-d-(e|)     a = [1, 2], b = [2, 3], … e = [5]
  ///
  /// On completion the arrays still open are sent (each non-empty), oldest first, then the
  /// completion. An error is forwarded at once and the open arrays are dropped.
  ///
  /// - Parameters:
  ///   - size: The length of a full array; values less than 1 count as 1.
  ///   - every: How many values apart arrays start; `nil` means `size` (no overlap, no gaps).
  ///
  /// A `probe` reports the oldest open buffer as lane `buffered`: `[]`, then after each value.
  public func bufferCount(_ size: Int, _ every: Int? = nil, probe: StateProbe? = nil)
    -> Signal<[Value]>
  {
    let size = Swift.max(1, size)
    let every = Swift.max(1, every ?? size)
    return Signal<[Value]> { subscriber in
      var open: [[Value]] = []
      var count = 0
      let report = probe?.take()
      report?(.buffered, [Value]())
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          if count % every == 0 { open.append([]) }
          count += 1
          var full = 0
          for index in open.indices {
            open[index].append(value)
            if open[index].count >= size { full += 1 }
          }
          // Buffers fill up in the order they were opened.
          let ready = open.prefix(full)
          open.removeFirst(full)
          report?(.buffered, open.first ?? [])
          for buffer in ready {
            if subscriber.isDisposed { return }
            subscriber.sendNext(buffer)
          }
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          for buffer in open {
            if subscriber.isDisposed { return }
            subscriber.sendNext(buffer)
          }
          subscriber.sendCompleted()
        }
      }
    }
  }
}
