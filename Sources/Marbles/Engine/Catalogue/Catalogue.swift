import Foundation
import Reactive

/// The operator catalogue: every function, method and constant a script can use, each with its
/// ReactiveObjC name, its RxJS alias (only where the semantics are the same), a one-line summary
/// and an example script. This one table drives the interpreter (names, arguments, behaviour),
/// the "did you mean" suggestions and `marbles explain`.
///
/// The rows live in one file per family a user sees (`Sources.swift`, `Transform.swift`,
/// `Filter.swift`, `Combine.swift`, `Flatten.swift`, `Errors.swift`, `Time.swift`,
/// `Multicast.swift`, `Commands.swift`), ReactiveObjC's and RxJS's side by side; `entries` is
/// their concatenation, in the order `marbles explain` lists them.
package enum Catalogue {
  /// Every row, in listing order.
  package static let entries: [OperatorEntry] =
    sources + transforming + filtering + combining + flattening + errors + timing + sharing
    + commands

  /// The method called `name` in a script with (`rxjs`) or without `use rxjs`.
  package static func method(_ name: String, rxjs: Bool) -> OperatorEntry? {
    rxjs ? rxjsMethods[name] : methods[name]
  }

  /// The function called `name` in a script with (`rxjs`) or without `use rxjs`.
  package static func function(_ name: String, rxjs: Bool) -> OperatorEntry? {
    rxjs ? rxjsFunctions[name] : functions[name]
  }

  /// Methods by name and alias under `use rxjs`: RxJS's side of a colliding name wins.
  package static let rxjsMethods: [String: OperatorEntry] = index(.method, rxjs: true)
  /// Functions by name and alias under `use rxjs`.
  package static let rxjsFunctions: [String: OperatorEntry] = index(.function, rxjs: true)

  /// Free functions by name and alias.
  package static let functions: [String: OperatorEntry] = index(.function)
  /// Methods by name and alias.
  package static let methods: [String: OperatorEntry] = index(.method)
  /// Constants by name.
  package static let constants: [String: OperatorEntry] = index(.constant)

  /// The function names and aliases, for suggestions.
  static let functionNames: [String] = names(.function)
  /// The method names and aliases, for suggestions.
  static let methodNames: [String] = names(.method)
  /// The constant names, for suggestions.
  static let constantNames: [String] = names(.constant)

  /// Every row whose name or alias is `name`.
  package static func entries(named name: String) -> [OperatorEntry] {
    entries.filter { $0.name == name || $0.alias == name }
  }

  /// Every name and alias.
  package static var allNames: [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for entry in entries {
      for name in [entry.name] + (entry.alias.map { [$0] } ?? []) where seen.insert(name).inserted {
        names.append(name)
      }
    }
    return names
  }

  /// The names other libraries (RxJS, RxSwift, Combine) and ReactiveObjC's selectors use, mapped
  /// to the catalogue names that do the same (in alphabetical order): the first suggestions for
  /// an unknown name. Made of the rows' `synonyms`, then their selectors (`scanWithStart:reduce:`
  /// → scan, `+return:` → just).
  package static let synonyms: [String: [String]] = {
    var named: [String: Set<String>] = [:]
    for entry in entries {
      for synonym in entry.synonyms {
        let alias = synonym.offersAlias ? entry.alias.map { [$0] } ?? [] : []
        named[synonym.name, default: []].formUnion([entry.name] + alias)
      }
    }
    var table = named.mapValues { $0.sorted() }
    for entry in entries {
      for selector in entry.rac.split(separator: "/") {
        var word = selector.trimmingCharacters(in: .whitespaces)
        if word.hasPrefix("+") { word.removeFirst() }
        let keyword = String(word.prefix { $0 != ":" })
        guard !keyword.isEmpty, keyword != entry.name, keyword != entry.alias,
          keyword.allSatisfy({ $0.isLetter || $0.isNumber }), table[keyword] == nil
        else { continue }
        table[keyword] = [entry.name]
      }
    }
    return table
  }()

  /// The rows of `kind` by name and alias; the first row of a name wins. Without `rxjs`,
  /// RxJS's side of a colliding name is left out; with it, it comes first.
  private static func index(_ kind: OperatorEntry.Kind, rxjs: Bool = false)
    -> [String: OperatorEntry]
  {
    var table: [String: OperatorEntry] = [:]
    let rows = entries.filter { $0.semantics == .rxjs } + entries.filter { $0.semantics != .rxjs }
    for entry in rows where entry.kind == kind && (rxjs || entry.semantics != .rxjs) {
      if table[entry.name] == nil { table[entry.name] = entry }
      if let alias = entry.alias, table[alias] == nil { table[alias] = entry }
    }
    return table
  }

  private static func names(_ kind: OperatorEntry.Kind) -> [String] {
    var names: [String] = []
    for entry in entries where entry.kind == kind && entry.semantics != .rxjs {
      names.append(entry.name)
      if let alias = entry.alias { names.append(alias) }
    }
    return names
  }
}

