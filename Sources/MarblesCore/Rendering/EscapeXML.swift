/// Text as XML character data or attribute value (SVG, HTML, JUnit): markup characters escaped,
/// a carriage return as `&#13;` (so a parser keeps it), and the characters XML 1.0 cannot carry
/// (control characters other than tab and newlines, ANSI escapes' ESC among them) as U+FFFD.
/// In an `attribute`, newlines and tabs are character references too (`&#10;`): XML readers
/// turn a raw one into a space, and a JUnit message would lose its lines.
package func escapeXML(_ text: String, attribute: Bool = false) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\r": out += "&#13;"
    case "\t" where attribute: out += "&#9;"
    case "\n" where attribute: out += "&#10;"
    case "\t", "\n": out.unicodeScalars.append(scalar)
    default:
      if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
        out += "\u{FFFD}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out
}
