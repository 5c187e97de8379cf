import Foundation

/// The math functions: in every script as Swift spells them (`abs(x)`, `min(a, b)`,
/// `max(a, b)`, `floor(x)`, `ceil(x)`, `round(x)`, `sqrt(x)`, `pow(x, y)`), and under
/// `use rxjs` also as JavaScript does (`Math.floor(x)`, …, `Math.trunc(x)`, `Math.sign(x)`),
/// with JavaScript's rounding for `Math.round` (halves up, towards +∞) where Swift's `round`
/// takes halves away from zero. `floor`, `ceil`, `round` and `trunc` give an Int when the
/// result fits one (so that `for i in 0..<floor(x)` counts), `sqrt` a Double, `pow` an Int for
/// two Ints and an exponent ≥ 0 whose result fits, else a Double.
enum MathFunctions {
  /// The functions called by name in every script.
  static let swiftNames: Set<String> = [
    "abs", "min", "max", "floor", "ceil", "round", "sqrt", "pow",
  ]

  /// The members of JavaScript's `Math` that scripts under `use rxjs` may call.
  static let javaScriptNames: Set<String> = swiftNames.union(["trunc", "sign"])

  /// How many arguments a function takes: its least and its most.
  static func arity(_ name: String, javaScript: Bool) -> ClosedRange<Int> {
    switch name {
    // Math.max() is -Infinity in JavaScript; Swift's min and max take two or more.
    case "min", "max": return javaScript ? 0...Int.max : 2...Int.max
    case "pow": return 2...2
    default: return 1...1
    }
  }

  /// How the function is written, for messages: `floor(_:)`, `Math.floor`.
  static func spelling(_ name: String, javaScript: Bool) -> String {
    javaScript ? "Math.\(name)" : "\(name)(_:)"
  }

  /// `name(arguments)`.
  static func call(
    _ name: String, javaScript: Bool, _ arguments: [ScriptValue], at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    func number(_ value: ScriptValue) throws(RuntimeError) -> Double {
      guard let number = value.number else {
        throw RuntimeError(
          "the argument of '\(spelling(name, javaScript: javaScript))' must be a number, not"
            + " '\(value.typeName)' \(value)", at: range)
      }
      return number
    }
    switch name {
    case "abs":
      switch arguments[0] {
      case .int(let x):
        guard x != .min else {
          throw Diagnostic.Interpreter.overflow("abs", arguments[0], nil, at: range)
        }
        return .int(Swift.abs(x))
      default: return .double(Swift.abs(try number(arguments[0])))
      }
    case "min", "max":
      return try extreme(isMin: name == "min", javaScript: javaScript, arguments, at: range)
    case "floor": return try rounded(arguments[0], .down, number)
    case "ceil": return try rounded(arguments[0], .up, number)
    case "trunc": return try rounded(arguments[0], .towardZero, number)
    case "round":
      guard javaScript else { return try rounded(arguments[0], .toNearestOrAwayFromZero, number) }
      // JavaScript rounds halves towards +∞: Math.round(-2.5) is -2.
      if case .int = arguments[0] { return arguments[0] }
      let x = try number(arguments[0])
      let below = x.rounded(.down)
      return integral(x - below >= 0.5 ? below + 1 : below)
    case "sign":
      switch arguments[0] {
      case .int(let x): return .int(x.signum())
      default:
        let x = try number(arguments[0])
        return .double(x.isNaN || x == 0 ? x : (x < 0 ? -1 : 1))
      }
    case "sqrt": return .double(try number(arguments[0]).squareRoot())
    default: return try power(arguments[0], arguments[1], number)
    }
  }

  /// `pow(x, y)` and `x ** y`: exact for two Ints and an exponent ≥ 0 while the result fits an
  /// Int, a Double otherwise.
  static func power(
    _ base: ScriptValue, _ exponent: ScriptValue,
    _ number: (ScriptValue) throws(RuntimeError) -> Double
  ) throws(RuntimeError) -> ScriptValue {
    if case .int(var x) = base, case .int(var n) = exponent, n >= 0 {
      var result = 1
      var exact = true
      while n > 0 && exact {
        if n & 1 == 1 {
          let (product, overflow) = result.multipliedReportingOverflow(by: x)
          result = product
          exact = !overflow
        }
        n >>= 1
        if n > 0 {
          let (square, overflow) = x.multipliedReportingOverflow(by: x)
          x = square
          exact = exact && !overflow
        }
      }
      if exact { return .int(result) }
    }
    return .double(Foundation.pow(try number(base), try number(exponent)))
  }

  /// `min`/`max` of numbers (or, in Swift's spelling, of strings): the first extreme value as it
  /// is; under JavaScript's spelling NaN if any argument is NaN, and ±Infinity without one.
  private static func extreme(
    isMin: Bool, javaScript: Bool, _ arguments: [ScriptValue], at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    guard var best = arguments.first else { return .double(isMin ? .infinity : -.infinity) }
    for value in arguments {
      if javaScript, case .double(let x) = value, x.isNaN { return value }
      let order = try BinaryNode.apply(isMin ? .less : .greater, value, best, at: range)
      if case .bool(true) = order { best = value }
    }
    if javaScript, best.number == nil {
      throw RuntimeError(
        "the arguments of 'Math.\(isMin ? "min" : "max")' must be numbers, not"
          + " '\(best.typeName)' \(best)", at: range)
    }
    return best
  }

  /// An Int unchanged; a Double rounded by `rule`, as an Int when it fits one.
  private static func rounded(
    _ value: ScriptValue, _ rule: FloatingPointRoundingRule,
    _ number: (ScriptValue) throws(RuntimeError) -> Double
  ) throws(RuntimeError) -> ScriptValue {
    if case .int = value { return value }
    return integral(try number(value).rounded(rule))
  }

  /// A whole number as an Int when it fits one, else (NaN, ±Infinity, huge) as a Double.
  private static func integral(_ x: Double) -> ScriptValue {
    guard x.isFinite, Swift.abs(x) < 9.2e18 else { return .double(x) }
    return .int(Int(x))
  }
}

/// A call of a math function (see `MathFunctions`).
final class MathNode: Node {
  package let name: String
  let javaScript: Bool
  let arguments: [Node]
  init(name: String, javaScript: Bool, arguments: [Node], range: SourceRange) {
    self.name = name
    self.javaScript = javaScript
    self.arguments = arguments
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let values = try arguments.map { (node) throws(RuntimeError) in try node.eval(locals) }
    return try MathFunctions.call(name, javaScript: javaScript, values, at: range)
  }
}
