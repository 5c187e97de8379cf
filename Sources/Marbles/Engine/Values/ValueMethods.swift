/// The methods of strings and arrays (`s.uppercased()`, `s.split(separator: ",")`,
/// `xs.joined(separator: "-")`) and the conversions `String(x)`, `Int(x)`, `Double(x)`, spelled
/// as in Swift. They are not operators: they compute a value at once, inside closures or at the
/// top level.
enum ValueMethods {
  /// The method names, with the labels of their arguments (`""` for an unlabelled one).
  static let signatures: [String: [String]] = [
    "uppercased": [], "lowercased": [], "hasPrefix": [""], "hasSuffix": [""], "prefix": [""],
    "suffix": [""], "replacingOccurrences": ["of", "with"], "split": ["separator"],
    "components": ["separatedBy"], "trimmingCharacters": ["in"], "contains": [""],
    "joined": ["separator"], "reversed": [],
  ]

  /// The conversions, called like functions.
  static let conversions: Set<String> = ["String", "Int", "Double"]

  /// How a method is written, for messages: `replacingOccurrences(of:with:)`.
  static func spelling(_ name: String) -> String {
    let labels = signatures[name] ?? []
    return name + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
  }

  /// `receiver.name(arguments)`.
  static func call(
    _ name: String, on receiver: ScriptValue, _ arguments: [ScriptValue], at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    func string(_ index: Int) throws(RuntimeError) -> String {
      guard case .string(let text) = arguments[index] else {
        throw RuntimeError(
          "the argument of '\(spelling(name))' must be a String, not"
            + " '\(arguments[index].typeName)' \(arguments[index])", at: range)
      }
      return text
    }
    func count(_ index: Int) throws(RuntimeError) -> Int {
      guard case .int(let number) = arguments[index], number >= 0 else {
        throw RuntimeError(
          "the argument of '\(spelling(name))' must be an Int ≥ 0, not"
            + " '\(arguments[index].typeName)' \(arguments[index])", at: range)
      }
      return number
    }
    switch (name, receiver) {
    case ("uppercased", .string(let text)): return .string(text.uppercased())
    case ("lowercased", .string(let text)): return .string(text.lowercased())
    case ("hasPrefix", .string(let text)): return .bool(text.hasPrefix(try string(0)))
    case ("hasSuffix", .string(let text)): return .bool(text.hasSuffix(try string(0)))
    case ("prefix", .string(let text)): return .string(String(text.prefix(try count(0))))
    case ("suffix", .string(let text)): return .string(String(text.suffix(try count(0))))
    case ("prefix", .array(let values)): return .array(Array(values.prefix(try count(0))))
    case ("suffix", .array(let values)): return .array(Array(values.suffix(try count(0))))
    case ("replacingOccurrences", .string(let text)):
      let target = try string(0)
      guard !target.isEmpty else { return .string(text) }
      return .string(text.replacing(target, with: try string(1)))
    case ("split", .string(let text)):
      let separator = try string(0)
      guard !separator.isEmpty else { return .array(text.map { .string(String($0)) }) }
      // Swift's `split` leaves out empty pieces.
      return .array(
        text.split(separator: separator, omittingEmptySubsequences: true).map {
          .string(String($0))
        })
    case ("components", .string(let text)):
      let separator = try string(0)
      guard !separator.isEmpty else { return .array([.string(text)]) }
      return .array(
        text.split(separator: separator, omittingEmptySubsequences: false).map {
          .string(String($0))
        })
    case ("trimmingCharacters", .string(let text)):
      let trimmed = Set(try string(0))
      return .string(
        String(
          text.drop { trimmed.contains($0) }.reversed().drop { trimmed.contains($0) }.reversed()))
    case ("contains", .string(let text)): return .bool(text.contains(try string(0)))
    case ("contains", .array(let values)), ("contains", .tuple(let values)):
      return .bool(values.contains { $0.isEqual(to: arguments[0]) })
    case ("joined", .array(let values)):
      let separator = try string(0)
      var pieces: [String] = []
      for value in values {
        guard case .string(let text) = value else {
          throw RuntimeError(
            "'joined(separator:)' joins Strings, not '\(value.typeName)' \(value)", at: range)
        }
        pieces.append(text)
      }
      return .string(pieces.joined(separator: separator))
    case ("reversed", .string(let text)): return .string(String(text.reversed()))
    case ("reversed", .array(let values)): return .array(values.reversed())
    default:
      throw RuntimeError(
        "'\(spelling(name))' is a method of \(receivers(name)), not of '\(receiver.typeName)'"
          + " \(receiver)", at: range)
    }
  }

