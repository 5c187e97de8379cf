extension Signal {
  /// Sends the last `count` values when this signal completes, then completes (RAC `takeLast:`).
  ///
  ///     self:         --1--2--3--|
  ///     takeLast(2):  -----------(23|)
  ///
  /// An error is forwarded at once and the buffered values are dropped. `takeLast(0)` sends no
  /// values.
  ///
  /// - Parameter count: How many of the final values to keep.
  /// - Complexity: O(`count`) memory.
  ///
  /// A `probe` reports the values kept as lane `kept`: `[]`, then after each value.
  public func takeLast(_ count: Int, probe: StateProbe? = nil) -> Signal<Value> {
    let count = Swift.max(0, count)
    return Signal { subscriber in
      var buffer: [Value] = []
      var head = 0
      let report = probe?.take()
      report?(.kept, [Value]())
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          guard count > 0 else { return }
          buffer.append(value)
          if buffer.count - head > count { head += 1 }
          if head > 64 && head * 2 > buffer.count {
            buffer.removeFirst(head)
            head = 0
          }
          report?(.kept, Array(buffer[head...]))
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          for value in buffer[head...] {
            if subscriber.isDisposed { return }
            subscriber.sendNext(value)
          }
          subscriber.sendCompleted()
        }
      }
    }
  }
}
