import Foundation
import Marbles

/// Runs a parsed script for the language server as `ScriptEngine.run` would, but in pieces that
/// cannot affect each other, and keeps each piece's outcome for the next version of the text:
/// an edit runs again only the piece it touched.
///
/// A piece is a run of consecutive statements that no `let` name, and no constant of the
/// catalogue (`main`, …), links to a statement outside it; `title` and `use` statements are
/// part of every piece. Such pieces run alone exactly as they run together, except for what the
/// whole run shares, which is checked so that the answer is always the whole run's:
///
/// - a script without `show` draws every `let`: each piece has a `show` when the script has one;
/// - every piece must complete (an error, a runtime failure or a stop anywhere: the whole
///   script runs, so that the diagnostics and the stop are exactly its own);
/// - the events and open subscriptions, which the budgets bound over the whole run: each piece
///   runs within `1/maximumPieces` of them, so that the pieces together stay within the whole;
/// - the scheduler actions of one frame, bounded by the whole script's size: the pieces'
///   actions of all frames together must stay within that bound.
///
/// The merged run then equals the whole run (`ScriptRun`'s equality, which leaves out the
/// numbers that order events of one frame across lanes: within a piece their order is kept).
///
/// A piece's outcome is kept by its statements (with their positions) and the `title`/`use`
/// statements: a piece is run again when one of them changed.
package final class ScriptPieces: @unchecked Sendable {
  /// The most pieces a script is cut into; the budgets of each piece are this share of the run's.
  static let maximumPieces = 32
  /// Scripts of fewer statements (`title` and `use` aside) run whole: a piece's own set-up
  /// would cost more than it saves.
  let smallestSplit: Int
  /// The fewest statements a piece is given (more when the script has more statements than
  /// `maximumPieces` such pieces hold).
  let pieceSize: Int

  /// A piece's outcome, as it was run.
  struct Piece {
    var outcome: ScriptOutcome
    var actions: Int
  }

  /// What identifies a piece's run: its statements and the script's `title`/`use` statements.
  struct Key: Hashable {
    var globals: [ScriptStatement]
    var statements: [ScriptStatement]

    /// Hashes where the piece is, not its statements (hashing every statement of a large
    /// script was a tenth of an edit's analysis): equal keys still compare every statement.
    func hash(into hasher: inout Hasher) {
      hasher.combine(globals.count)
      hasher.combine(statements.count)
      hasher.combine(statements.first?.range)
      hasher.combine(statements.last?.range)
    }
  }

  // Invariant: `kept` is read and written with `lock` held.
  private let lock = NSLock()
  /// The pieces of the last run that finished (older ones are dropped, so memory stays within
  /// one script's pieces).
  private var kept: [Key: Piece] = [:]
  /// How many pieces the last run ran (not kept), and whether its outcome was merged from
  /// pieces (else the whole script ran): for tests and the benchmark's notes.
  private var lastRan = 0
  private var lastMerged = false

  /// Pieces for scripts of at least `smallestSplit` statements, of at least `pieceSize`
  /// statements each (tests cut small scripts as finely as they can be cut).
  package init(smallestSplit: Int = 16, pieceSize: Int = 8) {
    self.smallestSplit = max(2, smallestSplit)
    self.pieceSize = max(1, pieceSize)
  }

  /// The outcome of `script` (parsed from `source` with `syntax`) within `options`: what
  /// `ScriptEngine.run(_:syntax:of:options:)` returns for it. Pieces kept from an earlier run
  /// are not run again. With `keep` false (a run made for a hover), the pieces it ran are not
  /// kept.
  func run(
    _ script: Script, syntax: [Diagnostic], of source: SourceFile, options: RunOptions,
    keep: Bool = true
  ) -> ScriptOutcome {
    func whole() -> ScriptOutcome {
      if keep {
        lock.withLock { (lastRan, lastMerged) = (0, false) }
      }
      return ScriptEngine.run(script, syntax: syntax, of: source, options: options)
    }
    if syntax.containsError { return whole() }
    guard let cut = pieces(of: script), cut.pieces.count > 1 else {
      return whole()
    }
    var pieceOptions = options
    pieceOptions.budgets.maxEvents = options.budgets.maxEvents / Self.maximumPieces
    pieceOptions.budgets.maxSubscriptions = options.budgets.maxSubscriptions / Self.maximumPieces
    let previous = lock.withLock { kept }
    var results: [(Key, Piece)] = []
    var ran = 0
    for statements in cut.pieces {
      let key = Key(globals: cut.globals, statements: statements)
      if let piece = previous[key] {
        results.append((key, piece))
        continue
      }
      var ordered = cut.globals + statements
      ordered.sort { $0.range.start < $1.range.start }
      let (outcome, actions) = ScriptEngine.runCountingActions(
        Script(statements: ordered), syntax: [], of: source, options: pieceOptions)
      ran += 1
      // A stopped piece is not kept: the whole run answers (and a cancelled one is no answer).
      if options.cancellation?.isCancelled == true { return whole() }
      guard case .completed = outcome else { return whole() }
      results.append((key, Piece(outcome: outcome, actions: actions)))
    }
    let actions = results.reduce(0) { $0 + $1.1.actions }
    guard actions <= ScriptEngine.actionLimit(statements: script.statements.count) else {
      return whole()
    }
    if keep {
      lock.lock()
      kept = Dictionary(results, uniquingKeysWith: { first, _ in first })
      (lastRan, lastMerged) = (ran, true)
      lock.unlock()
    }
    return .completed(
      Self.merge(results.map(\.1.outcome), syntax: syntax, globals: cut.globals))
  }

  /// How many pieces the last run had to run (the others were kept); 0 when it ran whole.
  var piecesRunLast: Int {
    lock.withLock { lastRan }
  }

  /// Whether the last run's outcome was merged from pieces.
  var lastRunWasMerged: Bool {
    lock.withLock { lastMerged }
  }

  /// The script's `title`/`use` statements and its other statements cut into pieces (in
  /// source order); nil when it must run whole.
  func pieces(of script: Script) -> (
    globals: [ScriptStatement], pieces: [[ScriptStatement]]
  )? {
    var globals: [ScriptStatement] = []
    var statements: [ScriptStatement] = []
    for statement in script.statements {
      switch statement.kind {
      case .title, .use: globals.append(statement)
      default: statements.append(statement)
      }
    }
    guard statements.count >= smallestSplit else { return nil }
    // The names each statement binds and uses; statements that share one are in one group.
    var bound: Set<String> = []
    for statement in statements {
      if case .binding(let name, _) = statement.kind { bound.insert(name.name) }
    }
    var groups = UnionFind(count: statements.count)
    var owner: [String: Int] = [:]
    let constants = "constant "
    for (index, statement) in statements.enumerated() {
      var names: Set<String> = []
      if case .binding(let name, _) = statement.kind { names.insert(name.name) }
      NameCollector.names(in: statement) { name in
        if bound.contains(name) {
          names.insert(name)
        } else if Catalogue.constants[name] != nil {
          // A constant (a queue, a scheduler) may be shared state: its users run together.
          names.insert(constants)
        }
      }
      for name in names {
        if let first = owner[name] {
          groups.union(first, index)
        } else {
          owner[name] = index
        }
      }
    }
    // The last statement of each group; a cut after statement i is safe when no group that
    // started at or before i goes on after it.
    var last = [Int](repeating: 0, count: statements.count)
    for index in statements.indices { last[groups.find(index)] = index }
    let target = max(
      pieceSize, (statements.count + Self.maximumPieces - 1) / Self.maximumPieces)
    var pieces: [[ScriptStatement]] = []
    var current: [ScriptStatement] = []
    var reach = 0
    for (index, statement) in statements.enumerated() {
      current.append(statement)
      reach = max(reach, last[groups.find(index)])
      if reach == index, current.count >= target {
        pieces.append(current)
        current = []
      }
    }
    // The rest (a group still open at the end, or fewer than `target`) joins the last piece.
    if !current.isEmpty {
      if pieces.isEmpty || current.count >= target {
        pieces.append(current)
      } else {
        pieces[pieces.count - 1] += current
      }
    }
    // A script without `show` draws every `let`: a piece without one would, alone, although the
    // whole script shows something. Such a piece joins the one before it (or after it).
    func shows(_ piece: [ScriptStatement]) -> Bool {
      piece.contains {
        if case .show = $0.kind { return true }
        return false
      }
    }
    if pieces.contains(where: shows) {
      var joined: [[ScriptStatement]] = []
      var waiting: [ScriptStatement] = []
      for piece in pieces {
        if shows(piece) {
          joined.append(waiting + piece)
          waiting = []
        } else if joined.isEmpty {
          waiting += piece
        } else {
          joined[joined.count - 1] += piece
        }
      }
      pieces = joined
    }
    guard pieces.count <= Self.maximumPieces else { return nil }
    return (globals, pieces)
  }

  /// The runs of the pieces, in order, as one run of the whole script.
  static func merge(_ outcomes: [ScriptOutcome], syntax: [Diagnostic], globals: [ScriptStatement])
    -> ScriptRun
  {
    let runs = outcomes.compactMap(\.run)
    var merged = runs[0]
    merged.lanes = []
    merged.expectations = []
    merged.authorKeys = []
    var diagnostics = syntax
    var keyNames: Set<String> = []
    var logs = merged.subscriptions
    logs.removeAll()
    for (index, run) in runs.enumerated() {
      merged.firstFrame = min(merged.firstFrame, run.firstFrame)
      merged.lastFrame = max(merged.lastFrame, run.lastFrame)
      merged.lanes += run.lanes
      merged.expectations += run.expectations
      logs += run.subscriptions
      for key in run.authorKeys
      where merged.authorKeys.count < ScriptEngine.maximumAuthorKeys
        && keyNames.insert(key.key).inserted
      {
        merged.authorKeys.append(key)
      }
      // What the `title` and `use` statements say is said by every piece: kept once.
      diagnostics += run.diagnostics.filter { diagnostic in
        index == 0
          || !globals.contains { DocumentAnalysis.contains($0.range, diagnostic.range.start) }
      }
    }
    merged.subscriptions = logs
    // As the whole run sorts them: by position, in the order found where they tie.
    merged.diagnostics = diagnostics.enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }.map(\.element)
    return merged
  }
}

