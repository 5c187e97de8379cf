/// Anything that can receive a signal's events: a `Subscriber`, a `Subject`, a channel terminal
/// (RACSubscriber protocol).
public protocol Observer<Value>: AnyObject {
  /// The type of the values received.
  associatedtype Value
  /// Receives one event.
  func send(_ event: Event<Value>)
  /// Takes ownership of the disposable of a subscription that feeds this observer
  /// (RAC `didSubscribeWithDisposable:`), so that it is disposed with the observer.
  func attach(_ disposable: any Disposable)
}

extension Observer {
  @inlinable public func sendNext(_ value: Value) { send(.next(value)) }
  /// Sends a failure; terminal.
  @inlinable public func sendError(_ error: any Error) { send(.error(error)) }
  /// Sends completion; terminal.
  @inlinable public func sendCompleted() { send(.completed) }
}
