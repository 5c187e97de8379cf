import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

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
    #expect(examples.count == 5)
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

  /// Every operator and creation function that RxJS 7 exports (`rxjs` and `rxjs/operators`,
  /// deprecated ones included), and its subjects.
  static let rxjs7Names = """
    audit auditTime buffer bufferCount bufferTime bufferToggle bufferWhen catchError combineAll
    combineLatest combineLatestAll combineLatestWith concat concatAll concatMap concatMapTo
    concatWith connect count debounce debounceTime defaultIfEmpty delay delayWhen dematerialize
    distinct distinctUntilChanged distinctUntilKeyChanged elementAt endWith every exhaust
    exhaustAll exhaustMap expand filter finalize find findIndex first flatMap groupBy
    ignoreElements isEmpty last map mapTo materialize max merge mergeAll mergeMap mergeMapTo
    mergeScan mergeWith min multicast observeOn onErrorResumeNext onErrorResumeNextWith pairwise
    partition pluck publish publishBehavior publishLast publishReplay race raceWith reduce
    refCount repeat repeatWhen retry retryWhen sample sampleTime scan sequenceEqual share
    shareReplay single skip skipLast skipUntil skipWhile startWith subscribeOn switchAll
    switchMap switchMapTo switchScan take takeLast takeUntil takeWhile tap throttle throttleTime
    throwIfEmpty timeInterval timeout timeoutWith timestamp toArray window windowCount windowTime
    windowToggle windowWhen withLatestFrom zip zipAll zipWith
    ajax animationFrames bindCallback bindNodeCallback connectable defer empty EMPTY forkJoin
    from fromEvent fromEventPattern fromFetch generate iif interval never NEVER of pairs range
    scheduled throwError timer using webSocket firstValueFrom lastValueFrom
    Subject BehaviorSubject ReplaySubject AsyncSubject
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  @Test func everyRxJS7NameHasARowAndEveryMissingOneSaysWhy() {
    let tables = Self.guide.components(separatedBy: "## Every RxJS operator").last ?? ""
    var listed: Set<String> = []
    for line in tables.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 3 else { continue }
      for piece in cells[1].split(separator: "`").enumerated() where piece.offset % 2 == 1 {
        listed.insert(String(piece.element.prefix { $0.isLetter || $0.isNumber }))
      }
      // A row without a Marbles spelling says why in its notes.
      if cells[2].trimmingCharacters(in: .whitespaces) == "—" {
        #expect(
          cells[3].trimmingCharacters(in: .whitespaces).count > 20,
          "Guides/RxJS.md: '\(cells[1])' is not available but does not say why")
      }
    }
    for name in Self.rxjs7Names {
      #expect(listed.contains(name), "Guides/RxJS.md has no row for RxJS's '\(name)'")
    }
  }

  /// "In Swift" names every public operator and type of `Sources/ReactiveRxJS`, so a reader
  /// knows which import brings it.
  @Test func inSwiftNamesEveryOperatorOfReactiveRxJS() throws {
    let section =
      Self.guide.components(separatedBy: "## In Swift").dropFirst().first?
      .components(separatedBy: "\n## ").first ?? ""
    let words = Set(section.split { !$0.isLetter && !$0.isNumber }.map(String.init))
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ReactiveRxJS")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count > 40)
    var declared: Set<String> = []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let tokens = line.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
          tokens.contains("public")
        else { continue }
        if let at = tokens.firstIndex(where: { ["func", "class", "struct", "enum"].contains($0) }),
          at + 1 < tokens.count
        {
          declared.insert(String(tokens[at + 1]))
        }
      }
    }
    #expect(declared.count > 60)
    for name in declared.sorted() where !words.contains(name) {
      Issue.record("Guides/RxJS.md, In Swift: no word for ReactiveRxJS's '\(name)'")
    }
  }
}