/// Disjoint sets of statement indices, for grouping statements that share a name.
struct UnionFind {
  private var parent: [Int]

  init(count: Int) { parent = Array(0..<count) }

  mutating func find(_ index: Int) -> Int {
    var root = index
    while parent[root] != root { root = parent[root] }
    var node = index
    while parent[node] != root {
      let next = parent[node]
      parent[node] = root
      node = next
    }
    return root
  }

  /// Joins the sets of `a` and `b`; the smaller index becomes the root.
  mutating func union(_ a: Int, _ b: Int) {
    let (rootA, rootB) = (find(a), find(b))
    if rootA < rootB { parent[rootB] = rootA } else if rootB < rootA { parent[rootA] = rootB }
  }
}

/// Every name a statement's expressions use (closure parameters and block locals included:
/// over-counting only joins pieces that could have stayed apart).
enum NameCollector {
  static func names(in statement: ScriptStatement, _ found: (String) -> Void) {
    for expression in statement.expressions { visit(expression, found) }
  }

  private static func visit(_ expression: ScriptExpression, _ found: (String) -> Void) {
    if case .identifier(let name) = expression.kind { found(name) }
    for operand in expression.operands { visit(operand, found) }
    if let closure = expression.closure { visit(closure, found) }
  }

  private static func visit(_ closure: ScriptClosure, _ found: (String) -> Void) {
    if let block = closure.block { visit(block, found) } else { visit(closure.body, found) }
  }

  private static func visit(_ block: [ScriptBlockStatement], _ found: (String) -> Void) {
    for statement in block {
      switch statement.kind {
      case .binding(_, let value, _), .expression(let value), .throw(let value):
        visit(value, found)
      case .assignment(let name, _, let value):
        found(name.name)
        visit(value, found)
      case .return(let value): if let value { visit(value, found) }
      case .break, .continue: break
      case .conditional(let condition, let then, let otherwise):
        visit(condition, found)
        visit(then, found)
        if let otherwise { visit(otherwise, found) }
      case .loop(_, let lower, let upper, _, let body):
        visit(lower, found)
        if let upper { visit(upper, found) }
        visit(body, found)
      case .switch(let subject, let cases, let otherwise):
        visit(subject, found)
        for branch in cases {
          for pattern in branch.patterns {
            visit(pattern.value, found)
            if let upper = pattern.upper { visit(upper, found) }
          }
          visit(branch.body, found)
        }
        if let otherwise { visit(otherwise, found) }
      }
    }
  }
}
