import Testing

@testable import Marbles
@testable import MarblesCore

/// Every lexer diagnostic of scripts, with its full rendered text (caret included).
@Suite struct ScriptLexerDiagnosticTests {
  static let cases: [DiagnosticCase] = [
    .init(
      "invalidCharacter", "let a = 1 @ 2",
      #"""
      t.marble:1:11: error: invalid character '@' in script
      let a = 1 @ 2
                ^

      """#),
    .init(
      "invalidCharacterRun", "let a = b @@ c",
      #"""
      t.marble:1:11: error: invalid character '@' in script
      let a = b @@ c
                ^~

      """#),
    .init(
      "invalidCharacterControl", "let a = \u{7}",
      "t.marble:1:9: error: invalid character '\\u{7}' in script\nlet a = \\u{7}\n        ^~~~~\n"),
    .init(
      "invalidCharacterAmpersand", "let a = x & y",
      #"""
      t.marble:1:11: error: invalid character '&' in script; did you mean '&&'?
      let a = x & y
                ^

      """#),
    .init(
      "invalidCharacterBar", "let a = x | y",
      #"""
      t.marble:1:11: error: invalid character '|' in script; did you mean '||'?
      let a = x | y
                ^

      """#),
    .init(
      "invalidCharacterHash", "# a comment",
      #"""
      t.marble:1:1: error: invalid character '#' in script; comments start with '//'
      # a comment
      ^

      """#),
    .init(
      "invalidCharacterSemicolon", "let a = 1;",
      #"""
      t.marble:1:10: error: invalid character ';' in script; statements end at the end of the line
      let a = 1;
               ^

      """#),
    .init(
      "invalidCharacterSingleQuote", "let a = 'x'",
      #"""
      t.marble:1:9: error: invalid character ''' in script; strings are written in double quotes
      let a = 'x'
              ^~~

      """#),
    .init(
      "unterminatedString", #"let a = cold("--a|"#,
      #"""
      t.marble:1:14: error: unterminated string literal
      let a = cold("--a|
                   ^

      """#),
    .init(
      "invalidEscape", #"let a = "a\qb""#,
      #"""
      t.marble:1:11: error: invalid escape sequence '\q' in literal; use '\\', '\"', '\n', '\t', '\r', '\0' or '\u{…}'
      let a = "a\qb"
                ^~

      """#),
    .init(
      "unterminatedStringAfterBackslash", #"let a = "a\q\"#,
      #"""
      t.marble:1:9: error: unterminated string literal
      let a = "a\q\
              ^
      t.marble:1:11: error: invalid escape sequence '\q' in literal; use '\\', '\"', '\n', '\t', '\r', '\0' or '\u{…}'
      let a = "a\q\
                ^~

      """#),
    .init(
      "expectedUnicodeEscapeBraces", #"let a = "\u41""#,
      #"""
      t.marble:1:10: error: expected hexadecimal code in braces after unicode escape
      let a = "\u41"
               ^~

      """#),
    .init(
      "invalidUnicodeEscapeDigits", #"let a = "\u{}""#,
      #"""
      t.marble:1:10: error: \u{...} escape sequence expects between 1 and 8 hex digits
      let a = "\u{}"
               ^~~~

      """#),
    .init(
      "invalidUnicodeEscapeTooManyDigits", #"let a = "\u{123456789}""#,
      #"""
      t.marble:1:10: error: \u{...} escape sequence expects between 1 and 8 hex digits
      let a = "\u{123456789}"
               ^~~~~~~~~~~~~

      """#),
    .init(
      "invalidUnicodeScalar", #"let a = "\u{D800}""#,
      #"""
      t.marble:1:10: error: invalid unicode scalar
      let a = "\u{D800}"
               ^~~~~~~~

      """#),
    .init(
      "expectedImplicitParameterNumber", "let a = { $ }",
      #"""
      t.marble:1:11: error: expected a number after '$', such as '$0'
      let a = { $ }
                ^

      """#),
    .init(
      "implicitParameterOutOfRange", "let a = { $99999999999999999999 }",
      #"""
      t.marble:1:11: error: anonymous closure argument '$99999999999999999999' is out of range
      let a = { $99999999999999999999 }
                ^~~~~~~~~~~~~~~~~~~~~

      """#),
  ]

  @Test(arguments: cases)
  func rendered(_ testCase: DiagnosticCase) {
    testCase.check()
  }
}