/// How a row runs.
typealias OperatorRun = @Sendable (Call) throws(RuntimeError) -> ScriptValue

extension OperatorEntry {
  /// A method row. `holds` and `lanes` make its `internals`.
  static func method(
    _ name: String, rac: String, alias: String? = nil, rxjsName: String? = nil, _ summary: String,
    parameters: [Parameter] = [], semantics: Semantics = .only, source: Bool = false,
    holds: String? = nil, lanes: [StateLane] = [], typing: Typing = [], synonyms: [Synonym] = [],
    rxjsDifference: String? = nil, example: Example, run: @escaping OperatorRun
  ) -> OperatorEntry {
    OperatorEntry(
      name: name, kind: .method, rac: rac, alias: alias, rxjsName: rxjsName, summary: summary,
      example: example.text, parameters: parameters, semantics: semantics, isSource: source,
      internals: holds.map { Internals(holds: $0, lanes: lanes) }, typing: typing,
      synonyms: synonyms, rxjsDifference: rxjsDifference, run: run)
  }

  /// A function row.
  static func function(
    _ name: String, rac: String, alias: String? = nil, _ summary: String,
    parameters: [Parameter] = [], valuesMap: Bool = false, marble: MarbleKind? = nil,
    semantics: Semantics = .only, source: Bool = false, holds: String? = nil,
    lanes: [StateLane] = [], synonyms: [Synonym] = [], rxjsDifference: String? = nil,
    example: Example, run: @escaping OperatorRun
  ) -> OperatorEntry {
    OperatorEntry(
      name: name, kind: .function, rac: rac, alias: alias, summary: summary, example: example.text,
      parameters: parameters, takesValuesMap: valuesMap, marbleKind: marble,
      semantics: semantics, isSource: source,
      internals: holds.map { Internals(holds: $0, lanes: lanes) }, synonyms: synonyms,
      rxjsDifference: rxjsDifference, run: run)
  }

  /// A constant row.
  static func constant(
    _ name: String, rac: String, alias: String? = nil, _ summary: String, source: Bool = false,
    example: Example, run: @escaping OperatorRun
  ) -> OperatorEntry {
    OperatorEntry(
      name: name, kind: .constant, rac: rac, alias: alias, summary: summary, example: example.text,
      isSource: source, run: run)
  }

  /// A row's example script: a string literal, or built by `script` or `applying` for the common
  /// shapes.
  struct Example: ExpressibleByStringLiteral {
    /// The script.
    var text: String

    init(stringLiteral text: String) { self.text = text }

