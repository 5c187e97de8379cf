import Reactive

extension Catalogue {
  /// Commands, channels and sending to subjects.
  package static let commands: [OperatorEntry] = [
    .function(
      "Command", rac: "RACCommand",
      "A command: the closure makes each execution's work signal (see 'cmd.internals' for its lanes)",
      parameters: [.option("enabled"), .option("allowsConcurrentExecution"), .closure("input")],
      holds: "inFlight, moreExecutionsAllowed, immediateEnabled, enabled, executing …",
      synonyms: ["command"],
      example: """
        let taps = hot("-1------")
        let save = Command { input in cold("--v|", v: input) }
        save.execute(taps)
        show save.executing, save.enabled, save.executionSignals
        expect save.executing == "ft--f", t: true, f: false
        expect save.enabled == "tf--t", t: true, f: false
        """
    ) { c throws(RuntimeError) in
      var enabled: Signal<Bool>?
      if let value = c.optional(0) {
        guard case .signal(let signal) = value else {
          throw c.argumentError(0, "'enabled:'", expected: "a signal of Bools")
        }
        enabled = c.bools(signal, what: "the 'enabled:' signal")
      }
      let concurrent = try c.bool(1, "'allowsConcurrentExecution:'", absent: false)
      let block = try c.function(2)
      let command = Command<ScriptValue, ScriptValue>(
        enabled: enabled, allowsConcurrentExecution: concurrent, mainScheduler: c.scheduler.main
      ) { input in block.signal(for: input) }
      return .command(CommandBox(command))
    },
    .method(
      "execute", rac: "execute:",
      "Executes the command: with a signal, for each of its values at its frame; with 'at:', once at that frame; returns the result",
      parameters: [.value("input"), .value("frame", label: "at", optional: true)],
      example: """
        let save = Command { input in cold("--r|", r: input) }
        let clicks = hot("-x---x--", x: 7)
        let calls = save.execute(clicks)
        let late = save.execute(9, at: 2)
        show calls, late
        """
    ) { c throws(RuntimeError) in
      let command = try c.command()
      let input = c.value(0)
      let runtime = c.runtime
      let frame = try c.optionalFrame(1)
      if frame == nil, case .signal(let inputs) = input {
        let results = ReplaySubject<ScriptValue>()
        runtime.atStart(of: runtime.scheduler.now) {
          let subscription = inputs.subscribe(
            next: { results.sendNext(.signal(command.execute($0))) },
            error: { results.sendError($0) },
            completed: { results.sendCompleted() })
          runtime.track(subscription)
        }
        return .signal(results)
      }
      if let frame = frame ?? (runtime.isSettingUp ? 0 : nil) {
        let result = ReplaySubject<ScriptValue>()
        runtime.atFrame(frame) { runtime.track(command.execute(input).subscribe(result)) }
        return .signal(result)
      }
      return .signal(command.execute(input))
    },
    .method(
      "setAllowsConcurrentExecution", rac: "setAllowsConcurrentExecution:",
      "Sets the command's 'allowsConcurrentExecution' now, or at frame `at`",
      parameters: [.value("value"), .value("frame", label: "at", optional: true)],
      example: """
        let taps = hot("-12-----")
        let save = Command { input in cold("---r|", r: input) }
        save.setAllowsConcurrentExecution(true, at: 0)
        save.execute(taps)
        show save.executing, save.inFlight
        expect save.inFlight == "012--10"
        """
    ) { c throws(RuntimeError) in
      let command = try c.command()
      let flag = try c.bool(0, "the value")
      let frame = try c.optionalFrame(1)
      c.schedule(at: frame) { command.allowsConcurrentExecution = flag }
      return .null
    },
    .function(
      "Channel", rac: "RACChannel",
      "A two-way binding point: values sent into one terminal come out of the other",
      synonyms: ["channel"],
      example: """
        let ch = Channel()
        let model = cold("-a--b-|")
        let view = cold("---x---")
        model.subscribe(ch.leading)
        view.subscribe(ch.following)
        show ch.leading, ch.following
        """
    ) { _ throws(RuntimeError) in .channel(Channel<ScriptValue>()) },
    .method(
      "subscribe", rac: "subscribe:",
      "Sends this signal's events into a subject or a channel terminal, from frame 0 (or now)",
      parameters: [.value("observer")], synonyms: ["sink", "subscribeNext"],
      example: """
        let s = Subject()
        let input = cold("-a-b|")
        input.subscribe(s)
        show s
        expect s == "-a-b|"
        """
    ) { c throws(RuntimeError) in
      let signal = try c.signal()
      let target = c.value(0)
      let runtime = c.runtime
      let range = c.range
      switch target {
      case .signal(let terminal as ChannelTerminal<ScriptValue>):
        runtime.atStart(of: runtime.scheduler.now) {
          runtime.feed(signal, into: terminal, at: range)
        }
      case .signal(let subject as Subject<ScriptValue>):
        runtime.atStart(of: runtime.scheduler.now) {
          runtime.feed(signal, into: subject, at: range)
        }
      default:
        throw c.argumentError(0, "the observer", expected: "a Subject or a channel terminal")
      }
      return .null
    },
    .method(
      "sendNext", rac: "sendNext:", alias: "next",
      "Sends a value into a subject or channel terminal, now or at frame `at`",
      parameters: [.value("value"), .value("frame", label: "at", optional: true)], source: true,
      example: """
        let s = Subject()
        s.sendNext("a", at: 1)
        s.sendNext("b", at: 3)
        show s
        expect s == "-a-b"
        """
    ) { c throws(RuntimeError) in try send(c, .next(c.value(0)), frameArgument: 1) },
    .method(
      "sendError", rac: "sendError:", alias: "error",
      "Fails a subject or channel terminal with the error value, now or at frame `at`",
      parameters: [.value("error"), .value("frame", label: "at", optional: true)], source: true,
      example: """
        let s = Subject()
        s.sendError("boom", at: 2)
        show s
        expect s == "--#", error: "boom"
        """
    ) { c throws(RuntimeError) in try send(c, .error(c.value(0).asError), frameArgument: 1) },
    .method(
      "sendCompleted", rac: "sendCompleted", alias: "complete",
      "Completes a subject or channel terminal, now or at frame `at`",
      parameters: [.value("frame", label: "at", optional: true)], source: true,
      example: """
        let s = Subject()
        s.sendCompleted(at: 2)
        show s
        expect s == "--|"
        """
    ) { c throws(RuntimeError) in try send(c, .completed, frameArgument: 0) },
  ]
}

extension Catalogue {
  /// `sendNext`, `sendError`, `sendCompleted`.
  private static func send(_ c: Call, _ event: Event<ScriptValue>, frameArgument: Int)
    throws(RuntimeError)
    -> ScriptValue
  {
    let frame = try c.optionalFrame(frameArgument)
    switch c.receiver {
    case .signal(let terminal as ChannelTerminal<ScriptValue>):
      c.schedule(at: frame) { c.runtime.nested(at: c.range) { terminal.send(event) } }
    case .signal(let subject as Subject<ScriptValue>):
      c.schedule(at: frame) { c.runtime.nested(at: c.range) { subject.send(event) } }
    default:
      throw Diagnostic.Interpreter.wrongReceiver(
        c.name, expected: "a Subject or a channel terminal", c.receiver, at: c.range)
    }
    return .null
  }
}
