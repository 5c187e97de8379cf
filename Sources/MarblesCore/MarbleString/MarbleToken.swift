/// One glyph (or time progression) of a marble string, with its place in the string.
///
/// Kinds are named by meaning, not by glyph.
struct MarbleToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `-`: one empty frame.
    case advance
    /// A space, tab or other whitespace: alignment only.
    case space
    /// Any other character (a grapheme cluster): a value key (`MarbleLexer.text(of:)`).
    case value
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
  var range: SourceRange
  /// Where the token's text is in the marble's UTF-8 bytes: a token holds no String, so making
  /// and dropping one (once per Character of a large marble) costs no reference counting.
  var bytes: Range<Int>
}
