/// The characters a text diagram is drawn with: `.ascii` (7-bit, the marble-string glyphs) or
/// `.unicode` (box-drawing lines and round marbles).
public struct TextGlyphs: Sendable {
  /// A frame with nothing in it.
  public var empty: Character
  public var completed: String
  public var failed: String
  /// Unsubscription (disposal without a terminal event).
  public var unsubscribed: String
  /// The mark of an inner signal's emission on its outer lane.
  public var innerMark: String
  /// The prefix of an inner signal's row label.
  public var innerPrefix: String
  /// The mark of the frame where a run stopped early, on every lane.
  public var stopped: String

  /// The glyphs that mean something in a diagram of this set (or in marble syntax), which a
  /// value is never drawn as and a key never is.
  package var reserved: Set<String> {
    Set(["-", "|", "#", "(", ")", "^", "!", " ", "o", "X", String(empty)]).union([
      completed, failed, unsubscribed, innerMark, stopped,
    ])
  }

  /// Whether this is the 7-bit set, whose every printed byte is ASCII.
  package var isASCII: Bool { empty == "-" }

  /// The key candidates of this set (7-bit for `ascii`).
  package var keyPool: [String] {
    empty == "-" ? DiagramKeys<Int>.asciiPool : DiagramKeys<Int>.unicodePool
  }

  /// 7-bit ASCII: `--a--|`, `#`, `!`.
  public static let ascii = TextGlyphs(
    empty: "-", completed: "|", failed: "#", unsubscribed: "!", innerMark: "o",
    innerPrefix: "  > ", stopped: "X")

  /// Box drawing: `──a──┤`, `×`, `┆`.
  public static let unicode = TextGlyphs(
    empty: "─", completed: "┤", failed: "×", unsubscribed: "┆", innerMark: "●",
    innerPrefix: "  └ ", stopped: "╳")
}
