// Every message about a marble string, in one place. Each one is listed, with an example, in
// `Guides/Diagnostics.md` ("Marble strings"). Wording: lowercase start, no final period, glyphs
// and names in single quotes, a fix after ';'.

extension Diagnostic {
  // MARK: - Groups

  /// `(` with no `)` before the end of the marble.
  static let marbleGroupNeverClosed: FixedError = "group is never closed; expected ')'"

  /// `(` inside a group.
  static func marbleNestedGroup(at range: SourceRange, outer: SourceRange) -> Diagnostic {
    Diagnostic(
      .error, "groups cannot be nested; close the open group first", at: range,
      notes: [Diagnostic(.note, "group opened here", at: outer)])
  }

  /// `()` with nothing inside.
  static let marbleEmptyGroup: FixedError =
    "group is empty; put at least one event inside '()' or remove it"

  /// `)` with no open group.
  static let marbleUnmatchedGroupClose: FixedError = "unexpected ')'; no group is open"

  /// `-` or a time progression inside a group; `glyph` is the text, e.g. `-` or `10ms`.
  static func marbleTimeInGroup(_ glyph: String, isProgression: Bool, at range: SourceRange)
    -> Diagnostic
  {
    let what = isProgression ? "time progression '\(glyph)'" : "'\(glyph)'"
    return .error(
      "\(what) cannot appear inside a group; time does not advance within a group", at: range)
  }

  // MARK: - Termination

  /// An event after `|` or `#`. `event` and `terminal` are glyph descriptions such as
  /// `value 'x'` and `completion '|'`.
  static func marbleEventAfterTermination(_ event: String, terminal: String, at range: SourceRange)
    -> Diagnostic
  {
    .error("\(event) after \(terminal) is never delivered", at: range)
  }

  /// `^` after `|` or `#` in a hot marble.
  static func marbleSubscriptionAfterTermination(terminal: String, at range: SourceRange)
    -> Diagnostic
  {
    .error(
      "subscription point '^' after \(terminal); only '-', spaces and time progressions may "
        + "follow the end of a marble", at: range)
  }

  // MARK: - Subscription points

  /// A second `^` (or a second `!` in a subscription marble).
  static func marbleSecondMarker(_ glyph: Character, at range: SourceRange, first: SourceRange)
    -> Diagnostic
  {
    let name = glyph == "^" ? "subscription point" : "unsubscription point"
    return Diagnostic(
      .error, "second \(name) '\(glyph)'; a marble has at most one", at: range,
      notes: [Diagnostic(.note, "first '\(glyph)' is here", at: first)])
  }

  /// `^` in a cold marble.
  static let marbleSubscriptionInCold = FixedError(
    "a cold marble cannot have a subscription point '^'; it starts when subscribed, "
      + "use a hot marble instead")

  /// `!` in a cold or hot marble.
  static let marbleUnsubscriptionOutsideSubscription: FixedError =
    "unsubscription point '!' is only allowed in subscription marbles"

  /// A value, `|` or `#` in a subscription marble; `event` is e.g. `value 'a'`.
  static func marbleEventInSubscription(_ event: String, at range: SourceRange) -> Diagnostic {
    .error(
      "\(event) cannot appear in a subscription marble; use only '-', spaces, time "
        + "progressions, groups, '^' and '!'", at: range)
  }

  /// A subscription marble without `^`.
  static let marbleMissingSubscription: FixedError =
    "subscription marble has no subscription point '^'; mark the subscribe frame"

  /// `!` written before `^` in a subscription marble.
  static let marbleUnsubscriptionBeforeSubscription: FixedError =
    "unsubscription point '!' comes before the subscription point '^'"

  // MARK: - Pull marbles

  /// A value other than `p`, `|` or `#` in a pull marble; `event` is e.g. `value 'x'`.
  static func marbleEventInPulls(_ event: String, at range: SourceRange) -> Diagnostic {
    .error(
      "\(event) cannot appear in a pull marble; use only 'p' (a call to next()), '-', spaces, "
        + "time progressions and groups", at: range)
  }

  /// `^` or `!` in a pull marble.
  static func marbleMarkerInPulls(_ glyph: Character, at range: SourceRange) -> Diagnostic {
    let name = glyph == "^" ? "subscription point" : "unsubscription point"
    return .error(
      "\(name) '\(glyph)' cannot appear in a pull marble; the recording starts and is "
        + "cancelled by its 'subscription:' marble", at: range)
  }

  /// A pull marble without `p`.
  static let marbleMissingPull: FixedError =
    "pull marble has no pull 'p'; mark the frame of each call to next() with 'p'"

  // MARK: - Time progressions

  /// `10ms` directly followed by something other than whitespace or the end.
  static func marbleProgressionNotFollowedBySpace(_ text: String, at range: SourceRange)
    -> Diagnostic
  {
    .error(
      "time progression '\(text)' must be followed by a space or the end of the marble",
      at: range)
  }

  /// Digits and a unit glued to the previous glyph: read as single-character values.
  static func marbleProgressionReadAsValues(_ text: String, at range: SourceRange) -> Diagnostic {
    let values = text.map { "'\($0)'" }.joined(separator: ", ")
    return .warning(
      "'\(text)' is read as the values \(values); put a space before it to make it a time "
        + "progression", at: range)
  }

  /// `1.5ms`: not a whole number of frames.
  static func marbleProgressionFraction(_ text: String, at range: SourceRange) -> Diagnostic {
    .error(
      "time progression '\(text)' is not a whole number of frames; one frame is 1 ms",
      at: range)
  }

  /// A time progression longer than `MarbleParser.maxProgressionFrames`.
  static func marbleProgressionTooLong(_ text: String, at range: SourceRange) -> Diagnostic {
    .error(
      "time progression '\(text)' is too long; at most \(MarbleParser.maxProgressionFrames) "
        + "frames", at: range)
  }

  // MARK: - Values

  /// A values map was given but has no entry for `key`; the character stands for itself.
  /// `meaning` describes the value used, e.g. `the string "c"`.
  @usableFromInline package static func marbleValueWithoutEntry(
    _ key: String, meaning: String, at range: SourceRange
  )
    -> Diagnostic
  {
    .warning("value '\(key)' has no entry in the values map; it is \(meaning)", at: range)
  }

  /// No entry for `key`, and the value type has no default for it.
  @usableFromInline package static func marbleValueUnresolved(
    _ key: String, typeName: String, at range: SourceRange
  )
    -> Diagnostic
  {
    .error(
      "value '\(key)' has no entry in the values map and no default '\(typeName)' value; "
        + "add '\(key)' to the values map", at: range)
  }
}
