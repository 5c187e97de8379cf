import Testing

@testable import Marbles
@testable import MarblesCore

/// Parses `text` as `t.marble`.
func parseScript(_ text: String) -> (script: Script, diagnostics: [Diagnostic], file: SourceFile) {
  let file = SourceFile(name: "t.marble", text: text)
  let (script, diagnostics) = ScriptParser.parse(file)
  return (script, diagnostics, file)
}

/// The tokens of `text`, described compactly: `id(x)`, `kw(let)`, `int(1)`, `str("a")`, `(`,
/// `==`, `⏎` for a newline, `eof`.
func describeTokens(_ text: String) -> String {
  ScriptLexer.tokenize(SourceFile(name: "t.marble", text: text)).tokens.map { token in
    switch token.kind {
    case .identifier: "id(\(token.text))"
    case .implicitParameter(let number): "$\(number)"
    case .keyword(let keyword): "kw(\(keyword.rawValue))"
    case .integer: "int(\(token.text))"
    case .decimal: "dec(\(token.text))"
    case .string: "str(\((token.literal?.value ?? "?").debugDescription))"
    case .operator(let op): op.rawValue
    case .newline: "⏎"
    case .endOfFile: "eof"
    case .invalid: "invalid(\(token.text))"
    default: String(token.text)
    }
  }.joined(separator: " ")
}

/// A script with its expected diagnostics, rendered in full.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
  let id: String
  let source: String
  let rendered: String

  init(_ id: String, _ source: String, _ rendered: String) {
    self.id = id
    self.source = source
    self.rendered = rendered
  }

  var testDescription: String { id }

  /// Checks the rendering, that all are errors, and that a statement after the bad one parses.
  func check(sourceLocation: SourceLocation = #_sourceLocation) {
    let (_, diagnostics, file) = parseScript(source)
    #expect(diagnostics.render(in: file) == rendered, sourceLocation: sourceLocation)
    #expect(diagnostics.allSatisfy { $0.severity == .error }, sourceLocation: sourceLocation)
    let (after, _, _) = parseScript(source + "\nshow zz")
    #expect(after.statements.last?.dump == "show zz", sourceLocation: sourceLocation)
  }
}

/// A small deterministic pseudo-random generator (SplitMix64), so that fuzz tests repeat.
/// A small deterministic PRNG (SplitMix64) for property and robustness tests: no random seeds.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
