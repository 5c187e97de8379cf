extension Signal {
  /// Sends the first value that satisfies `predicate` and completes; sends `nil` and completes
  /// if the source completes first (RxJS `find`).
  ///
  ///     self:                --1--2--3--|       --1--|
  ///     find { $0 > 1 }:     -----(2|)          -----(n|)    n = nil
  ///
  /// The predicate gets each value and its index. Errors pass.
  ///
  /// - Parameter predicate: Tested on each value (with its index, from 0) until it is true.
  public func find(_ predicate: @escaping (Value, Int) -> Bool) -> Signal<Value?> {
    searched(predicate) { value, _ in value }
  }

  /// Sends the index of the first value that satisfies `predicate` and completes; sends -1 and
  /// completes if the source completes first (RxJS `findIndex`).
  ///
  ///     self:                    --1--2--3--|
  ///     findIndex { $0 > 1 }:    -----(1|)
  ///
  /// - Parameter predicate: Tested on each value (with its index, from 0) until it is true.
  public func findIndex(_ predicate: @escaping (Value, Int) -> Bool) -> Signal<Int> {
    searched(predicate) { value, index in value == nil ? -1 : index }
  }

  /// The first match, mapped by `result` (the match or nil, and its index).
  private func searched<T>(
    _ predicate: @escaping (Value, Int) -> Bool, _ result: @escaping (Value?, Int) -> T
  ) -> Signal<T> {
    Signal<T> { subscriber in
      var index = 0
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          defer { index += 1 }
          guard predicate(value, index) else { return }
          subscriber.sendNext(result(value, index))
          subscriber.sendCompleted()
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          subscriber.sendNext(result(nil, index))
          subscriber.sendCompleted()
        }
      }
    }
  }
}