    /// A script that binds each input to a cold marble, then `binding` (`"name = expression"`),
    /// and draws and checks that name, after `use rxjs` with `rxjs`:
    ///
    ///     let a = cold("--a|")            // cold: ["a": "--a|", "b": "-b|"]
    ///     let b = cold("-b|")
    ///     let both = a.concat(with: b)    // "both = a.concat(with: b)"
    ///     show a, both                    // showing: ["a"]
    ///     expect both == "--a-b|", x: 1   // expect: "--a-b|", values: "x: 1"
    static func script(
      cold inputs: KeyValuePairs<String, Input> = [:], _ binding: String,
      showing shown: [String] = [], expect expected: String, values: String? = nil,
      rxjs: Bool = false
    ) -> Example {
      let output = String(binding.prefix { $0 != " " })
      var lines = rxjs ? ["use rxjs"] : []
      lines += inputs.map { "let \($0.key) = cold(\($0.value.arguments))" }
      lines += [
        "let " + binding, "show " + (shown + [output]).joined(separator: ", "),
        "expect \(output) == \"\(expected)\"" + (values.map { ", " + $0 } ?? ""),
      ]
      return Example(stringLiteral: lines.joined(separator: "\n"))
    }

    /// A cold input of an example: a marble string, or one with values (`.marble("-x|", values:
    /// "x: inner")`).
    struct Input: ExpressibleByStringLiteral {
      /// The arguments of `cold(…)`.
      var arguments: String

      init(stringLiteral marble: String) { arguments = "\"\(marble)\"" }

      static func marble(_ marble: String, values: String) -> Input {
        var input = Input(stringLiteral: marble)
        input.arguments += ", " + values
        return input
      }
    }

    /// `script` for one call applied to one cold input, called `input`:
    /// `.applying("take(2)", to: "-a-b-c-|", as: "two", expect: "-a-(b|)")` is
    /// `.script(cold: ["input": "-a-b-c-|"], "two = input.take(2)", expect: "-a-(b|)")`.
    static func applying(
      _ call: String, to input: Input, as output: String, showingInput: Bool = false,
      expect expected: String, values: String? = nil, rxjs: Bool = false
    ) -> Example {
      script(
        cold: ["input": input], "\(output) = input.\(call)", showing: showingInput ? ["input"] : [],
        expect: expected, values: values, rxjs: rxjs)
    }
  }
}

// MARK: - Helpers for rows

extension Call {
  /// A script closure argument's result as a signal, for operators whose closure returns one.
  func innerSignal(_ value: ScriptValue) -> Signal<ScriptValue> {
    guard case .signal(let signal) = value else {
      if !runtime.hasFailed {
        runtime.report(
          RuntimeError(
            "'\(name)' needs a signal of signals, but a value was '\(value.typeName)' \(value)",
            at: range))
      }
      return .never
    }
    return scoped(runtime.counted(signal, at: range), from: signal)
  }

  /// `elements` as an array value, checked against the run's value budgets as it is made
  /// (`Budget.checkBuilt`); past one the run stops with the error and the array is `nil`.
  func builtArray(_ elements: [ScriptValue]) -> ScriptValue {
    let value = ScriptValue.array(elements)
    return runtime.budget.fitsBuilt(value, at: range) ? value : .null
  }

  /// The signal `make` builds with a state probe, so that `s.internals` draws `lanes` (the
  /// row's, unless the call draws fewer).
  func probed(_ lanes: [StateLane]? = nil, _ make: (StateProbe) -> Signal<ScriptValue>)
    -> ScriptValue
  {
    let probe = StateProbe()
    let handle = ProbeHandle(probe: probe, lanes: lanes ?? self.lanes, runtime: runtime)
    return .signal(ProbedSignal(make(probe), handle: handle))
  }

  /// The probed signal `make` builds from the receiver (`input.replay(probe:)`).
  func probedSignal(_ make: (Signal<ScriptValue>, StateProbe) -> Signal<ScriptValue>)
    throws(RuntimeError) -> ScriptValue
  {
    let input = try signal()
    return probed { make(input, $0) }
  }

  /// The probed signal `make` builds from the receiver and `argument`, checked in that order
  /// (`input.take(count)`, `input.merge(with: other)`).
  func probed<Argument>(
    with argument: @autoclosure () throws(RuntimeError) -> Argument,
    _ make: (Signal<ScriptValue>, Argument, StateProbe) -> Signal<ScriptValue>
  ) throws(RuntimeError) -> ScriptValue {
    let input = try signal()
    let argument = try argument()
    return probed { make(input, argument, $0) }
  }

