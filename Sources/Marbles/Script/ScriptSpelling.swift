/// "Did you mean" suggestions for misspelled names: the one implementation the script compiler,
/// `marbles explain` and the command line share.
package enum ScriptSpelling {
  /// The candidates to suggest for `name`: the `synonyms` the caller knows for it (the catalogue
  /// names another library's name stands for: `flatMap` → `flattenMap`, `mergeMap`) that are
  /// among `candidates`; otherwise the closest misspelling (see `suggestion(for:among:)`), if any.
  package static func suggestions(
    for name: String, among candidates: [String], synonyms: [String] = []
  ) -> [String] {
    let synonyms = synonyms.filter { candidates.contains($0) }
    if !synonyms.isEmpty { return synonyms }
    return closest(to: name, among: candidates).map { [$0] } ?? []
  }

  /// "; did you mean 'a'?" or "; did you mean 'a' or 'b'?", or "" without suggestions.
  package static func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    let quoted = suggestions.map { "'\($0)'" }
    let list =
      quoted.count == 1
      ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    return "; did you mean \(list)?"
  }

  /// The first of `suggestions(for:among:)`.
  package static func suggestion(for name: String, among candidates: [String]) -> String? {
    suggestions(for: name, among: candidates).first
  }

  /// The candidate closest to `name`, if it is close enough to be a likely misspelling: at most
  /// 2 edits (insertions, deletions, substitutions or swaps of neighbours) and fewer edits than
  /// `name` has Characters. Ties go to the earlier candidate.
  private static func closest(to name: String, among candidates: [String]) -> String? {
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(name, candidate, limit: 2)
      if distance <= 2, distance < name.count, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between `a` and `b`, or `limit + 1` when it is
  /// larger than `limit`.
  ///
  /// - Complexity: O(`a.count` × `b.count`), returning early when the lengths differ by more
  ///   than `limit`.
  static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let a = Array(a)
    let b = Array(b)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return min(previous[b.count], limit + 1)
  }
}
