// A deliberately tiny marble grammar for the Reactive tests, so that they read as diagrams
// without depending on the Marbles module (built in parallel). The full grammar, with
// diagnostics, time progressions and the values rules, lives in `Sources/Marbles`
// (see `Guides/Syntax.md`).
//
// Supported here: `-` one frame, spaces ignored, a single character value, `|` completion,
// `#` failure, `( … )` a group at one frame (advancing by its width, parentheses included, as
// in RxJS), `^` the zero frame of a hot marble, and in subscription marbles `^`/`!`.

import Reactive

/// One glyph of a timeline.
enum TestGlyph: Equatable {
  case value(Character)
  case completion
  case failure
}

enum TestMarble {
  /// The events of `marble` with their frames; frame 0 is `^` when present, else the first
  /// character.
  static func parse(_ marble: String) -> [(frame: Int, glyph: TestGlyph)] {
    var events: [(frame: Int, glyph: TestGlyph)] = []
    var frame = 0
    var zero = 0
    var groupStart: Int?
    for character in marble where character != " " {
      let at = groupStart ?? frame
      switch character {
      case "-": break
      case "^": zero = frame
      case "(": groupStart = frame
      case ")": groupStart = nil
      case "|": events.append((at, .completion))
      case "#": events.append((at, .failure))
      default: events.append((at, .value(character)))
      }
      frame += 1
    }
    return events.map { ($0.frame - zero, $0.glyph) }
  }

  /// The window of a subscription marble such as `"--^---!"` or `"(^!)"`.
  static func parseSubscription(_ marble: String) -> SubscriptionLog {
    var frame = 0
    var groupStart: Int?
    var window = SubscriptionLog(subscribed: 0)
    for character in marble where character != " " {
      let at = groupStart ?? frame
      switch character {
      case "^": window.subscribed = at
      case "!":
        window.unsubscribed = at
        continue  // `!` takes no time
      case "(": groupStart = frame
      case ")": groupStart = nil
      default: break
      }
      frame += 1
    }
    return window
  }

  /// Draws glyphs at frames (non-negative), grouping those that share a frame.
  static func render(_ events: [(frame: Int, glyph: Character)]) -> String {
    var output = ""
    var cursor = 0
    var index = 0
    while index < events.count {
      let frame = events[index].frame
      var glyphs: [Character] = []
      while index < events.count, events[index].frame == frame {
        glyphs.append(events[index].glyph)
        index += 1
      }
      if frame > cursor {
        output += String(repeating: "-", count: frame - cursor)
        cursor = frame
      }
      if glyphs.count == 1 {
        output.append(glyphs[0])
        cursor += 1
      } else {
        output += "(" + String(glyphs) + ")"
        cursor += glyphs.count + 2
      }
    }
    return output
  }

  /// Draws a subscription window.
  static func render(_ window: SubscriptionLog) -> String {
    let lead = String(repeating: "-", count: max(0, window.subscribed))
    guard let end = window.unsubscribed else { return lead + "^" }
    if end == window.subscribed { return lead + "(^!)" }
    return lead + "^" + String(repeating: "-", count: max(0, end - window.subscribed - 1)) + "!"
  }
}

/// The failure a `#` stands for unless a test says otherwise.
struct TestError: Error, Equatable, CustomStringConvertible {
  let message: String
  init(_ message: String = "error") { self.message = message }
  var description: String { message }
}
