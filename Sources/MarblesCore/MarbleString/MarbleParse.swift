/// A marble as parsed, before its events are made: each run of plain glyphs (`-` and one-byte
/// values, the bulk of a large marble) kept as the lexer read it, and every other event as
/// made. `diagram` makes the `MarbleDiagram`; `ParsedMarble` makes its timeline from the runs
/// directly, with no array of `MarbleEvent`s (24 bytes a value) in between.
@usableFromInline package struct MarbleParse: Sendable {
  /// Bytes `start..<end` of the marble, plain glyphs: the first at frame `time` (before
  /// `offset`) and at `line:column`, each next one a frame and a column later; `count` of them
  /// are values, the others `-`.
  @usableFromInline package struct PlainRun: Sendable {
    @usableFromInline package let start: Int
    @usableFromInline package let end: Int
    @usableFromInline package let time: Int
    @usableFromInline package let line: Int
    @usableFromInline package let column: Int
    @usableFromInline package let count: Int
  }

  /// A stretch of the events, in order.
  @usableFromInline package enum Part: Sendable {
    case event(MarbleEvent)
    case run(PlainRun)
  }

  @usableFromInline package let kind: MarbleKind
  /// The marble's UTF-8 bytes.
  @usableFromInline package let bytes: [UInt8]
  @usableFromInline package let parts: [Part]
  /// The number of events in all.
  @usableFromInline package let count: Int
  /// Subtracted from every frame in `parts`: the frame of a hot marble's `^`.
  @usableFromInline package let offset: Int
  let subscriptionPoint: SourceRange?
  /// The frames the whole string spans.
  let length: Int

  /// The diagram: every event made, in order, in one array written in place.
  package var diagram: MarbleDiagram {
    let events = [MarbleEvent](unsafeUninitializedCapacity: count) { buffer, initialized in
      for part in parts {
        switch part {
        case .event(var event):
          guard initialized < buffer.count else { return }
          event.frame -= offset
          buffer.initializeElement(at: initialized, to: event)
          initialized += 1
        case .run(let run):
          // Every place fits in 32 bits (the common case), or each is checked.
          let compact =
            Int32(exactly: run.line).map { $0 != .min } == true
            && Int32(exactly: run.column + (run.end - run.start)) != nil
          let (line, shift) = (Int32(truncatingIfNeeded: run.line), run.time &- offset)
          bytes.withUnsafeBufferPointer { bytes in
            for index in run.start..<run.end where bytes[index] != UInt8(ascii: "-") {
              guard initialized < buffer.count else { return }
              let step = index &- run.start
              let place =
                compact
                ? MarblePlace(
                  line32: line, column32: Int32(truncatingIfNeeded: run.column &+ step))
                : MarblePlace(line: run.line, column: run.column &+ step)
              buffer.initializeElement(
                at: initialized,
                to: MarbleEvent(
                  frame: shift &+ step, key: MarbleKey(rawValue: UInt32(bytes[index])),
                  place: place))
              initialized += 1
            }
          }
        }
      }
    }
    return MarbleDiagram(
      kind: kind, events: events, subscriptionPoint: subscriptionPoint, firstFrame: -offset,
      length: length)
  }
}
