extension Signal {
  /// Sends how many values satisfied `predicate` when the source completes (RxJS `count`).
  ///
  ///     self:                   --a--b--c--|
  ///     count { _, _ in true }: -----------(3|)
  ///
  /// - Parameter predicate: Tested on each value with its index (from 0).
  public func count(_ predicate: @escaping (Value, Int) -> Bool = { _, _ in true })
    -> Signal<Int>
  {
    Signal<Int> { subscriber in
      var index = 0
      var total = 0
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          if predicate(value, index) { total += 1 }
          index += 1
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          subscriber.sendNext(total)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
