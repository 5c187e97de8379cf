import Reactive

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
  ///   - probe: Told the keys of the open groups, in opening order, as lane `groups`.
  ///   - key: The key of a value.
  public func groupBy<Key: Hashable>(probe: StateProbe? = nil, _ key: @escaping (Value) -> Key)
    -> Signal<(key: Key, group: Signal<Value>)>
  {
    groupBy(
      probe: probe, key, element: { $0 },
      duration: (((Key, Signal<Value>) -> Signal<Value>)?).none)
  }

  /// Sends a group of the values with one key, each mapped by `element`, the first time a
  /// value has that key; a group ends when the signal `duration` returns for it sends or
  /// completes, and a later value with that key opens a new group (RxJS
  /// `groupBy(key, { element, duration })`).
  ///
  ///     self:                                   -a-b-a-a-|
  ///     groupBy(duration: take(2)-of-group):    -x-y---z-|   x = a---(a|), z = a-|
  ///
  /// The group is sent, then its duration signal subscribed (it gets the group, and counts as
  /// one of its subscribers), then the value sent into it. The duration signal's failure
  /// fails its group only. Completion or failure of the source ends every open group the same
  /// way, then the result, and unsubscribes the duration signals.
  ///
  /// - Parameters:
  ///   - probe: Told the keys of the open groups, in opening order, as lane `groups`.
  ///   - key: The key of a value.
  ///   - element: What a value is in its group.
  ///   - duration: For a new group's key and the group, a signal whose first value or
  ///     completion ends the group; nil: groups end with the source.
  ///   - connector: Makes the subject of each new group (RxJS `connector`: a `ReplaySubject`
  ///     replays a group's values to a late subscriber); nil: a plain `Subject`.
  public func groupBy<Key: Hashable, Element, Closing>(
    probe: StateProbe? = nil, _ key: @escaping (Value) -> Key,
    element: @escaping (Value) -> Element,
    duration: ((Key, Signal<Element>) -> Signal<Closing>)?,
    connector: (() -> Subject<Element>)? = nil
  ) -> Signal<(key: Key, group: Signal<Element>)> {
    Signal<(key: Key, group: Signal<Element>)> { subscriber in
      let state = Locked(
        (groups: [Key: Subject<Element>](), keys: [Key](), active: 0, released: false))
      let report = probe?.take()
      report?(.groups, [Key]())
      let upstream = SerialDisposable()
      let durations = CompositeDisposable()
      /// Ends the source subscription once neither the result nor any group is subscribed.
      func release() {
        let done = state.withLock { $0.released && $0.active == 0 }
        if done { upstream.dispose() }
      }
      let source = Subscriber<Value> { event in
        guard case .next(let value) = event else {
          let groups = state.withLock { state -> [Subject<Element>] in
            defer { state.groups = [:] }
            return state.keys.compactMap { state.groups[$0] }
          }
          for group in groups {
            if case .error(let error) = event {
              group.sendError(error)
            } else {
              group.sendCompleted()
            }
          }
          if case .error(let error) = event {
            subscriber.sendError(error)
          } else {
            subscriber.sendCompleted()
          }
          return
        }
        let valueKey = key(value)
        // Made outside the lock: the connector may run the caller's code.
        let open = state.withLock { $0.groups[valueKey] }
        let made = open == nil ? connector?() : nil
        let (group, isNew, keys) = state.withLock {
          state -> (Subject<Element>, Bool, [Key]) in
          if let group = state.groups[valueKey] { return (group, false, state.keys) }
          let group = made ?? Subject<Element>()
          state.groups[valueKey] = group
          state.keys.append(valueKey)
          return (group, true, state.keys)
        }
        if isNew {
          report?(.groups, keys)
          let counted = Signal<Element> { inner in
            state.withLock { $0.active += 1 }
            inner.attach(
              ActionDisposable {
                state.withLock { $0.active -= 1 }
                release()
              })
            return group.subscribe(inner)
          }
          subscriber.sendNext((valueKey, counted))
          if let duration {
            let closing = SerialDisposable()
            let token = durations.add(closing)
            /// Ends the group (if it is still the open one of its key) with `event`.
            func end(_ event: Event<Element>) {
              durations.remove(token)
              closing.dispose()
              let keys = state.withLock { state -> [Key]? in
                guard state.groups[valueKey] === group else { return nil }
                state.groups[valueKey] = nil
                state.keys.removeAll { $0 == valueKey }
                return state.keys
              }
              if let keys { report?(.groups, keys) }
              group.send(event)
            }
            let watcher = Subscriber<Closing> { event in
              if case .error(let error) = event { end(.error(error)) } else { end(.completed) }
            }
            closing.swap(watcher)?.dispose()
            duration(valueKey, counted).subscribe(watcher)
          }
        }
        group.sendNext(element(value))
      }
      source.attach(durations)
      upstream.swap(source)?.dispose()
      self.subscribe(source)
      return ActionDisposable {
        state.withLock { $0.released = true }
        release()
      }
    }
  }
}
