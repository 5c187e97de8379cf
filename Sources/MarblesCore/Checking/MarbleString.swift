/// Writes a timeline back as a cold marble string, the inverse of `MarbleParser.parse`.
///
///     marbleString(of: [.next("a", at: 2), .next("b", at: 5), .next("c", at: 5), .completed(at: 9)]) { $0 }
///     // "--a--(bc)|"
///
/// Events at one frame become a group, which uses one frame per character, so the next event
/// must be at least that far away. Failures are written `#` (the error value is not kept).
///
/// - Parameters:
///   - events: The timeline, in frame order, frames from 0.
///   - timeProgressionsFrom: When set, a gap of at least this many empty frames between two
///     events is written as a time progression (` 998ms `) instead of dashes.
///   - key: The one-character key of each value, or nil if it has none.
/// - Throws: `MarbleRenderError` when the timeline cannot be written in the grammar.
public func marbleString<Value>(
  of events: [Recorded<Value>], timeProgressionsFrom: Int? = nil, key: (Value) -> String?
) throws(MarbleRenderError) -> String {
  var batches: [(frame: Int, glyphs: [String])] = []
  var terminated = false
  for recorded in events {
    guard recorded.frame >= 0 else { throw .negativeFrame(recorded.frame) }
    if let last = batches.last, recorded.frame < last.frame {
      throw .unordered(frame: recorded.frame, after: last.frame)
    }
    if terminated { throw .eventAfterTermination(frame: recorded.frame) }
    let glyph: String
    switch recorded.event {
    case .next(let value):
      guard let text = key(value) else {
        throw .missingKey(frame: recorded.frame, value: MarbleDiff.describe(value))
      }
      guard isValidMarbleKey(text) else { throw .invalidKey(frame: recorded.frame, key: text) }
      glyph = text
    case .error:
      glyph = "#"
      terminated = true
    case .completed:
      glyph = "|"
      terminated = true
    }
    if let last = batches.last, last.frame == recorded.frame {
      batches[batches.count - 1].glyphs.append(glyph)
    } else {
      batches.append((recorded.frame, [glyph]))
    }
  }

  // Gaps written as time progressions that turned out to make the following values read as a
  // progression too are written with dashes instead.
  var dashedGaps: Set<Int> = []
  while true {
    var text = ""
    var time = 0
    var ownProgressions: Set<Int> = []  // character offsets where our progressions start
    var gapBeforeOffset: [Int: Int] = [:]  // offset after a progression's space → gap index
    for (index, batch) in batches.enumerated() {
      if batch.frame < time {
        throw .insideGroup(
          frame: batch.frame, groupFrame: batches[index - 1].frame, groupEnd: time - 1)
      }
      let gap = batch.frame - time
      if let threshold = timeProgressionsFrom, gap >= max(1, threshold),
        !dashedGaps.contains(index)
      {
        if !text.isEmpty { text += " " }
        ownProgressions.insert(text.count)
        text += "\(gap)ms "
        gapBeforeOffset[text.count] = index
      } else {
        text += String(repeating: "-", count: gap)
      }
      if batch.glyphs.count == 1 {
        text += batch.glyphs[0]
        time = batch.frame + 1
      } else {
        text += "(" + batch.glyphs.joined() + ")"
        time = batch.frame + batch.glyphs.count + 2
      }
    }
    let characters = Array(text)
    guard let offset = firstProgressionLikeValues(characters, except: ownProgressions) else {
      return text
    }
    if let gap = gapBeforeOffset[offset] {
      dashedGaps.insert(gap)
      continue
    }
    let match = MarbleLexer.matchProgression(characters, at: offset)
    throw .readsAsTimeProgression(
      frame: batches.first?.frame ?? 0,
      text: String(characters[offset..<(offset + (match?.length ?? 1))]))
  }
}

/// The `cold(…)` call that plays `events` (frames counted from the subscription), or nil when
/// no marble string draws them: `cold("-ab#", a: 12, b: "x", error: "timeout")`.
///
/// Values are keyed in order of first appearance: by `literal` when it gives a key no earlier
/// value took (with an argument when it names one), else by the first letter that is neither
/// taken nor `reserved`, with the argument `describe(value)`; nil when the letters run out. `trailing` arguments (`error: …`) come last.
package func coldCall<Value: Equatable>(
  _ events: [Recorded<Value>], reserved: Set<String> = [],
  literal: (Value) -> (key: String, argument: String?)?, describe: (Value) -> String,
  trailing: [String]
) -> String? {
  var keys: [(value: Value, key: String)] = []
  var arguments: [String] = []
  let taken = { (key: String) in keys.contains { $0.key == key } }
  for case .next(let value) in events.map(\.event)
  where !keys.contains(where: { $0.value == value }) {
    if let (key, argument) = literal(value), !taken(key) {
      keys.append((value, key))
      if let argument { arguments.append("\(key): \(argument)") }
    } else if let key = "abcdefghijklmnopqrstuvwxyz".map(String.init).first(where: {
      !reserved.contains($0) && !taken($0)
    }) {
      keys.append((value, key))
      arguments.append("\(key): \(describe(value))")
    } else {
      return nil
    }
  }
  let lookup = { (value: Value) in keys.first { $0.value == value }?.key }
  guard let marble = try? marbleString(of: events, key: lookup) else { return nil }
  return "cold(" + ([String(reflecting: marble)] + arguments + trailing).joined(separator: ", ")
    + ")"
}

/// Whether `key` can stand for a value in a marble string.
package func isValidMarbleKey(_ key: String) -> Bool {
  guard key.count == 1, let character = key.first else { return false }
  return !character.isWhitespace && !"-|#()^!".contains(character)
}

/// The first offset, at the start or after whitespace, where the text reads as a time
/// progression (or as a malformed one), other than the offsets in `except`.
private func firstProgressionLikeValues(_ characters: [Character], except: Set<Int>) -> Int? {
  for index in characters.indices where index == 0 || characters[index - 1].isWhitespace {
    if except.contains(index) { continue }
    if MarbleLexer.matchProgression(characters, at: index) != nil { return index }
  }
  return nil
}
