import Foundation

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `Guides/Operators.md`, generated from the catalogue: the guide and `marbles explain` say the
/// same thing because they are made from the same rows. A test compares the file with
/// `markdown()` and rewrites it under `RECORD_SNAPSHOTS=1`.
enum OperatorsGuide {
  /// The whole guide.
  static func markdown() -> String {
    var text = """
      # Operators

      <!-- Generated from the operator catalogue (Sources/Marbles/Engine/Catalogue/*.swift).
           Do not edit: change the catalogue, then run `RECORD_SNAPSHOTS=1 swift test`. -->

      Every function, method and constant a `.marble` script can use, family by family: its
      ReactiveObjC name, its RxJS name when RxJS means the same thing, what it does, and what it
      holds between events (its internals). `marbles explain NAME` prints the same entry and runs
      its example, drawing the inputs (`show input.recorded`), the output and, where this build
      draws them, the internals lanes (`show output.internals`). A source (`cold`, `timer`,
      `just`, …) has no input lane: its inputs are its arguments, and its output lane draws what
      it makes of them. An operator that holds nothing between events says "no internal state"
      rather than drawing an empty internals lane.

      Names follow two rules. ReactiveObjC's operators keep their names, spelled the Swift way
      (`scanWithStart:reduce:` is `scan`). An RxJS name is an alias only when RxJS means the same
      thing; where the two libraries give one name different meanings, ReactiveObjC's meaning is
      the default and a script that starts with `use rxjs` gets RxJS's (rows marked
      `(use rxjs)`; [RxJS.md](RxJS.md) lists every RxJS operator and its spelling). Operators
      only RxJS has are available in every script. The same operators are methods of `Signal`
      in Swift (module `Reactive`); each one's doc comment has its diagram.

      Durations and frames are virtual frames (one character of a marble string).


      """
    text += "## Families\n\n"
    for family in Catalogue.families {
      text += "- [\(family.title)](#\(anchor(family.title))) (\(family.entries.count))\n"
    }
    for family in Catalogue.families {
      text += "\n## \(family.title)\n\n"
      text += "| name | ReactiveObjC | RxJS | what it does | internals |\n"
      text += "|---|---|---|---|---|\n"
      for entry in family.entries {
        let cells = [
          "`\(Explainer.printedName(entry))`", entry.rac.isEmpty ? "—" : "`\(entry.rac)`",
          entry.alias.map { "`\($0)`" } ?? "—", entry.summary + ".",
          entry.internals?.description ?? "—",
        ]
        text += "| " + cells.map(escape).joined(separator: " | ") + " |\n"
      }
      for entry in family.entries {
        text += "\n### `\(entry.signature)`\n\n"
        text += "\(entry.summary). Internals: \(Explainer.internalsLine(entry)).\n\n"
        // In the formatter's layout, as every script of the docs (`DocsTests`).
        text += "```marble\n\(Explainer.formatted(entry.example))```\n"
      }
    }
    return text
  }

  /// A table cell: `|` escaped, on one line.
  private static func escape(_ cell: String) -> String {
    cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }

  /// GitHub's heading anchor: lowercase, spaces to `-`, punctuation dropped.
  static func anchor(_ title: String) -> String {
    String(
      title.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" ? character : nil
      })
  }
}
