import Reactive

// RxJS names for operators whose RxJS semantics match a ReactiveObjC operator here.

extension Signal {
  /// Maps each value to a signal and merges them all (RxJS `mergeMap`; RAC `flattenMap:`).
  ///
  ///     self:                  --a-----b--|
  ///     mergeMap(x -> -x|):    ---a-----b-|
  public func mergeMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
    flattenMap(transform)
  }

  /// Maps each value to a signal and runs those signals one after another (RxJS `concatMap`;
  /// RAC `map` then `concat`).
  ///
  ///     self:                   ab--------|
  ///     concatMap(x -> --x|):   --a--b----|
  public func concatMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
    map(transform).concat()
  }

  /// Maps each value to a signal and forwards only the latest one (RxJS `switchMap`; RAC `map`
  /// then `switchToLatest`).
  ///
  ///     self:                    -a-b--------|
  ///     switchMap(x -> ---x|):   ------b-----|   (a is cut off when b arrives at 3)
  public func switchMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
    map(transform).switchToLatest()
  }

  /// On error, forwards the signal `handler` returns for it (RxJS `catchError`; RAC `catch:`).
  ///
  ///     self:                     --a--#
  ///     catchError { _ in -r| }:  --a---r|
  public func catchError(_ handler: @escaping (any Error) -> Signal<Value>) -> Signal<Value> {
    self.catch(handler)
  }

  /// Drops every value; only the terminal event passes (RxJS `ignoreElements`; RAC
  /// `ignoreValues`).
  ///
  ///     self:            --a--b--|
  ///     ignoreElements:  --------|
  public func ignoreElements() -> Signal<Value> {
    ignoreValues()
  }

  /// Forwards the events of the latest inner signal only (RxJS `switchAll`; RAC
  /// `switchToLatest`).
  ///
  ///     outer:      -x-----y-----|     x = -a-b-c|, y = -d|
  ///     switchAll:  --a-b--d-----|
  public func switchAll<T>() -> Signal<T> where Value == Signal<T> {
    switchToLatest()
  }

  /// Sends a value only once `frames` ticks pass without another value, flushing the pending
  /// value on completion (RxJS `debounceTime`, the same as `throttle(_:on:)`).
  ///
  ///     self:                     -12---3-----4|
  ///     debounceTime(3, on: s):   -----2---3---(4|)
  public func debounceTime(_ frames: Int, on scheduler: any Scheduler) -> Signal<Value> {
    throttle(frames, on: scheduler)
  }
}
