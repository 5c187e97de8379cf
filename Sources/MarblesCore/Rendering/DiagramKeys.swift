/// A value that tells `DiagramKeys` a number that equal values share (a recorded inner signal:
/// the frame it was emitted), to tell apart quickly values that print alike.
package protocol DiagramKeyRefining {
  /// Equal for equal values.
  var keyRefinement: Int { get }
}

/// The glyphs of the values of one diagram (a render or a diff): every value draws as one
/// glyph, the same in every row.
///
/// A value is drawn literally (`1`, `a`, `t` for `true`) when it prints as one character that
/// no other value of the diagram would also draw as, and that is not a diagram symbol;
/// otherwise it gets a key (`a`, `b`, …) that is neither a literal of the diagram nor a
/// symbol, explained in the legend. So a key never reads as a value drawn literally, and two
/// different values never draw alike. Keys are one character while the pool lasts, then two.
/// Built in one pass over the values (values are bucketed by their printed form).
package struct DiagramKeys<Value> {
  private struct Entry {
    var value: Value
    var printed: String
    var literal: String?
    var glyph = ""
    var keyed = false
  }

  private var entries: [Entry] = []
  private var buckets: [String: [Int]] = [:]
  /// The entries by printed form and refinement (`DiagramKeyRefining`): where a value is looked
  /// up, so that many unequal values printed alike (inner signals emitted at different frames)
  /// are not each compared with all the others.
  private var lookup: [Lookup: [Int]] = [:]
  private struct Lookup: Hashable {
    var printed: String
    var refinement: Int
  }
  /// The entry of each value given, by position.
  private var ordinals: [Int] = []
  private let equal: (Value, Value) -> Bool
  private let print: (Value) -> String
  /// The widest glyph: the diagram's `cellWidth`.
  package private(set) var width = 1

  /// - Parameters:
  ///   - values: Every value the diagram draws, in order of appearance.
  ///   - preferred: Keys to use for some values (the expected marble's values map).
  ///   - authorKeys: The keys the script gave values (`ScriptRun.authorKeys`), after
  ///     `preferred`: a value is drawn with the script's key for it (even one that could be
  ///     drawn as itself: `a: "s"` draws `a`) when that key is one drawable character, not a
  ///     symbol and not taken; the script's keys (but those that are values drawn as
  ///     themselves) stand for no other value.
  ///   - reserved: Glyphs that mean something else in the diagram (`-`, `|`, `#`, …).
  ///   - pool: The key candidates, in order.
  package init(
    values: [Value], preferred: [(key: String, value: Value)] = [],
    authorKeys: [(key: String, value: Value)] = [], reserved: Set<String>,
    pool: [String], ascii: Bool = false, equal: @escaping (Value, Value) -> Bool,
    print: @escaping (Value) -> String, literal: (Value) -> String?
  ) {
    self.equal = equal
    self.print = print
    ordinals.reserveCapacity(values.count)
    for value in values {
      let printed = print(value)
      // A value unequal to itself matches nothing: no need to scan its bucket (which would
      // grow with every such value).
      if equal(value, value),
        let index = lookup[Self.lookup(value, printed)]?.first(where: {
          equal(entries[$0].value, value)
        })
      {
        ordinals.append(index)
        continue
      }
      // A value unequal to itself (`nan`) is a new value at each appearance.
      ordinals.append(entries.count)
      buckets[printed, default: []].append(entries.count)
      lookup[Self.lookup(value, printed), default: []].append(entries.count)
      entries.append(
        Entry(
          value: value, printed: printed,
          literal: literal(value).flatMap { Self.drawable($0, ascii: ascii) ? $0 : nil }))
    }
    var preferredKeys: Set<String> = []
    for (key, value) in preferred.sorted(by: { $0.key < $1.key }) {
      preferredKeys.insert(key)
      if let index = index(of: value), entries[index].glyph.isEmpty {
        entries[index].glyph = key
        entries[index].keyed = key != entries[index].printed
      }
    }
    // A key that is also a value drawn as itself stays that value's (the SVG's literals too).
    let literals = authorKeys.isEmpty ? [] : Set(entries.compactMap(\.literal))
    for (key, value) in authorKeys where key.count == 1 {
      guard Self.drawable(key, ascii: ascii), !reserved.contains(key), !preferredKeys.contains(key),
        !literals.contains(key)
      else { continue }
      // The script's key never stands for another value, drawn or not.
      preferredKeys.insert(key)
      // The script's key wins over the value's own glyph (`a: "s"` draws `a`, as written); a
      // key that is the value's own glyph (`t: true`) needs no legend.
      if let index = index(of: value), entries[index].glyph.isEmpty {
        entries[index].glyph = key
        entries[index].keyed = key != entries[index].literal
      }
    }
    // Which literal glyphs the values without a preferred key would draw, and how many
    // different values want each one.
    var claims: [String: Int] = [:]
    for entry in entries where entry.glyph.isEmpty {
      if let glyph = entry.literal { claims[glyph, default: 0] += 1 }
    }
    var used = reserved.union(claims.keys).union(preferredKeys)
    var candidates = KeyCandidates(pool: pool)
    for index in entries.indices where entries[index].glyph.isEmpty {
      if let glyph = entries[index].literal, claims[glyph] == 1, !reserved.contains(glyph),
        !preferredKeys.contains(glyph)
      {
        entries[index].glyph = glyph
        continue
      }
      var key = candidates.next()
      while used.contains(key) { key = candidates.next() }
      used.insert(key)
      entries[index].glyph = key
      entries[index].keyed = true
      width = max(width, key.count)
    }
  }

  /// Whether a one-character literal can be a glyph as it is: one column wide, not a control
  /// (which would act on the terminal), and 7-bit in the ascii theme. Other values get a key.
  private static func drawable(_ glyph: String, ascii: Bool) -> Bool {
    if ascii { return glyph.utf8.count == 1 && TerminalText.ascii(glyph) == glyph }
    return TerminalText.escaped(glyph) == glyph && TerminalText.width(glyph) == 1
  }

  private func index(of value: Value) -> Int? {
    lookup[Self.lookup(value, print(value))]?.first { equal(entries[$0].value, value) }
  }

  private static func lookup(_ value: Value, _ printed: String) -> Lookup {
    Lookup(printed: printed, refinement: (value as? any DiagramKeyRefining)?.keyRefinement ?? 0)
  }

  /// The key of `value` when the diagram draws it with a key (not as itself), if it is one of
  /// the values given: the letter the SVG and HTML diagrams reuse for it.
  package func key(of value: Value) -> String? {
    guard let index = index(of: value), entries[index].keyed else { return nil }
    return entries[index].glyph
  }

  /// The glyph of the value at `position` in the `values` given.
  package func glyph(at position: Int) -> String {
    entries[ordinals[position]].glyph
  }

  /// The glyph of `value`, one of the `values` given (nil for another value): the lookup of a
  /// diagram that draws part of those values with their glyphs (a step of `marbles step`).
  package func glyph(of value: Value) -> String? {
    index(of: value).map { entries[$0].glyph }
  }

  /// The legend of `values` (each one of the `values` given), like `legend(at:)`.
  package func legend(of values: [Value], elideOver: Int? = nil, ascii: Bool = false) -> String {
    legend(
      indices: values.compactMap { index(of: $0) }, typeName: nil, elideOver: elideOver,
      ascii: ascii)
  }

  /// `a = "zz", b = (1, 2)` for the keyed values at `positions` (of the `values` given), in
  /// order of first appearance; a value that prints like another one of the diagram gets its
  /// type too.
  /// `elideOver`: values printed longer than this many characters show their start and their
  /// length (only for runs that stopped early, whose values may be what ran away).
  /// `ascii`: every value 7-bit (`\u{e9}`), and the cut marked `...`.
  package func legend(
    at positions: Range<Int>, typeName: ((Value) -> String)? = nil, elideOver: Int? = nil,
    ascii: Bool = false
  ) -> String {
    legend(
      indices: positions.map { ordinals[$0] }, typeName: typeName, elideOver: elideOver,
      ascii: ascii)
  }

  private func legend(
    indices: [Int], typeName: ((Value) -> String)?, elideOver: Int?, ascii: Bool
  ) -> String {
    var seen: Set<Int> = []
    var parts: [String] = []
    for index in indices {
      guard entries[index].keyed, seen.insert(index).inserted else { continue }
      let entry = entries[index]
      // In ascii, each value is made 7-bit whole, before it is cut (a cut string has no
      // closing quote).
      var printed = ascii ? TerminalText.ascii(entry.printed) : entry.printed
      if let elideOver, printed.count > elideOver {
        // A value printed past `PrintedLength.lineLength` was already cut.
        let count = entry.printed.count
        let length =
          count > PrintedLength.lineLength
          ? "more than \(PrintedLength.lineLength)" : "\(count)"
        printed =
          String(printed.prefix(elideOver)) + (ascii ? "..." : "…") + " (\(length) characters)"
      }
      var part = "\(entry.glyph) = \(printed)"
      if let typeName, (buckets[entry.printed]?.count ?? 0) > 1 {
        part += " (\(typeName(entry.value)))"
      }
      parts.append(part)
    }
    return parts.joined(separator: ", ")
  }

  /// `a`…`z`, `A`…`Z` (7-bit).
  static var asciiPool: [String] {
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ").map(String.init)
  }

  /// The ASCII pool, then Greek letters.
  package static var unicodePool: [String] {
    asciiPool
      + (0x3B1...0x3C9).filter { $0 != 0x3C2 }.compactMap(Unicode.Scalar.init)
      .map { String(Character($0)) }
  }
}

/// Endless key candidates: each of the pool, then every pair of them.
private struct KeyCandidates {
  let pool: [String]
  var index = 0

  mutating func next() -> String {
    defer { index += 1 }
    if index < pool.count { return pool[index] }
    let rest = index - pool.count
    let count = pool.count * pool.count
    let pair = pool[(rest % count) / pool.count] + pool[rest % pool.count]
    return rest < count ? pair : pair + String(rest / count)
  }
}

// Unchecked: besides its values, it holds only the `equal` and `print` functions it was given,
// which are pure (value equality and printing) and never mutated after init.
extension DiagramKeys: @unchecked Sendable where Value: Sendable {}
