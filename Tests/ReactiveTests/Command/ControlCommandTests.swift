import Testing

@testable import Reactive

/// A stand-in for a UIControl with `rac_command`: setting `command` binds the control's enabled
/// state to `command.enabled` (replacing any earlier binding); activating it executes the
/// command with the control as input.
final class FakeControl {
  private(set) var isEnabled = true
  private var binding: (any Disposable)?
  var command: Command<FakeControl, FakeControl>? {
    didSet {
      binding?.dispose()
      binding = command?.enabled.subscribe(next: { [weak self] in self?.isEnabled = $0 })
    }
  }

  func activate() { _ = command?.execute(self) }
}

/// RACControlCommandExamples, scenarios K1–K3.
@Suite struct ControlCommandTests {
  let s = VirtualTimeScheduler()
  let enabledSubject = Subject<Bool>()

  func bound() -> (FakeControl, Command<FakeControl, FakeControl>) {
    let control = FakeControl()
    let command = Command<FakeControl, FakeControl>(
      enabled: enabledSubject, mainScheduler: s.main
    ) { .just($0) }
    control.command = command
    return (control, command)
  }

  @Test func k1EnabledStateFollowsTheCommand() throws {
    let (control, command) = bound()
    try s.drain()
    #expect(control.isEnabled)
    enabledSubject.sendNext(false)
    try s.drain()
    #expect(!control.isEnabled)
    enabledSubject.sendNext(true)
    try s.drain()
    #expect(control.isEnabled)
    _ = command
  }

  @Test func k2ActivationExecutesTheCommand() throws {
    let (control, command) = bound()
    var executed = false
    command.executionSignals.flatten().subscribe(next: { sender in
      #expect(sender === control)
      executed = true
    })
    control.activate()
    try s.drain()
    #expect(executed)
  }

  @Test func k3ANewCommandReplacesTheOldOne() throws {
    let (control, old) = bound()
    let replacement = Command<FakeControl, FakeControl>(mainScheduler: s.main) { .just($0) }
    control.command = replacement
    #expect(control.command === replacement)
    // The old command's enabled state no longer reaches the control.
    enabledSubject.sendNext(false)
    try s.drain()
    #expect(control.isEnabled)
    _ = old
  }
}
