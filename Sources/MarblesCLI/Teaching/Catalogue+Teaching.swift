import Foundation
import Marbles

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

  /// The rows grouped by family, in listing order: one family per file of the catalogue
  /// (`Engine/Catalogue/<Family>.swift`), ReactiveObjC's rows and RxJS's side by side.
  static let families: [Family] = [
    Family(title: "Sources, subjects and values", entries: sources),
    Family(title: "Transforming", entries: transforming),
    Family(title: "Filtering", entries: filtering),
    Family(title: "Combining", entries: combining),
    Family(title: "Flattening (signals of signals)", entries: flattening),
    Family(title: "Errors, repetition and side effects", entries: errors),
    Family(title: "Time", entries: timing),
    Family(title: "Sharing (multicast)", entries: sharing),
    Family(title: "Commands, channels and subjects", entries: commands),
  ]

  /// The family a row is listed under.
  static func family(of entry: OperatorEntry) -> String {
    families.first { $0.entries.contains { key($0) == key(entry) } }?.title ?? "More"
  }

  private static func key(_ entry: OperatorEntry) -> String {
    (entry.kind == .method ? "." : "") + entry.name + "|" + entry.rac
  }
}
