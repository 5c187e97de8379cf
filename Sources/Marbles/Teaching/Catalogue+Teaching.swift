import Foundation

/// What the catalogue tells a learner beyond running operators: the families `marbles explain`
/// and `Guides/Operators.md` group the rows by.
extension Catalogue {
  /// A family of rows, in listing order.
  struct Family {
    /// The heading (`Transforming`).
    var title: String
    /// The rows, in listing order.
    var entries: [OperatorEntry]
  }

  /// The rows grouped by family, in listing order. Rows of a section not named here (a section
  /// added later) are listed under "More", so every row is listed exactly once.
  static let families: [Family] = {
    let named: [Family] = [
      Family(title: "Sources, subjects and values", entries: sources),
      Family(title: "Transforming", entries: transforming),
      Family(title: "Filtering", entries: filtering),
      Family(title: "Combining", entries: combining),
      Family(title: "Flattening (signals of signals)", entries: higherOrder),
      Family(title: "Errors, repetition and side effects", entries: errorsAndRepetition),
      Family(title: "Time", entries: timing),
      Family(title: "Sharing (multicast)", entries: sharing),
      Family(title: "Commands, channels and subjects", entries: commandsAndChannels),
      Family(title: "RxJS semantics of shared names (use rxjs)", entries: rxjsCollisions),
      Family(title: "RxJS transforming and flattening", entries: rxjsTransforming),
      Family(title: "RxJS filtering", entries: rxjsFiltering),
      Family(title: "RxJS combining, sharing and sources", entries: rxjsCombining),
      Family(title: "More RxJS operators", entries: rxjsMore),
    ]
    var listed = Set(named.flatMap { $0.entries.map(key) })
    var more: [OperatorEntry] = []
    for entry in entries where listed.insert(key(entry)).inserted { more.append(entry) }
    return more.isEmpty ? named : named + [Family(title: "More", entries: more)]
  }()

  /// The family a row is listed under.
  static func family(of entry: OperatorEntry) -> String {
    families.first { $0.entries.contains { key($0) == key(entry) } }?.title ?? "More"
  }

  private static func key(_ entry: OperatorEntry) -> String {
    (entry.kind == .method ? "." : "") + entry.name + "|" + entry.rac
  }
}