  /// The probed signal `make` builds from `argument` and the receiver, checked in that order
  /// (`input.sampleTime(period)`, `input.mergeMapTo(inner)`).
  func probed<Argument>(
    after argument: @autoclosure () throws(RuntimeError) -> Argument,
    _ make: (Signal<ScriptValue>, Argument, StateProbe) -> Signal<ScriptValue>
  ) throws(RuntimeError) -> ScriptValue {
    let argument = try argument()
    return try probed(with: argument, make)
  }

  /// Argument `index` as a Bool, or `absent` when it is left out (`inclusive:`, `leading:`).
  func bool(_ index: Int, _ parameter: String, absent: Bool) throws(RuntimeError) -> Bool {
    optional(index) == nil ? absent : try bool(index, parameter)
  }

  /// A subject or connection whose shared state `s.internals` draws as `lanes` (the row's,
  /// unless the call draws fewer): `make` gets the probe to report it to (kept as the probe's
  /// context with the lanes).
  func probedShared<T>(_ lanes: [StateLane]? = nil, _ make: (StateProbe) -> T) -> T {
    let probe = StateProbe()
    probe.context = ProbeHandle(probe: probe, lanes: lanes ?? self.lanes, runtime: runtime)
    return make(probe)
  }

  /// A connectable signal (RxJS `publish()`) of the connection `make` builds from the receiver
  /// with a probe of its shared state.
  func connectable(
    _ make: (Signal<ScriptValue>, StateProbe) -> MulticastConnection<ScriptValue>
  ) throws(RuntimeError) -> ScriptValue {
    let input = try signal()
    return .signal(ConnectableSignal(probedShared { make(input, $0) }))
  }

  /// The receiver's values as Bools (`not`, `if`, a command's `enabled:`), reporting others.
  func bools(_ signal: Signal<ScriptValue>, what: String) -> Signal<Bool> {
    let runtime = self.runtime
    let range = self.range
    return signal.map { value in
      guard case .bool(let flag) = value else {
        if !runtime.hasFailed {
          runtime.report(
            RuntimeError(
              "\(what) must send Bools, but it sent '\(value.typeName)' \(value)", at: range))
        }
        return false
      }
      return flag
    }
  }

  /// The variadic arguments as signals.
  /// One array argument stands for its elements, as RxJS 7 writes `combineLatest([a, b])`.
  func signals(_ parameter: String) throws(RuntimeError) -> [Signal<ScriptValue>] {
    var signals: [Signal<ScriptValue>] = []
    var values = variadic
    if values.count == 1, case .array(let elements) = values[0] { values = elements }
    for value in values {
      guard case .signal(let signal) = value else {
        throw Diagnostic.Interpreter.argumentType(
          parameter, of: name, expected: "a signal", value, at: range)
      }
      signals.append(scoped(runtime.counted(signal, at: range), from: signal))
    }
    return signals
  }

  /// The marble of `cold`/`hot`: parsed before the run for a literal, now otherwise.
  func marbleDiagram(kind: MarbleKind) throws(RuntimeError) -> MarbleDiagram {
    if let marble { return marble }
    let text = value(0)
    guard case .string(let string) = text else {
      throw Diagnostic.Interpreter.marbleNotString(text.typeName, at: rangeOf(0))
    }
    let (diagram, found) = MarbleParser.parse(string, kind: kind)
    if let error = found.first(where: { $0.severity == .error }) {
      let parts = error.message.split(separator: ";", maxSplits: 1)
      throw RuntimeError(
        "in marble \(TimelineValue.quote(string)): \(parts[0])",
        hint: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil, at: rangeOf(0))
    }
    return diagram
  }

  /// Runs `work` now during the run, or in script order at frame `frame` while setting up.
  func schedule(at frame: Int?, _ work: @escaping () -> Void) {
    if let frame {
      runtime.atFrame(frame, work)
    } else if runtime.isSettingUp {
      runtime.atFrame(0, work)
    } else {
      work()
    }
  }
}
