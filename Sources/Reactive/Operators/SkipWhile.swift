extension Signal {
  /// Drops values while `predicate` holds, then forwards everything from the first value that
  /// fails it (RAC `skipWhileBlock:`).
  ///
  ///     self:              --1--2--5--3--|
  ///     skipWhile(< 4):    --------5--3--|
  ///
  /// `predicate` is not called again after it first returns `false`. Terminal events pass.
  ///
  /// - Parameter predicate: Tested on each value until it first returns `false`.
  ///
  /// A `probe` reports whether it still skips as lane `skipping`.
  public func skipWhile(probe: StateProbe? = nil, _ predicate: @escaping (Value) -> Bool)
    -> Signal<Value>
  {
    Signal { subscriber in
      var skipping = true
      let report = probe?.take()
      report?(.skipping, true)
      return self.subscribe(for: subscriber) { event in
        if skipping, case .next(let value) = event {
          if predicate(value) { return }
          skipping = false
          report?(.skipping, false)
        }
        subscriber.send(event)
      }
    }
  }
}
