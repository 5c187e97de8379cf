import Reactive

/// RxJS's versions of the operators whose names ReactiveObjC also uses with other semantics:
/// `signal.rxjs.delay(…)`, `signal.rxjs.sample(…)`, `signal.rxjs.takeUntil(…)`,
/// `signal.rxjs.timeout(…)`, `signal.rxjs.throttle(…)`.
///
///     self:                      --a--|
///     delay(2, on: s):           ----a--|      (RAC: completion delayed too)
///     rxjs.delay(2, on: s):      ----(a|)      (RxJS: done once the last value is out)
///
/// Operators whose names only RxJS uses (`find`, `every`, `share`, …) are methods of `Signal`
/// itself.
public struct RxJSOperators<Value> {
  let signal: Signal<Value>
}

extension Signal {
  /// RxJS's semantics for names that ReactiveObjC also uses (see `RxJSOperators`).
  public var rxjs: RxJSOperators<Value> { RxJSOperators(signal: self) }
}

extension Observer {
  /// Sends `value`, then completes: how an operator that answers once (`first`, `count`,
  /// `every`, …) ends.
  func sendLast(_ value: Value) {
    sendNext(value)
    sendCompleted()
  }
}
