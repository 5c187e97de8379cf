/// Parses marble strings (RxJS 7 run-mode grammar, with its silent mis-parses turned into errors;
/// see `Guides/Syntax.md`).
///
/// Parsing never stops at the first problem: it recovers, keeps going and returns every
/// diagnostic together with a best-effort result. Diagnostic positions are relative to the marble
/// string itself (line 1, column 1 is its first character); use `Diagnostic.offset(by:)` to move
/// them into a larger text.
///
///     let (diagram, diagnostics) = MarbleParser.parse("--a--(bc)--|", kind: .cold)
///     // a at 2, b and c at 5, completed at 11; no diagnostics
public enum MarbleParser {
  /// The longest time progression accepted, in frames (about 11.5 days of virtual time).
  public static let maxProgressionFrames = 1_000_000_000

  /// The most diagnostics one marble string reports.
  static let maximumDiagnostics = 20

  /// Parses a cold or hot marble string.
  ///
  /// - Parameters:
  ///   - marble: The marble text, e.g. `"--a--b--|"`.
  ///   - kind: `.cold` (frame 0 is the first character) or `.hot` (frame 0 is the `^`).
  /// - Returns: The diagram, always, and the problems found (errors and warnings, the first 20).
  public static func parse(_ marble: String, kind: MarbleKind) -> (
    diagram: MarbleDiagram, diagnostics: [Diagnostic]
  ) {
    let (parse, diagnostics) = read(marble, kind: kind)
    return (parse.diagram, diagnostics)
  }

  /// Parses a cold or hot marble string as `parse` does, its events left as read (`MarbleParse`).
  @usableFromInline package static func read(_ marble: String, kind: MarbleKind) -> (
    parse: MarbleParse, diagnostics: [Diagnostic]
  ) {
    var lexer = MarbleLexer(marble)
    var diagnostics: [Diagnostic] = []
    var state = TimelineState()
    var parts: [MarbleParse.Part] = []
    var count = 0
    var zero: (time: Int, range: SourceRange)?
    var terminal: (description: String, range: SourceRange)?

    while true {
      // Outside groups and before the end, `-` and plain values need no tokens.
      if state.group == nil, terminal == nil, let run = lexer.readPlainRun(at: state.time) {
        state.time += run.end - run.start
        if run.count > 0 {
          parts.append(.run(run))
          count += run.count
        }
      }
      guard let token = lexer.next() else { break }
      switch token.kind {
      case .space:
        continue
      case .advance, .timeProgression, .groupStart, .groupEnd:
        state.handleStructure(token, in: lexer, diagnostics: &diagnostics)
      case .value, .completion, .failure:
        let time = state.takeEvent()
        if let terminal {
          diagnostics.append(
            .marbleEventAfterTermination(
              token.kind.glyphDescription(lexer.text(of: token)), terminal: terminal.description,
              at: token.range))
          continue
        }
        let key: MarbleKey
        switch token.kind {
        case .value: key = lexer.key(of: token)
        case .failure: key = .error
        default: key = .completed
        }
        parts.append(
          .event(
            MarbleEvent(
              frame: time, key: key,
              place: MarblePlace(line: token.range.start.line, column: token.range.start.column))))
        count += 1
        if token.kind.isTerminal {
          terminal = (token.kind.glyphDescription(lexer.text(of: token)), token.range)
        }
      case .subscribe:
        let time = state.takeEvent()
        if kind == .cold {
          diagnostics.append(.marbleSubscriptionInCold(at: token.range))
        } else if let zero {
          diagnostics.append(.marbleSecondMarker("^", at: token.range, first: zero.range))
        } else if let terminal {
          diagnostics.append(
            .marbleSubscriptionAfterTermination(terminal: terminal.description, at: token.range))
        } else {
          zero = (time, token.range)
        }
      case .unsubscribe:
        state.takeEvent(advancing: false)
        diagnostics.append(.marbleUnsubscriptionOutsideSubscription(at: token.range))
      }
    }
    state.finish(diagnostics: &diagnostics)
    // The lexer's problems first, as when it ran before the parser (the sort below is stable).
    diagnostics = lexer.diagnostics + diagnostics

    let parse = MarbleParse(
      kind: kind, bytes: lexer.bytes, parts: parts, count: count, offset: zero?.time ?? 0,
      subscriptionPoint: zero?.range, length: state.time)
    // A marble of thousands of broken groups gives one error per group, and each is printed
    // with its whole line: keep the first few so the report stays linear in the marble's size.
    return (parse, Array(diagnostics.sortedByPosition().prefix(maximumDiagnostics)))
  }