  private static func receivers(_ name: String) -> String {
    switch name {
    case "prefix", "suffix", "contains", "reversed": return "strings and arrays"
    case "joined": return "arrays"
    default: return "strings"
    }
  }

  /// `String(x)`, `Int(x)`, `Double(x)`. Text that is not a number is a runtime error (the
  /// language has no optionals to give `nil` for it).
  static func convert(_ type: String, _ value: ScriptValue, at range: SourceRange)
    throws(RuntimeError)
    -> ScriptValue
  {
    switch (type, value) {
    case ("String", .string): return value
    case ("String", .int), ("String", .double), ("String", .bool):
      return .string(value.description)
    case ("Int", .int): return value
    case ("Int", .double(let number)):
      guard number.isFinite, abs(number) < 9.2e18 else { break }
      return .int(Int(number))
    case ("Int", .string(let text)):
      if let number = Int(text) { return .int(number) }
    case ("Double", .double): return value
    case ("Double", .int(let number)): return .double(Double(number))
    case ("Double", .string(let text)):
      if let number = Double(text) { return .double(number) }
    default: break
    }
    throw RuntimeError(
      "'\(type)(_:)' cannot convert '\(value.typeName)' \(value) to \(type == "Int" ? "an" : "a")"
        + " \(type)", at: range)
  }
}

/// `receiver.name(arguments)` for a method of strings or arrays (see `ValueMethods`).
final class ValueMethodNode: Node {
  package let name: String
  let receiver: Node
  let arguments: [Node]
  let budget: Budget
  init(name: String, receiver: Node, arguments: [Node], budget: Budget, range: SourceRange) {
    self.name = name
    self.receiver = receiver
    self.arguments = arguments
    self.budget = budget
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let base = try receiver.eval(locals)
    let values = try arguments.map { (node) throws(RuntimeError) in try node.eval(locals) }
    try budget.checkSize(Self.size(name, base, values), at: range)
    let result = try ValueMethods.call(name, on: base, values, at: range)
    switch result {
    case .string(let text):
      try budget.checkSize(text.utf8.count, at: range)
      try budget.spend(copied: text.utf8.count / Budget.charactersPerEvent, at: range)
    case .array(let elements):
      try budget.checkSize(elements.count, at: range)
      try budget.spend(copied: elements.count, at: range)
    default: break
    }
    return result
  }

  /// The size of what `joined` and `replacingOccurrences` would make, known before it is made
  /// (a separator or a replacement repeated a million times is gigabytes); 0 for the others.
  static func size(_ name: String, _ base: ScriptValue, _ arguments: [ScriptValue]) -> Int {
    switch (name, base) {
    case ("joined", .array(let values)):
      guard case .string(let separator)? = arguments.first else { return 0 }
      var size = separator.utf8.count * max(0, values.count - 1)
      for case .string(let text) in values { size += text.utf8.count }
      return size
    case ("replacingOccurrences", .string(let text)):
      guard arguments.count == 2, case .string(let target) = arguments[0],
        case .string(let replacement) = arguments[1], !target.isEmpty,
        replacement.utf8.count > target.utf8.count
      else { return 0 }
      return text.utf8.count + text.ranges(of: target).count
        * (replacement.utf8.count - target.utf8.count)
    default:
      return 0
    }
  }
}

/// `String(x)`, `Int(x)` or `Double(x)`.
final class ConversionNode: Node {
  let type: String
  let value: Node
  init(type: String, value: Node, range: SourceRange) {
    self.type = type
    self.value = value
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    try ValueMethods.convert(type, try value.eval(locals), at: range)
  }
}
