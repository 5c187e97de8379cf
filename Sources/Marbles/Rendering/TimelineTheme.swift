/// The glyphs a timeline is drawn with.
public struct TimelineTheme: Sendable {
  /// A frame with nothing in it.
  public var empty: Character
  /// Completion.
  public var completed: String
  /// Failure.
  public var failed: String
  /// Unsubscription (disposal without a terminal event).
  public var unsubscribed: String
  /// The mark of an inner signal's emission on its outer lane.
  public var innerMark: String
  /// The prefix of an inner signal's row label.
  public var innerPrefix: String

  /// 7-bit ASCII: `--a--|`, `#`, `!`.
  public static let ascii = TimelineTheme(
    empty: "-", completed: "|", failed: "#", unsubscribed: "!", innerMark: "o",
    innerPrefix: "  > ")

  /// Box drawing: `──a──┤`, `×`, `┆`.
  public static let unicode = TimelineTheme(
    empty: "─", completed: "┤", failed: "×", unsubscribed: "┆", innerMark: "●",
    innerPrefix: "  └ ")
}
