extension Signal {
  /// Sends a group, a signal of the values with one key, the first time a value has that key
  /// (RxJS `groupBy`).
  ///
  ///     self:               -a-b-a-c-|            (key: the value)
  ///     groupBy { $0 }:     -x-y---z-|            x = a---a---|, y = b-----|, z = c-|
  ///
  /// Each group is sent before its first value. Completion or failure of the source ends every
  /// group the same way, then the result. As in RxJS, the source stays subscribed while the
  /// result or any group is subscribed: unsubscribing the result leaves the groups running.
  ///
  /// - Parameters:
  ///   - probe: Told the keys of the groups so far, in order, as lane `groups`.
  ///   - key: The key of a value.
  public func groupBy<Key: Hashable>(probe: StateProbe? = nil, _ key: @escaping (Value) -> Key)
    -> Signal<(key: Key, group: Signal<Value>)>
  {
    Signal<(key: Key, group: Signal<Value>)> { subscriber in
      let state = Locked(
        (groups: [Key: Subject<Value>](), keys: [Key](), active: 0, released: false))
      let report = probe?.take()
      report?("groups", [Key]())
      let upstream = SerialDisposable()
      /// Ends the source subscription once neither the result nor any group is subscribed.
      func release() {
        let done = state.withLock { $0.released && $0.active == 0 }
        if done { upstream.dispose() }
      }
      let source = Subscriber<Value> { event in
        guard case .next(let value) = event else {
          let groups = state.withLock { state -> [Subject<Value>] in
            defer { state.groups = [:] }
            return state.keys.compactMap { state.groups[$0] }
          }
          for group in groups { group.send(event) }
          if case .error(let error) = event {
            subscriber.sendError(error)
          } else {
            subscriber.sendCompleted()
          }
          return
        }
        let valueKey = key(value)
        let (group, isNew, keys) = state.withLock {
          state -> (Subject<Value>, Bool, [Key]) in
          if let group = state.groups[valueKey] { return (group, false, state.keys) }
          let group = Subject<Value>()
          state.groups[valueKey] = group
          state.keys.append(valueKey)
          return (group, true, state.keys)
        }
        if isNew {
          report?("groups", keys)
          let counted = Signal<Value> { inner in
            state.withLock { $0.active += 1 }
            inner.attach(
              ActionDisposable {
                state.withLock { $0.active -= 1 }
                release()
              })
            return group.subscribe(inner)
          }
          subscriber.sendNext((valueKey, counted))
        }
        group.sendNext(value)
      }
      upstream.swap(source)?.dispose()
      self.subscribe(source)
      return ActionDisposable {
        state.withLock { $0.released = true }
        release()
      }
    }
  }
}
