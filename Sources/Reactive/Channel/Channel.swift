/// A two-way binding point with a leading and a following terminal (RACChannel).
///
/// Values sent into one terminal come out of the other: leading → following replays the latest
/// value to later subscribers (Replay(1)); following → leading does not (Replay(0)). A value
/// never echoes back to the terminal it was sent into. Completion or an error on either terminal
/// ends both, and both replay the terminal event to later subscribers.
///
///     leading.send:      -a--b----|
///     following sees:    -a--b----|    (a late subscriber first gets the latest value)
///     following.send:    ---x-----
///     leading sees:      ---x-----|
public final class Channel<Value>: @unchecked Sendable {
  /// The terminal that usually faces the model: what is sent into it reaches `following`.
  public let leading: ChannelTerminal<Value>
  /// The terminal that usually faces the view: what is sent into it reaches `leading`.
  public let following: ChannelTerminal<Value>

  public init() {
    let leadingSubject = ReplaySubject<Value>(capacity: 0)
    let followingSubject = ReplaySubject<Value>(capacity: 1)
    // Terminal events cross both ways. The relays hold the other subject weakly: each terminal
    // holds both subjects, so while either terminal lives both do, and no cycle outlives them.
    Self.relayTerminalEvents(from: leadingSubject, to: followingSubject)
    Self.relayTerminalEvents(from: followingSubject, to: leadingSubject)
    leading = ChannelTerminal(values: leadingSubject, otherTerminal: followingSubject)
    following = ChannelTerminal(values: followingSubject, otherTerminal: leadingSubject)
  }

  private static func relayTerminalEvents(
    from source: ReplaySubject<Value>, to target: ReplaySubject<Value>
  ) {
    let relay = source.subscribe(
      Subscriber { [weak target] event in
        if event.isTerminal { target?.send(event) }
      })
    target.attach(relay)
  }
}

/// One end of a `Channel`: a signal of the values sent into the other end, and an observer that
/// sends into the other end (RACChannelTerminal).
public final class ChannelTerminal<Value>: Signal<Value>, Observer, @unchecked Sendable {
  private let values: ReplaySubject<Value>
  private let otherTerminal: ReplaySubject<Value>

  init(values: ReplaySubject<Value>, otherTerminal: ReplaySubject<Value>) {
    self.values = values
    self.otherTerminal = otherTerminal
    super.init()
  }

  /// Subscribes to the values sent into the other terminal.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    values.subscribe(subscriber)
  }

  /// Sends `event` out of the other terminal.
  public func send(_ event: Event<Value>) {
    otherTerminal.send(event)
  }

  /// Ties a subscription that feeds this terminal to the channel: disposed when it terminates.
  public func attach(_ disposable: any Disposable) {
    otherTerminal.attach(disposable)
  }

  /// Binds this terminal to `other` as `RACChannelTo(a) = RACChannelTo(b)` does: this terminal
  /// receives everything from `other` (its current value first), and `other` receives this
  /// terminal's values after the first.
  @discardableResult
  public func bind(to other: ChannelTerminal<Value>) -> any Disposable {
    let incoming = other.subscribe(self)
    let outgoing = skip(1).subscribe(other)
    return CompositeDisposable([incoming, outgoing])
  }
}
