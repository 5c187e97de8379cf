import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

/// `TerminalText`, the one function every user-provided string goes through on its way to a
/// terminal, and a fuzz of the examples with control characters in their strings through every
/// text command.
@Suite struct TerminalTextTests {
  @Test func controlsAreEscapedAsScriptsWriteThem() {
    #expect(TerminalText.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
    #expect(TerminalText.escaped("\u{1B}[2J\u{7}\u{7F}\u{9B}") == #"\u{1b}[2J\u{7}\u{7f}\u{9b}"#)
    #expect(TerminalText.escaped("x\u{202E}y\u{2066}z") == #"x\u{202e}y\u{2066}z"#)
    #expect(TerminalText.escaped("plain → é 日本 😀") == "plain → é 日本 😀")
    #expect(TerminalText.escaped("\tindented\u{1B}", keepingTabs: true) == "\tindented\\u{1b}")
    // Values print the same way.
    #expect(TimelineValue.string("\u{1B}[2J\u{202E}").description == #""\u{1b}[2J\u{202e}""#)
  }

  @Test func asciiIsSevenBit() {
    #expect(TerminalText.ascii("a → b … c") == "a -> b ... c")
    #expect(TerminalText.ascii("é日😀") == #"\u{e9}\u{65e5}\u{1f600}"#)
    #expect(TerminalText.ascii("\u{1B}\n") == #"\u{1b}\n"#)
    #expect(TerminalText.ascii("plain") == "plain")
    // Inside a printed string, every character keeps its identity.
    #expect(
      TerminalText.ascii(#"a = "x → \"…\"", b → c"#) == #"a = "x \u{2192} \"\u{2026}\"", b -> c"#)
  }

  @Test func widthCountsTerminalColumns() {
    #expect(TerminalText.width("abc") == 3)
    #expect(TerminalText.width("日本語") == 6)
    #expect(TerminalText.width("e😀") == 3)
    #expect(TerminalText.width("한글") == 4)
    #expect(TerminalText.width("ｆｕｌｌ") == 8)
    #expect(TerminalText.width("e\u{301}") == 1)
    #expect(TerminalText.width("❤️") == 2)
    #expect(TerminalText.width("🇫🇷👨‍👩‍👧") == 4)
    #expect(TerminalText.width("→…é") == 3)
    #expect(TerminalText.padded("日本", to: 6) == "日本  ")
  }

  /// The examples with terminal controls, bidi marks, wide and non-ASCII characters put into
  /// their string literals (raw or as `\u{…}` escapes), through `render` (ascii and unicode),
  /// `test` and `step`: no control reaches the output raw, and ascii output is 7-bit.
  @Test func examplesWithHostileStringsPrintSafely() {
    // Raw (a raw newline or CR would end the line, not the string) or as escapes.
    let insertions = [
      "\u{1B}[2J", "\u{1B}]0;x\u{7}", "\u{202E}", "\u{9B}1m", "\u{7F}", "日", "😀", "→", "…",
      #"\u{1b}[31m"#, #"\r"#, #"\n"#, #"\u{202e}"#, #"\u{9b}"#,
    ]
    let commands = [
      ["render", "-"], ["render", "-", "--format", "unicode"], ["test", "-"], ["step", "-"],
    ]
    var random = FuzzTests.Generator(state: 25)
    var runs = 0
    for (index, example) in FuzzTests.examples.enumerated() {
      var scalars = Array(example.text.unicodeScalars)
      // The opening quotes of titles and labels (most other strings are marble diagrams,
      // where these characters are syntax errors).
      let quotes = scalars.indices.filter { index in
        scalars[index] == "\""
          && (String(String.UnicodeScalarView(scalars[max(0, index - 6)..<index])) == "title "
            || String(String.UnicodeScalarView(scalars[max(0, index - 3)..<index])) == "as ")
      }
      guard !quotes.isEmpty else { continue }
      for _ in 0..<3 {
        let at = quotes[random.below(quotes.count)] + 1
        let insertion = insertions[random.below(insertions.count)]
        scalars.insert(contentsOf: insertion.unicodeScalars, at: min(at, scalars.count))
      }
      let text = String(String.UnicodeScalarView(scalars))
      let command = commands[index % commands.count]
      let result = runTool(command + ["--max-frames", "2000"], input: text)
      if !result.stdout.isEmpty { runs += 1 }
      for output in [result.stdout, result.stderr] {
        let bad = output.unicodeScalars.filter {
          TerminalText.isControl($0) && $0 != "\n" && $0 != "\t"
        }
        #expect(bad.isEmpty, "\(example.name) \(command): \(bad.map(\.value))")
      }
      if command.count == 2, command[0] == "render" {
        #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(example.name) is not 7-bit")
      }
    }
    #expect(runs >= 20)
  }
}

/// The caret of a diagnostic stays under its column when the line before it holds wide
/// characters (two spaces each) or escaped controls (under the escaped text).
@Suite struct DiagnosticCaretTests {
  @Test func caretUnderWideCharacters() {
    let (outcome, file) = runScript("let a = \"日本\" + 1\n")
    let text = outcome.diagnostics.render(in: file)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 3)
    #expect(lines[1] == "let a = \"日本\" + 1")
    // `"日本"` is 6 columns wide from column 9: the caret under the `"`, tildes to its end.
    #expect(lines[2] == "        ^~~~~~~~~~")
  }

  @Test func caretUnderEscapedControls() {
    let (outcome, file) = runScript("let a = \"\u{1B}[2J\" + 1\n")
    let lines = outcome.diagnostics.render(in: file).split(separator: "\n")
    #expect(lines.count >= 3)
    #expect(lines[1] == #"let a = "\u{1b}[2J" + 1"#)
    #expect(lines[2].hasPrefix("        ^~~~~~~~~"))
  }
}
