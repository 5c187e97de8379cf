/// Text from a script (titles, `as` labels, file names, string values, quoted source lines) made
/// safe to print: the one place every text output passes user-provided strings through.
///
/// A terminal obeys the control characters in what it prints: a carriage return and `ESC[2K`
/// rewrite the line (a title could print a fake `100 passed, 0 failed`), an OSC sequence sets the
/// window title, a newline breaks the one-row-per-lane layout, and the bidirectional controls
/// (U+202E …) reorder what is shown. So every C0 control, DEL, C1 control and bidi control is
/// written as the escape a script would use to write it: `\n`, `\t`, `\r`, `\u{1b}`, `\u{202e}`.
///
/// `ascii` goes further for `--format ascii`, whose every byte is 7-bit: `→` and `…` read as
/// `->` and `...`, and any other non-ASCII character is spelled `\u{e9}`.
///
/// `width` is the number of terminal columns a text takes: double-width characters (CJK, most
/// emoji) count two, combining marks zero, so that unicode diagrams stay aligned.
package enum TerminalText {
  /// Whether `scalar` must not reach a terminal as itself.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    // Bidirectional controls: ALM, LRM, RLM, LRE…RLO, LRI…PDI.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    // Line and paragraph separators break lines in some terminals.
    case 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// The escape of a control scalar: `\n`, `\t`, `\r`, else `\u{hex}`.
  package static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    default: return "\\u{\(String(scalar.value, radix: 16))}"
    }
  }

  /// `text` with every control escaped (`\n`, `\u{1b}`); the rest as is. `keepingTabs`: tabs
  /// stay (a quoted source line keeps its indentation, and the caret line its tabs).
  package static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
    func escapes(_ scalar: Unicode.Scalar) -> Bool {
      isControl(scalar) && !(keepingTabs && scalar == "\t")
    }
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if escapes(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// `text` with controls escaped and, when `ascii`, every other non-ASCII character replaced by
  /// an ASCII equivalent (`->`, `...`) or spelled `\u{hex}`.
  package static func escaped(_ text: String, ascii: Bool) -> String {
    ascii ? self.ascii(text) : escaped(text)
  }

  /// `text` in 7-bit ASCII: controls escaped, arrows and ellipses spelled out, anything else
  /// outside ASCII written `\u{hex}`. Inside a quoted string (a value printed as `"→"`) every
  /// non-ASCII character is written `\u{hex}`, so that the string reads as what it holds.
  package static func ascii(_ text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    var quoted = false
    var escaping = false
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        out += escape(scalar)
      } else if scalar.isASCII {
        out.unicodeScalars.append(scalar)
        if escaping {
          escaping = false
        } else if scalar == "\\" {
          escaping = quoted
        } else if scalar == "\"" {
          quoted.toggle()
        }
      } else if !quoted, let spelled = asciiEquivalents[scalar] {
        out += spelled
      } else {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return out
  }

  /// The ASCII spelling of the non-ASCII characters the tool itself writes.
  private static let asciiEquivalents: [Unicode.Scalar: String] = [
    "→": "->", "←": "<-", "↔": "<->", "⇒": "=>", "…": "...", "–": "-", "—": "--", "‘": "'",
    "’": "'", "“": "\"", "”": "\"", "×": "x", "·": ".", "•": "*", "≠": "!=", "≤": "<=", "≥": ">=",
    "\u{A0}": " ",
  ]

  /// The columns `text` takes on a terminal (controls are assumed escaped already).
  package static func width(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    var total = 0
    for character in text { total += width(character) }
    return total
  }

  /// The columns of one character: 2 when it is wide (its first scalar East Asian Wide or
  /// Fullwidth, or an emoji shown as an emoji), else 1; a lone combining mark takes none.
  package static func width(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.value < 0x300 { return 1 }
    if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    if isWide(first) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// East Asian Wide and Fullwidth ranges, and the emoji shown wide by default: the common
  /// blocks, enough for CJK text and emoji in labels and values.
  package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F,  // Hangul Jamo initials
      0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
      0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
      0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
      0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
      0x2B50, 0x2B55,
      0x2E80...0x303E,  // CJK radicals, punctuation
      0x3041...0x33FF,  // kana, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical and small forms
      0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
      0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,  // Tangut, kana supplement
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F1E6...0x1F1FF, 0x1F191...0x1F19A, 0x1F200...0x1F202,
      0x1F210...0x1F23B,
      0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
      0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
      0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
      0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
      0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
      0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
      0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
      0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,  // emoji
      0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK extensions B…
      return true
    default: return false
    }
  }

  /// `text` padded with spaces to `columns` terminal columns (at least one space after it when
  /// it is already as wide).
  package static func padded(_ text: String, to columns: Int) -> String {
    let width = width(text)
    return width >= columns
      ? text + " " : text + String(repeating: " ", count: columns - width)
  }
}
