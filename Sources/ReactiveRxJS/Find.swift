import Reactive

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
  ///
  /// A `probe` reports the index of the next value to test as lane `index`.
  public func find(probe: StateProbe? = nil, _ predicate: @escaping (Value, Int) -> Bool)
    -> Signal<Value?>
  {
    searched(probe, predicate) { value, _ in value }
  }

  /// Sends the index of the first value that satisfies `predicate` and completes; sends -1 and
  /// completes if the source completes first (RxJS `findIndex`).
  ///
  ///     self:                    --1--2--3--|
  ///     findIndex { $0 > 1 }:    -----(1|)
  ///
  /// - Parameter predicate: Tested on each value (with its index, from 0) until it is true.
  ///
  /// A `probe` reports the index of the next value to test as lane `index`.
  public func findIndex(probe: StateProbe? = nil, _ predicate: @escaping (Value, Int) -> Bool)
    -> Signal<Int>
  {
    searched(probe, predicate) { value, index in value == nil ? -1 : index }
  }

  /// The first match, mapped by `result` (the match or nil, and its index).
  private func searched<T>(
    _ probe: StateProbe?, _ predicate: @escaping (Value, Int) -> Bool,
    _ result: @escaping (Value?, Int) -> T
  ) -> Signal<T> {
    Signal<T> { subscriber in
      var index = 0
      let report = probe?.take()
      report?(.index, 0)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          guard predicate(value, index) else {
            index += 1
            report?(.index, index)
            return
          }
          subscriber.sendLast(result(value, index))
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          subscriber.sendLast(result(nil, index))
        }
      }
    }
  }
}
