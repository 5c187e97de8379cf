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