  /// Parses a subscription marble such as `"^---!"`, `"--^--!"` or `"(^!)"`.
  ///
  /// It may contain only `-`, spaces, time progressions, groups, exactly one `^` (subscribe,
  /// +1 frame) and at most one `!` (unsubscribe, no time).
  ///
  /// - Returns: The subscription, or nil when the marble has no `^`; and every problem found.
  public static func parseSubscription(_ marble: String) -> (
    subscription: SubscriptionMarble?, diagnostics: [Diagnostic]
  ) {
    var lexer = MarbleLexer(marble)
    var diagnostics: [Diagnostic] = []
    var state = TimelineState()
    var subscribe: (time: Int, range: SourceRange)?
    var unsubscribe: (time: Int, range: SourceRange)?
    var unsubscribeFirst = false

    while let token = lexer.next() {
      switch token.kind {
      case .space:
        continue
      case .advance, .timeProgression, .groupStart, .groupEnd:
        state.handleStructure(token, in: lexer, diagnostics: &diagnostics)
      case .value, .completion, .failure:
        state.takeEvent()
        diagnostics.append(
          .marbleEventInSubscription(
            token.kind.glyphDescription(lexer.text(of: token)), at: token.range))
      case .subscribe:
        let time = state.takeEvent()
        if let subscribe {
          diagnostics.append(.marbleSecondMarker("^", at: token.range, first: subscribe.range))
        } else {
          subscribe = (time, token.range)
        }
      case .unsubscribe:
        let time = state.takeEvent(advancing: false)
        if let unsubscribe {
          diagnostics.append(.marbleSecondMarker("!", at: token.range, first: unsubscribe.range))
        } else {
          unsubscribe = (time, token.range)
          unsubscribeFirst = subscribe == nil
        }
      }
    }
    state.finish(diagnostics: &diagnostics)
    diagnostics = lexer.diagnostics + diagnostics

    guard let subscribe else {
      let whole = SourceRange(line: 1, column: 1, length: marble.count)
      diagnostics.append(.marbleMissingSubscription(at: whole))
      return (nil, Array(diagnostics.sortedByPosition().prefix(maximumDiagnostics)))
    }
    if unsubscribeFirst, let unsubscribe {
      diagnostics.append(.marbleUnsubscriptionBeforeSubscription(at: unsubscribe.range))
    }
    let subscription = SubscriptionMarble(
      subscribed: subscribe.time,
      unsubscribed: unsubscribeFirst ? nil : unsubscribe?.time,
      length: state.time)
    return (subscription, Array(diagnostics.sortedByPosition().prefix(maximumDiagnostics)))
  }

  /// The glyph that marks a pull in a pull marble.
  static let pullGlyph = "p"

