import Reactive

/// The properties of script values: a command's lanes, a channel's terminals, a connection's
/// signal (`cmd.enabled`, `ch.leading`, `conn.signal`), a marble source's lane drawn without
/// subscribing (`input.recorded`).
package enum ValueProperties {
  /// Every property name, for "did you mean" and for telling properties from operators.
  package static let names: [String] =
    CommandBox.internalLanes + [
      "internals", "allowsConcurrentExecution", "leading", "following", "signal", "name",
      "message", "recorded", "key", "count", "isEmpty", "kind", "value", "error", "interval",
    ] + operatorLanes

  /// The state lanes of stateful operators (`s.acc`, `s.taken`, …): the rows' internals lanes.
  static let operatorLanes: [String] = {
    var seen: Set<String> = []
    return Catalogue.entries.flatMap { $0.internals?.lanes.map(\.name) ?? [] }.filter {
      seen.insert($0).inserted
    }
  }()

  /// The value of `value.name`.
  static func get(_ name: String, of value: ScriptValue, at range: SourceRange) throws(RuntimeError)
    -> ScriptValue
  {
    switch value {
    case .command(let box):
      if let lane = box.lane(name) { return .signal(lane) }
      if name == "internals" { return .commandInternals(box) }
      if name == "allowsConcurrentExecution" {
        return .bool(box.command.allowsConcurrentExecution)
      }
      throw missing(
        name, value, among: CommandBox.internalLanes + ["internals", "allowsConcurrentExecution"],
        at: range)
    case .commandInternals(let box):
      if let lane = box.lane(name) { return .signal(lane) }
      throw missing(name, value, among: CommandBox.internalLanes, at: range)
    case .signal where name != "recorded" && ProbeHandle.of(value) != nil,
      .connection where name != "signal" && ProbeHandle.of(value) != nil:
      guard let probed = ProbeHandle.of(value) else { return .null }
      let (handle, base) = probed
      if name == "internals" { return .operatorInternals(handle.internals(of: base)) }
      if handle.laneNames.contains(name), let lane = handle.internals(of: base).lane(name) {
        return .signal(lane)
      }
      var extra: [String] = []
      if case .connection = value { extra = ["signal"] }
      throw missing(name, value, among: ["internals"] + extra + handle.laneNames, at: range)
    case .operatorInternals(let internals):
      if let lane = internals.lane(name) { return .signal(lane) }
      throw missing(name, value, among: internals.laneNames, at: range)
    case .channel(let channel):
      if name == "leading" { return .signal(channel.leading) }
      if name == "following" { return .signal(channel.following) }
      throw missing(name, value, among: ["leading", "following"], at: range)
    case .connection(let connection):
      if name == "signal" { return .signal(connection.signal) }
      throw missing(name, value, among: ["signal"], at: range)
    case .signal(let signal) where name == "key":
      guard let group = signal as? GroupedSignal else {
        throw RuntimeError(
          "'key' is the key of a group that 'groupBy' sends; this signal is not one",
          hint: "read 'g.key' inside the closure that takes each group, as in"
            + " 'groups.mergeMap { g in g.map { x in [g.key, x] } }'", at: range)
      }
      return group.key
    case .signal(let signal) where name == "recorded":
      guard let source = signal as? MarbleSource else {
        throw RuntimeError(
          "'recorded' draws a 'cold' or 'hot' marble source without subscribing it; this signal is"
            + " made by operators",
          hint: "show the signal itself (a lane subscribes it), or show the sources it is made of"
            + " with '.recorded'", at: range)
      }
      return .recorded(source)
    case .string(let text) where name == "count": return .int(text.count)
    case .string(let text) where name == "isEmpty": return .bool(text.isEmpty)
    case .array(let values) where name == "count", .tuple(let values) where name == "count":
      return .int(values.count)
    case .array(let values) where name == "isEmpty": return .bool(values.isEmpty)
    case .dictionary(let values) where name == "count": return .int(values.count)
    case .event(let event):
      // RxJS's notification members: kind "N", "E" or "C"; value; error.
      switch (name, event) {
      case ("kind", .next): return .string("N")
      case ("kind", .error): return .string("E")
      case ("kind", .completed): return .string("C")
      case ("value", .next(let value)): return value
      case ("error", .error(let error)): return ScriptValue.payload(of: error)
      case ("value", _), ("error", _): return .null
      default: throw missing(name, value, among: ["kind", "value", "error"], at: range)
      }
    case .errorObject(let errorName, let message), .error(.errorObject(let errorName, let message)):
      if name == "name" { return .string(errorName) }
      if name == "message" { return .string(message) }
      throw missing(name, value, among: ["name", "message"], at: range)
    default:
      throw missing(name, value, among: [], at: range)
    }
  }

  private static func missing(
    _ name: String, _ value: ScriptValue, among candidates: [String], at range: SourceRange
  ) -> RuntimeError {
    Diagnostic.Interpreter.noProperty(
      name, value, suggestion: ScriptSpelling.suggestion(for: name, among: candidates), at: range)
  }
}
