import Marbles
import Reactive

/// `marbles test --update`: rewrites the marble of each failing `expect` with what the run
/// recorded, the record mode of snapshot tools.
///
/// Only the string literals of failing expectations change, and the values maps they need new
/// keys in: every other character of the file (layout, the map's entries, `error:` arguments,
/// comments, line endings) stays byte for byte. A value is written with the key that the
/// `expect`'s values map gives it, or as itself when it reads back as itself (`1`, `a`);
/// otherwise it gets a new one-letter key (one that recalls it when free, `ScriptLiteral.mnemonics`,
/// else the first free letter of the diagrams' key pool), added after the map's last entry as `, k: value`, the
/// value written as script source (`ScriptLiteral`); equal values share one key. A value that no
/// script expression writes (a command, a closure) leaves its `expect` alone, reported; an
/// inner signal is written as the `cold(…)` that plays it. A
/// failure is `#` when its error is the one the `expect` names. The updated script is run
/// again before anything is written: only an update under which every rewritten `expect` passes
/// is kept.
package enum ExpectUpdater {
  /// One rewritten marble literal.
  package struct Change: Equatable {
    /// The `expect` statement's position.
    package var line: Int
    package var column: Int
    /// The literal as it was and as it becomes, quotes included.
    package var old: String
    package var new: String
    /// Where the literal is: its line and its first and end columns (quotes included).
    package var literalLine: Int
    package var start: Int
    package var end: Int

    /// The change as `marbles test --update` prints it: `"-a|" -> "-a-b|"`, or `adds b: 2`
    /// for keys added to a values map on a later line than the marble.
    package var summary: String {
      guard old.isEmpty, new.hasPrefix(", ") else { return "\(old) -> \(new)" }
      return "adds " + new.dropFirst(2)
    }
  }

  /// What updating one file found.
  package struct Plan {
    package var changes: [Change] = []
    /// `line:column: why` for each failing `expect` that cannot be rewritten.
    package var refusals: [String] = []
  }

  /// The changes that make the failing expectations of `run` pass, for `source`.
  package static func plan(_ source: SourceFile, run: ScriptRun) -> Plan {
    var plan = Plan()
    let (script, _) = ScriptParser.parse(source)
    for result in run.expectations where !result.passed {
      guard
        let statement = script.statements.first(where: {
          $0.range.start.line == result.line && $0.range.start.column == result.column
        }), let mismatch = result.mismatch
      else { continue }
      switch statement.kind {
      case .expect(let expectation):
        switch marble(for: mismatch, expectation: expectation, authorKeys: run.authorKeys) {
        case .success(let rewrite):
          plan.changes += changes(expectation, to: rewrite, at: result, in: source)
        case .failure(let reason):
          plan.refusals.append("\(result.line):\(result.column): \(reason)")
        }
      case .expectSubscriptions(let expectation):
        let windows = mismatch.actualWindows ?? []
        let texts = windows.map(subscriptionMarble)
        if texts.count == expectation.marbles.count {
          for (literal, text) in zip(expectation.marbles, texts) where literal.value != text {
            plan.changes.append(change(literal, to: text, at: result, in: source))
          }
        } else if expectation.isList, let first = expectation.marbles.first,
          let last = expectation.marbles.last, first.range.start.line == last.range.end.line
        {
          var span = first
          span.range.end = last.range.end
          let list = texts.map(TimelineValue.quote).joined(separator: ", ")
          plan.changes.append(
            Change(
              line: result.line, column: result.column,
              old: text(of: span.range, in: source), new: list,
              literalLine: span.range.start.line, start: span.range.start.column,
              end: span.range.end.column))
        } else {
          plan.refusals.append(
            "\(result.line):\(result.column): \(windows.count) subscriptions were made and the "
              + "expectation lists \(expectation.marbles.count); write them as a list, "
              + "'== [\"…\", \"…\"]', to update it")
        }
      default: continue
      }
    }
    return plan
  }

  /// `source`'s text with `changes` made (each on one line, in any order).
  package static func apply(_ changes: [Change], to source: SourceFile) -> String {
    var lines = splitKeepingBreaks(source.text)
    let byLine = Dictionary(grouping: changes, by: \.literalLine)
    for (line, edits) in byLine where line >= 1 && line <= lines.count {
      var characters = Array(lines[line - 1])
      for edit in edits.sorted(by: { $0.start > $1.start }) {
        let start = edit.start - 1
        let end = edit.end - 1
        guard start >= 0, end <= characters.count, start <= end else { continue }
        characters.replaceSubrange(start..<end, with: Array(edit.new))
      }
      lines[line - 1] = String(characters)
    }
    return lines.joined()
  }

  // MARK: - Writing marbles

  private static func change(
    _ literal: ScriptStringLiteral, to text: String, at result: ExpectationResult,
    in source: SourceFile
  ) -> Change {
    Change(
      line: result.line, column: result.column, old: self.text(of: literal.range, in: source),
      new: TimelineValue.quote(text), literalLine: literal.range.start.line,
      start: literal.range.start.column,
      end: literal.range.end.column)
  }

  /// The edits that make `expectation` read `rewrite`: its marble literal, and the new keys
  /// after its last value (or after the marble when it has none), as one edit when both are on
  /// the literal's line.
  private static func changes(
    _ expectation: ScriptExpectation, to rewrite: Rewrite, at result: ExpectationResult,
    in source: SourceFile
  ) -> [Change] {
    let marble = change(expectation.marble, to: rewrite.marble, at: result, in: source)
    let added = rewrite.added.map { ", \($0.key): \($0.source)" }.joined()
    let end = expectation.values.last?.range.end ?? expectation.marble.range.end
    let literal = expectation.marble.range
    // Keys the new marble no longer uses go, when the map is written on the marble's line
    // with nothing but its entries (no `error:`) between them: the map is written again, each
    // entry kept as it was, `, ` apart.
    let unused = expectation.values.filter {
      guard let label = $0.label?.name else { return false }
      return !rewrite.used.contains(label)
    }
    if !unused.isEmpty, end.line == literal.start.line,
      expectation.error.map({ $0.range.start > end }) ?? true
    {
      var span = literal
      span.end = end
      let kept = expectation.values.filter { value in !unused.contains { $0.range == value.range } }
      let map = kept.map { ", " + text(of: $0.range, in: source) }.joined()
      return [
        Change(
          line: result.line, column: result.column, old: text(of: span, in: source),
          new: TimelineValue.quote(rewrite.marble) + map + added,
          literalLine: literal.start.line, start: literal.start.column, end: end.column)
      ]
    }
    guard !rewrite.added.isEmpty else { return [marble] }
    guard end.line == literal.start.line else {
      return [
        marble,
        Change(
          line: result.line, column: result.column, old: "", new: added,
          literalLine: end.line, start: end.column, end: end.column),
      ]
    }
    var span = literal
    span.end = end
    let between = text(of: SourceRange(start: literal.end, end: end), in: source)
    return [
      Change(
        line: result.line, column: result.column, old: text(of: span, in: source),
        new: TimelineValue.quote(rewrite.marble) + between + added, literalLine: literal.start.line,
        start: literal.start.column, end: end.column)
    ]
  }

  /// What one failing `expect` becomes: its marble, and the keys it adds to its values map.
  struct Rewrite {
    /// The new marble (without quotes).
    var marble: String
    /// The new entries of the values map, in order of first use: `(key, source of the value)`.
    var added: [(key: String, source: String)]
    /// The keys the new marble draws (of the map, new, or values drawn as themselves).
    var used: Set<String> = []
  }

  /// The marble of the actual timeline, in the keys of the `expect`; a value the map has no
  /// key for gets a new one (`added`) when the script can write it: the key the script gave
  /// that value elsewhere (`authorKeys`, `cold("-a|", a: "SWIFT")`) when it is free.
  private static func marble(
    for mismatch: ExpectationMismatch, expectation: ScriptExpectation,
    authorKeys: [ScriptRun.AuthorKey] = []
  ) -> Result<Rewrite, Reason> {
    let mapKeys = mismatch.keys.merging(mismatch.mapValues) { used, _ in used }
      .sorted { $0.key < $1.key }
    let written = Set(expectation.values.compactMap(\.label?.name))
    let expectedError =
      mismatch.errorValue ?? mismatch.expected.first { $0.kind == .error }?.value
    /// An event of the new marble, before the new keys are chosen.
    enum Glyph {
      case key(String)
      /// The value of `fresh` at this index.
      case fresh(Int)
      case completed, error
    }
    var glyphs: [(glyph: Glyph, frame: Int)] = []
    var fresh: [(value: TimelineValue, source: String, frame: Int)] = []
    /// The script's own key for `value`, if it gave one that can stand in a marble.
    func authorKey(of value: TimelineValue) -> String? {
      authorKeys.first {
        ($0.value == value || $0.value.matches(value)) && isValidMarbleKey($0.key)
      }?
      .key
    }
    for event in mismatch.actual {
      switch event.kind {
      case .completed: glyphs.append((.completed, event.frame))
      case .error:
        let value = event.value ?? .null
        let matches =
          expectedError.map { value.matches($0) }
          ?? (expectation.error == nil && value == .string("error"))
        guard matches else {
          return .failure(
            Reason(
              "the failure at frame \(event.frame) is \(ExpectationDiffRenderer.describe(value)), "
                + "not the expectation's error; set 'error: …' to it first"))
        }
        glyphs.append((.error, event.frame))
      case .next:
        let value = event.value ?? .null
        if let key = mapKeys.first(where: { $0.value == value })?.key
          ?? mapKeys.first(where: { $0.value.matches(value) })?.key
          ?? mapKeys.first(where: { sameSignal($0.value, value) })?.key
        {
          glyphs.append((.key(key), event.frame))
        } else if let glyph = literal(value), !written.contains(glyph) {
          glyphs.append((.key(glyph), event.frame))
        } else if let index = fresh.firstIndex(where: {
          $0.value == value || $0.value.matches(value)
        }) {
          glyphs.append((.fresh(index), event.frame))
        } else if let source = ScriptLiteral.source(of: value) {
          glyphs.append((.fresh(fresh.count), event.frame))
          fresh.append((value, source, event.frame))
        } else {
          return .failure(
            Reason(
              "the value \(ExpectationDiffRenderer.describe(value)) at frame \(event.frame) has "
                + "no key in the values map; add one (for example 'v: …') first"))
        }
      }
    }
    // New keys: never a key of the map, a glyph the marble draws as itself, or a marble symbol.
    var taken = written.union(mapKeys.map(\.key))
    for case (.key(let glyph), _) in glyphs { taken.insert(glyph) }
    var keys: [String] = []
    let pool = DiagramKeys<Int>.unicodePool
    for (value, _, frame) in fresh {
      guard
        let key =
          ([authorKey(of: value)].compactMap { $0 } + ScriptLiteral.mnemonics(of: value)
          + pool).first(where: {
            !taken.contains($0) && isValidMarbleKey($0)
          })
      else {
        return .failure(
          Reason(
            "the value \(ExpectationDiffRenderer.describe(value)) at frame \(frame) has no key in the "
              + "values map and every one-letter key is taken; add one first"))
      }
      taken.insert(key)
      keys.append(key)
    }
    var events: [Recorded<String>] = []
    for (glyph, frame) in glyphs {
      switch glyph {
      case .key(let key): events.append(.next(key, at: frame))
      case .fresh(let index): events.append(.next(keys[index], at: frame))
      case .completed: events.append(.completed(at: frame))
      case .error: events.append(.error(MarbleError("error"), at: frame))
      }
    }
    do {
      var marble = try marbleString(of: events) { $0 }
      // Trailing dashes that lined the old marble up with its neighbours stay.
      let old = expectation.marble.value
      if old.hasSuffix("-"), marble.count < old.count, !old.contains(" ") {
        marble += String(repeating: "-", count: old.count - marble.count)
      }
      var used = Set(keys)
      for case (.key(let key), _) in glyphs { used.insert(key) }
      return .success(
        Rewrite(marble: marble, added: zip(keys, fresh).map { ($0, $1.source) }, used: used))
    } catch {
      return .failure(Reason("the actual timeline has no marble form: \(error)"))
    }
  }

  /// Whether the signal of `key` (a `cold(…)` of the map, or a signal the marble used) does
  /// what the inner signal `value` did, both relative to their own subscriptions.
  private static func sameSignal(_ key: TimelineValue, _ value: TimelineValue) -> Bool {
    guard case .signal(let wanted) = key, case .signal(let inner) = value else { return false }
    let (left, right) = (wanted.relativeEvents, inner.relativeEvents)
    return left.count == right.count && zip(left, right).allSatisfy { $0.matches($1) }
  }

  /// Why an `expect` cannot be rewritten.
  struct Reason: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The key a value has without a values map: a digit for 0–9, the character for a
  /// one-character string that is not a digit or a marble glyph.
  private static func literal(_ value: TimelineValue) -> String? {
    switch value {
    case .int(let number) where (0...9).contains(number): return String(number)
    case .string(let text) where text.count == 1:
      guard let character = text.first, !character.isNumber, isValidMarbleKey(text) else {
        return nil
      }
      return text
    default: return nil
    }
  }

  /// `^--!` for a window from 0 to 3; `(^!)` when both are at one frame; `--^` when open.
  static func subscriptionMarble(_ window: SubscriptionLog) -> String {
    let lead = String(repeating: "-", count: max(0, window.subscribed))
    guard let end = window.unsubscribed else { return lead + "^" }
    if end <= window.subscribed { return lead + "(^!)" }
    return lead + "^" + String(repeating: "-", count: end - window.subscribed - 1) + "!"
  }

  /// The source text of `range` (one line).
  private static func text(of range: SourceRange, in source: SourceFile) -> String {
    let lines = splitKeepingBreaks(source.text)
    guard range.start.line >= 1, range.start.line <= lines.count else { return "" }
    let characters = Array(lines[range.start.line - 1])
    let start = max(0, range.start.column - 1)
    let end = min(characters.count, range.end.column - 1)
    guard start < end else { return "" }
    return String(characters[start..<end])
  }

  /// The lines of `text`, each with its own line break (`\n`, `\r\n` or `\r`) kept.
  private static func splitKeepingBreaks(_ text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == "\n" || character == "\r\n" || character == "\r" {
        lines.append(current)
        current = ""
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}