  /// Parses a pull marble such as `"p---p---p"` or `"(pp) 10ms p"`: the frames at which a
  /// recording's consumer calls `next()`, in order, counted from the marble's first character
  /// (as in a subscription marble, so the two line up).
  ///
  /// It may contain only `p` (a pull, +1 frame), `-`, spaces, time progressions and groups
  /// (`(pp)`: several pulls at one frame); it needs at least one `p`.
  ///
  /// - Returns: The frame of each pull, in order (empty when there is none); and every problem
  ///   found.
  package static func parsePulls(_ marble: String) -> (pulls: [Int], diagnostics: [Diagnostic]) {
    var lexer = MarbleLexer(marble)
    var diagnostics: [Diagnostic] = []
    var state = TimelineState()
    var pulls: [Int] = []

    while let token = lexer.next() {
      switch token.kind {
      case .space:
        continue
      case .advance, .timeProgression, .groupStart, .groupEnd:
        state.handleStructure(token, in: lexer, diagnostics: &diagnostics)
      case .value, .completion, .failure:
        let time = state.takeEvent()
        let text = lexer.text(of: token)
        if token.kind == .value, text == pullGlyph {
          pulls.append(time)
        } else {
          diagnostics.append(
            .marbleEventInPulls(token.kind.glyphDescription(text), at: token.range))
        }
      case .subscribe:
        state.takeEvent()
        diagnostics.append(.marbleMarkerInPulls("^", at: token.range))
      case .unsubscribe:
        state.takeEvent(advancing: false)
        diagnostics.append(.marbleMarkerInPulls("!", at: token.range))
      }
    }
    state.finish(diagnostics: &diagnostics)
    diagnostics = lexer.diagnostics + diagnostics
    if pulls.isEmpty {
      let whole = SourceRange(line: 1, column: 1, length: marble.count)
      diagnostics.append(.marbleMissingPull(at: whole))
    }
    return (pulls, Array(diagnostics.sortedByPosition().prefix(maximumDiagnostics)))
  }
}

/// The clock and group state shared by both parsers.
private struct TimelineState {
  struct Group {
    var open: SourceRange
    var time: Int
    /// Nested `(` seen inside (an error), so that their `)` do not close this group.
    var nesting = 0
    var hasContent = false
  }

  /// Frames since the string's first character.
  var time = 0
  var group: Group?

  /// The frame of an event written now: the group's frame inside a group.
  var eventTime: Int { group?.time ?? time }

  /// An event written now: the open group has content, the clock moves one frame unless
  /// `advancing` is false (`!` takes no time); returns the event's frame (`eventTime`).
  @discardableResult mutating func takeEvent(advancing: Bool = true) -> Int {
    let frame = eventTime
    group?.hasContent = true
    if advancing { time += 1 }
    return frame
  }

  /// Handles `-`, time progressions, `(` and `)` of `lexer`'s marble.
  mutating func handleStructure(
    _ token: MarbleToken, in lexer: MarbleLexer, diagnostics: inout [Diagnostic]
  ) {
    switch token.kind {
    case .advance:
      if group != nil {
        diagnostics.append(.marbleTimeInGroup("-", isProgression: false, at: token.range))
      }
      time += 1
    case .timeProgression(let frames):
      if group != nil {
        diagnostics.append(
          .marbleTimeInGroup(lexer.text(of: token), isProgression: true, at: token.range))
      } else {
        time += frames ?? 0
      }
    case .groupStart:
      if let open = group?.open {
        diagnostics.append(.marbleNestedGroup(at: token.range, outer: open))
        group?.nesting += 1
      } else {
        group = Group(open: token.range, time: time)
      }
      time += 1
    case .groupEnd:
      time += 1
      guard let current = group else {
        diagnostics.append(.marbleUnmatchedGroupClose(at: token.range))
        return
      }
      if current.nesting > 0 {
        group?.nesting -= 1
        return
      }
      if !current.hasContent {
        diagnostics.append(
          .marbleEmptyGroup(at: SourceRange(start: current.open.start, end: token.range.end)))
      }
      group = nil
    default:
      break
    }
  }

  mutating func finish(diagnostics: inout [Diagnostic]) {
    if let open = group?.open {
      diagnostics.append(.marbleGroupNeverClosed(at: open))
    }
  }
}

extension MarbleToken.Kind {
  fileprivate var isTerminal: Bool {
    self == .completion || self == .failure
  }

  /// `value 'x'`, `completion '|'`, `failure '#'`.
  fileprivate func glyphDescription(_ text: String) -> String {
    switch self {
    case .completion: return "completion '|'"
    case .failure: return "failure '#'"
    default: return "value '\(text)'"
    }
  }
}

extension Array where Element == Diagnostic {
  /// Stable-sorted by start position, so that reports read left to right.
  fileprivate func sortedByPosition() -> [Diagnostic] {
    enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }.map(\.element)
  }
}
