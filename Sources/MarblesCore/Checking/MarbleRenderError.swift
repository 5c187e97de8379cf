/// Why a timeline cannot be written as a cold marble string.
public enum MarbleRenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An event before frame 0.
  case negativeFrame(Int)
  /// Events are not in frame order.
  case unordered(frame: Int, after: Int)
  /// A value has no key (the key closure returned nil); `value` is its printed form.
  case missingKey(frame: Int, value: String)
  /// A key that is not one character, or is whitespace or a marble glyph.
  case invalidKey(frame: Int, key: String)
  /// An event after the timeline completed or failed.
  case eventAfterTermination(frame: Int)
  /// An event inside the frames used by an earlier group: `(ab)` at frame 2 spans frames 2–5.
  case insideGroup(frame: Int, groupFrame: Int, groupEnd: Int)
  /// The values at the start would read as a time progression (`1ms` is 1 frame of time, not
  /// the values `1`, `m`, `s`).
  case readsAsTimeProgression(frame: Int, text: String)

  /// One line saying why.
  public var description: String {
    switch self {
    case .negativeFrame(let frame):
      return "the event at frame \(frame) is before frame 0"
    case .unordered(let frame, let after):
      return "the event at frame \(frame) comes after one at frame \(after)"
    case .missingKey(let frame, let value):
      return "the value \(value) at frame \(frame) has no single-character key"
    case .invalidKey(let frame, let key):
      return "the key '\(key)' at frame \(frame) is not a single character other than "
        + "whitespace and '-', '|', '#', '(', ')', '^', '!'"
    case .eventAfterTermination(let frame):
      return "the event at frame \(frame) comes after the timeline terminated"
    case .insideGroup(let frame, let groupFrame, let groupEnd):
      return "the event at frame \(frame) falls inside the group at frame \(groupFrame), "
        + "which spans frames \(groupFrame)–\(groupEnd)"
    case .readsAsTimeProgression(let frame, let text):
      return "the values from frame \(frame) would read as the time progression '\(text)'"
    }
  }
}
