import Foundation
import Testing

@testable import Marbles

/// Guides/RxJS.md stays true: its worked examples run and pass, and every spelling in its
/// operator tables is in the catalogue.
@Suite struct RxJSGuideTests {
  static let guide: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("Guides/RxJS.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The text of every fenced block of `language`.
  static func blocks(_ language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```" + language {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func workedExamplesPass() {
    let examples = Self.blocks("marble")
    #expect(examples.count == 2)
    for example in examples {
      #expect(example.hasPrefix("use rxjs\n"))
      expectPasses(example)
    }
  }

  @Test func everyTableSpellingIsInTheCatalogue() {
    var checked = 0
    let tables = Self.guide.components(separatedBy: "## Every RxJS operator").last ?? ""
    for line in tables.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 3 else { continue }
      let spelling = cells[2]
      // Each `…` piece of the Marbles column starts with `.name` or `name`.
      for piece in spelling.split(separator: "`").enumerated() where piece.offset % 2 == 1 {
        let text = piece.element.drop { $0 == "." }
        let name = String(text.prefix { $0.isLetter || $0.isNumber })
        guard !name.isEmpty, name.first?.isLetter == true else { continue }
        let known =
          Catalogue.method(name, rxjs: true) != nil || Catalogue.function(name, rxjs: true) != nil
          || Catalogue.constants[name] != nil
        #expect(known, "Guides/RxJS.md spells '\(name)', which the catalogue does not have")
        checked += 1
      }
    }
    #expect(checked > 80)
  }
}
