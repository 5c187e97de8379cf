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
