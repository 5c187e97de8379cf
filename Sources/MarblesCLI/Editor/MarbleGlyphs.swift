import Marbles

/// The frame of every character of a marble string, for hovers and completions: a small walk
/// that follows the marble grammar (`-` and values take a frame, a group's events share the
/// frame of its `(`, a time progression takes its frames, frames before `^` are negative).
///
/// It reads strings that may still be wrong while they are typed; the parser reports the errors.
struct MarbleGlyphs {
  /// What one character is.
  enum Kind: Equatable {
    case nothing, space, value, completion, failure, groupStart, groupEnd, subscribe, unsubscribe
    /// A character of a time progression of this many frames.
    case progression(Int)
  }

  /// One character: what it is and the frame it stands at.
  struct Glyph {
    var character: Character
    var kind: Kind
    var frame: Int
  }

  /// The glyphs, one per Character of the string.
  let glyphs: [Glyph]

  init(_ marble: String) {
    let characters = Array(marble)
    var glyphs: [Glyph] = []
    var frame = 0
    var group: Int?
    var subscribed: Int?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let atBoundary = index == 0 || characters[index - 1].isWhitespace
      if atBoundary, let (length, frames) = Self.progression(characters, at: index) {
        for offset in 0..<length {
          glyphs.append(
            Glyph(character: characters[index + offset], kind: .progression(frames), frame: frame))
        }
        frame += frames
        index += length
        continue
      }
      let kind: Kind
      switch character {
      case " ", "\t": kind = .space
      case "-": kind = .nothing
      case "|": kind = .completion
      case "#": kind = .failure
      case "(": kind = .groupStart
      case ")": kind = .groupEnd
      case "^": kind = .subscribe
      case "!": kind = .unsubscribe
      default: kind = .value
      }
      let eventFrame = group ?? frame
      glyphs.append(
        Glyph(character: character, kind: kind, frame: kind == .groupStart ? frame : eventFrame))
      switch kind {
      case .space, .unsubscribe: break
      case .groupStart:
        group = frame
        frame += 1
      case .groupEnd:
        group = nil
        frame += 1
      case .subscribe:
        if subscribed == nil { subscribed = eventFrame }
        frame += 1
      default: frame += 1
      }
      index += 1
    }
    if let zero = subscribed {
      glyphs = glyphs.map { Glyph(character: $0.character, kind: $0.kind, frame: $0.frame - zero) }
    }
    self.glyphs = glyphs
  }

  /// A time progression (`10ms`, `1.5s`, `2m`) at `index` that ends at whitespace or the end:
  /// its length in characters and its frames.
  private static func progression(_ characters: [Character], at index: Int) -> (Int, Int)? {
    var end = index
    while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
    guard end > index else { return nil }
    var number = String(characters[index..<end])
    if end < characters.count, characters[end] == "." {
      var fraction = end + 1
      while fraction < characters.count, characters[fraction].isASCII,
        characters[fraction].isNumber
      {
        fraction += 1
      }
      guard fraction > end + 1 else { return nil }
      number = String(characters[index..<fraction])
      end = fraction
    }
    let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
    for (unit, scale) in units {
      let unitCharacters = Array(unit)
      guard end + unitCharacters.count <= characters.count,
        Array(characters[end..<end + unitCharacters.count]) == unitCharacters
      else { continue }
      let after = end + unitCharacters.count
      guard after == characters.count || characters[after].isWhitespace,
        let value = Double(number)
      else { return nil }
      let frames = value * scale
      guard frames < 1e9 else { return nil }
      return (after - index, Int(frames.rounded()))
    }
    return nil
  }

  /// The distinct value characters, in order, that are not digits (digits are numbers).
  var valueKeys: [Character] {
    var seen: [Character] = []
    for glyph in glyphs where glyph.kind == .value && !glyph.character.isNumber {
      if !seen.contains(glyph.character) { seen.append(glyph.character) }
    }
    return seen
  }
}
