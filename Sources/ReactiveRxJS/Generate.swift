import Reactive

extension Signal {
  /// Sends `result(state)` for each state from `initial`, stepping with `iterate`, while
  /// `condition` holds, then completes; all at subscription (RxJS `generate`).
  ///
  ///     generate(1, { $0 < 5 }, { $0 * 2 }, { $0 }):   (124|)
  ///
  /// The loop stops as soon as the subscription is disposed (`take(n)` after it ends it).
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - condition: Whether a state is sent; nil: every state (stop it with `take`).
  ///   - iterate: The state after a state.
  ///   - result: The value sent for a state.
  public static func generate<State>(
    _ initial: State, condition: ((State) -> Bool)?, iterate: @escaping (State) -> State,
    result: @escaping (State) -> Value
  ) -> Signal<Value> {
    Signal { subscriber in
      var state = initial
      while !subscriber.isDisposed {
        if let condition, !condition(state) { break }
        subscriber.sendNext(result(state))
        if subscriber.isDisposed { return nil }
        state = iterate(state)
      }
      subscriber.sendCompleted()
      return nil
    }
  }

  /// Sends `pair(key, value)` for each entry of `dictionary`, in key order, then completes;
  /// all at subscription (RxJS `pairs`, which sends `[key, value]` arrays).
  ///
  ///     pairs(["b": 2, "a": 1]) { [$0, $1] }:   (xy|)   x = ["a", 1], y = ["b", 2]
  ///
  /// - Parameters:
  ///   - dictionary: The entries.
  ///   - pair: The value sent for an entry.
  public static func pairs<Key: Comparable, Element>(
    _ dictionary: [Key: Element], _ pair: @escaping (Key, Element) -> Value
  ) -> Signal<Value> {
    let entries = dictionary.sorted { $0.key < $1.key }
    return Signal { subscriber in
      for (key, value) in entries {
        if subscriber.isDisposed { return nil }
        subscriber.sendNext(pair(key, value))
      }
      subscriber.sendCompleted()
      return nil
    }
  }

  /// For each subscription, makes a resource, subscribes the signal `factory` makes from it,
  /// and disposes the resource when the subscription ends: by completion, failure or disposal
  /// (RxJS `using`).
  ///
  ///     using({ resource }, { r in -a-b| }):   -a-b|    resource disposed at the `|`
  ///
  /// - Parameters:
  ///   - resource: Makes the resource for one subscription.
  ///   - factory: Makes the signal to subscribe from the resource.
  public static func using<Resource: Disposable>(
    _ resource: @escaping () -> Resource, _ factory: @escaping (Resource) -> Signal<Value>
  ) -> Signal<Value> {
    Signal { subscriber in
      let held = resource()
      if subscriber.isDisposed {
        held.dispose()
        return nil
      }
      factory(held).subscribe(for: subscriber) { subscriber.send($0) }
      subscriber.attach(held)
      return nil
    }
  }
}
