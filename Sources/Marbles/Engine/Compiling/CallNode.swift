/// A call of a catalogue function or method, with its arguments matched to parameters at
/// compile time.
final class CallNode: Node {
  let runtime: Runtime
  let entry: OperatorEntry
  package let name: String
  let receiver: Node?
  let arguments: [Node?]
  let argumentRanges: [SourceRange?]
  let variadic: [Node]
  let valuesMap: [(label: String, node: Node)]
  /// The `cold`/`hot` literal's marble, parsed by the compiler. A large one is handed over
  /// once and not kept: the source made from it holds what the run needs, and a call that
  /// runs again (in a closure) parses the literal again.
  private(set) var marble: MarbleDiagram?
  /// The most events of a marble kept for the calls after the first.
  static let keptMarbleEvents = 4096
  /// Whether the operator is one of the sharing family (`Catalogue.sharing`), whose signal sends
  /// each value to all its subscribers.
  let isSharing: Bool

  init(
    runtime: Runtime, entry: OperatorEntry, name: String, receiver: Node?, arguments: [Node?],
    argumentRanges: [SourceRange?], variadic: [Node], valuesMap: [(label: String, node: Node)],
    marble: MarbleDiagram?, range: SourceRange
  ) {
    self.runtime = runtime
    self.entry = entry
    self.name = name
    self.receiver = receiver
    self.arguments = arguments
    self.argumentRanges = argumentRanges
    self.variadic = variadic
    self.valuesMap = valuesMap
    self.marble = marble
    self.isSharing = Catalogue.sharingNames.contains(entry.name)
    super.init(range: range)
  }

  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let receiverValue = try receiver?.eval(locals) ?? .null
    var values: [ScriptValue?] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments { values.append(try argument?.eval(locals)) }
    var call = Call(
      runtime: runtime, name: name, range: range, receiver: receiverValue, arguments: values,
      argumentRanges: argumentRanges)
    for node in variadic { call.variadic.append(try node.eval(locals)) }
    for (label, node) in valuesMap { call.valuesMap.append((label, try node.eval(locals))) }
    call.marble = marble
    call.lanes = entry.internals?.lanes ?? []
    if let marble, marble.events.count > Self.keptMarbleEvents { self.marble = nil }
    let result = Self.mayThrow(call) ? try runFailing(call) : try entry.run(call)
    if isSharing { runtime.markShared(result) }
    return result
  }

}
