/// One glyph (or time progression) of a marble string, with its place in the string.
///
/// Kinds are named by meaning, not by glyph.
struct MarbleToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `-`: one empty frame.
    case advance
    /// A space, tab or other whitespace: alignment only.
    case space
    /// Any other character (a grapheme cluster): a value key.
    case value(String)
    /// `|`.
    case completion
    /// `#`.
    case failure
    /// `(`.
    case groupStart
    /// `)`.
    case groupEnd
    /// `^`.
    case subscribe
    /// `!`.
    case unsubscribe
    /// `10ms`, `1.5s`, `2m`: that many frames; nil when invalid (already diagnosed).
    case timeProgression(frames: Int?)
  }

  var kind: Kind
  /// The source text of the token.
  var text: String
  var range: SourceRange
}

/// Splits a marble string into tokens, diagnosing malformed time progressions.
enum MarbleLexer {
  /// The tokens of `marble` and the problems found while reading it.
  static func tokenize(_ marble: String) -> (tokens: [MarbleToken], diagnostics: [Diagnostic]) {
    let characters = Array(marble)
    var tokens: [MarbleToken] = []
    tokens.reserveCapacity(characters.count)
    var diagnostics: [Diagnostic] = []
    var line = 1
    var column = 1
    var index = 0
    var afterBoundary = true  // at the start or after whitespace

    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace {
        tokens.append(
          MarbleToken(
            kind: .space, text: String(character), range: SourceRange(line: line, column: column)))
        if character.isNewline {
          line += 1
          column = 1
        } else {
          column += 1
        }
        index += 1
        afterBoundary = true
        continue
      }

      // Inside a run of digits a progression can neither start (no boundary before it) nor be
      // worth a warning (the run's first digit had it), so only a run's first digit is matched:
      // matching at every digit made a marble of n digits cost n² steps.
      if character.isMarbleDigit, index == 0 || !characters[index - 1].isMarbleDigit,
        let match = matchProgression(characters, at: index)
      {
        let end = index + match.length
        let range = SourceRange(line: line, column: column, length: match.length)
        let text = String(characters[index..<end])
        let followedByBoundary = end == characters.count || characters[end].isWhitespace
        if afterBoundary && followedByBoundary {
          var frames: Int?
          switch progressionFrames(match) {
          case .frames(let count): frames = count
          case .fraction: diagnostics.append(.marbleProgressionFraction(text, at: range))
          case .tooLong: diagnostics.append(.marbleProgressionTooLong(text, at: range))
          }
          tokens.append(
            MarbleToken(kind: .timeProgression(frames: frames), text: text, range: range))
          column += match.length
          index = end
          afterBoundary = false
          continue
        }
        if afterBoundary {
          diagnostics.append(.marbleProgressionNotFollowedBySpace(text, at: range))
        } else if followedByBoundary, index > 0, !characters[index - 1].isMarbleDigit,
          characters[index - 1] != "."
        {
          diagnostics.append(.marbleProgressionReadAsValues(text, at: range))
        }
        // Either way the characters are read one by one, as values.
      }

      let kind: MarbleToken.Kind
      switch character {
      case "-": kind = .advance
      case "|": kind = .completion
      case "#": kind = .failure
      case "(": kind = .groupStart
      case ")": kind = .groupEnd
      case "^": kind = .subscribe
      case "!": kind = .unsubscribe
      default: kind = .value(String(character))
      }
      tokens.append(
        MarbleToken(
          kind: kind, text: String(character), range: SourceRange(line: line, column: column)))
      column += 1
      index += 1
      afterBoundary = false
    }
    return (tokens, diagnostics)
  }

  /// A time progression's parts: integer digits, fraction digits, unit.
  struct ProgressionMatch {
    var length: Int
    var integer: [Character]
    var fraction: [Character]
    var unitMilliseconds: Int
  }

  /// Matches `[0-9]+(\.[0-9]+)?(ms|s|m)` at `start`, regardless of what follows.
  static func matchProgression(_ characters: [Character], at start: Int) -> ProgressionMatch? {
    var index = start
    var integer: [Character] = []
    while index < characters.count, characters[index].isMarbleDigit {
      integer.append(characters[index])
      index += 1
    }
    guard !integer.isEmpty else { return nil }
    var fraction: [Character] = []
    if index + 1 < characters.count, characters[index] == ".",
      characters[index + 1].isMarbleDigit
    {
      index += 1
      while index < characters.count, characters[index].isMarbleDigit {
        fraction.append(characters[index])
        index += 1
      }
    }
    guard index < characters.count else { return nil }
    let unit: Int
    if characters[index] == "m", index + 1 < characters.count, characters[index + 1] == "s" {
      unit = 1
      index += 2
    } else if characters[index] == "s" {
      unit = 1000
      index += 1
    } else if characters[index] == "m" {
      unit = 60_000
      index += 1
    } else {
      return nil
    }
    return ProgressionMatch(
      length: index - start, integer: integer, fraction: fraction, unitMilliseconds: unit)
  }

  enum ProgressionValue: Equatable {
    case frames(Int)
    case fraction
    case tooLong
  }

  /// The number of frames (1 ms each) that a matched progression stands for.
  static func progressionFrames(_ match: ProgressionMatch) -> ProgressionValue {
    let limit = MarbleParser.maxProgressionFrames
    // Drop trailing zeros of the fraction: they do not change the value.
    var fraction = match.fraction
    while fraction.last == "0" { fraction.removeLast() }
    // The unit is at most 60,000 ms (< 10^5), so a fraction with 5 or more significant
    // digits can never give whole frames.
    guard fraction.count < 5 else { return .fraction }
    var integerValue = 0
    for digit in match.integer {
      integerValue = integerValue * 10 + (digit.wholeNumberValue ?? 0)
      if integerValue > limit { return .tooLong }
    }
    var fractionValue = 0
    var scale = 1
    for digit in fraction {
      fractionValue = fractionValue * 10 + (digit.wholeNumberValue ?? 0)
      scale *= 10
    }
    let (whole, overflow) = integerValue.multipliedReportingOverflow(by: match.unitMilliseconds)
    guard !overflow, whole <= limit else { return .tooLong }
    let fractionMilliseconds = fractionValue * match.unitMilliseconds
    guard fractionMilliseconds % scale == 0 else { return .fraction }
    let total = whole + fractionMilliseconds / scale
    return total <= limit ? .frames(total) : .tooLong
  }
}

extension Character {
  /// An ASCII digit `0`…`9` (the only digits that marbles treat as numbers).
  var isMarbleDigit: Bool { isASCII && isNumber }
}
