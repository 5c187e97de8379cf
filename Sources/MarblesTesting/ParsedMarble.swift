import MarblesCore
import Reactive

/// A marble string parsed and its values looked up: events ready to play or to compare.
///
///     let timeline = ParsedMarble("--a--b--|", values: ["a": 1, "b": 2])
///     // timeline.events: next(1)@2, next(2)@5, completed@8
///
/// A key with no values-map entry stands for itself when `Value` is `MarbleValueConvertible`
/// (`Int`: digits; `String`: any character). When a values map is given, such a non-digit key
/// is also a warning. A key that stands for nothing is an error, and its event is left out.
public struct ParsedMarble<Value> {
  /// The parsed marble.
  public var diagram: MarbleDiagram { parse.diagram }
  /// The events with their values, at the diagram's frames.
  public var events: [Recorded<Value>] {
    timeline.timed.map { Recorded(frame: $0.frame, event: $0.event) }
  }
  /// Every problem found: syntax errors and warnings, then value lookup problems.
  public var diagnostics: [Diagnostic]
  /// The marble as parsed, its events not yet made (the diagram is made when asked for).
  @usableFromInline let parse: MarbleParse
  /// The events as a cold source plays them: frames and codes, and each distinct value once.
  @usableFromInline let timeline: CodedTimeline<Value>

  /// Parses `marble` and looks up its values.
  ///
  /// - Parameters:
  ///   - marble: The marble string.
  ///   - kind: `.cold` or `.hot` (hot allows `^` and negative frames).
  ///   - values: The value of each key; keys with no entry stand for themselves (see above).
  ///   - error: The failure that `#` stands for.
  @inlinable public init(
    _ marble: String, kind: MarbleKind = .cold, values: [String: Value] = [:],
    error: any Error = MarbleError("error")
  ) {
    let (parse, parsed) = MarbleParser.read(marble, kind: kind)
    var lookup = KeyLookup(values: values, diagnostics: parsed)
    // At most one event per parsed event, the codes and the frames as runs.
    var (frames, codes) = (FrameRuns(), CodeRuns())
    let sharedFrames = lookup.read(parse, codes: &codes, frames: &frames)
    self.parse = parse
    // A marble's frames never decrease.
    self.timeline = CodedTimeline(
      frameRuns: frames, codes: codes, values: lookup.table, others: [.completed, .error(error)],
      sharedFrames: sharedFrames)
    self.diagnostics = lookup.diagnostics
  }

  /// Looks a marble's keys up, each once, into a table of distinct values: an event is a code,
  /// the value's index in `table` (`completed` and `failed` for `|` and `#`).
  @usableFromInline struct KeyLookup {
    @usableFromInline let values: [String: Value]
    @usableFromInline var table: [Value] = []
    @usableFromInline var diagnostics: [Diagnostic]
    @usableFromInline var reported: Set<String> = []
    /// Each key's code, by the key's number, once looked up (`left` when it stands for nothing).
    @usableFromInline var codes: [MarbleKey: UInt32] = [:]
    /// Long marbles repeat a few keys: the number and code of the last value's key, so that the
    /// same key written the same way again costs no String at all (no key's number is
    /// `UInt32.max`); and the last key looked up, whose value a key equal to it as a String
    /// but written differently takes.
    @usableFromInline var lastNumber = UInt32.max
    @usableFromInline var lastCode: UInt32 = 0
    @usableFromInline var last: (key: String, code: UInt32)?

    @inlinable static var left: UInt32 { .max }
    @inlinable static var completed: UInt32 { CodedTimeline<Value>.firstOther }
    @inlinable static var failed: UInt32 { completed + 1 }

    @inlinable init(values: [String: Value], diagnostics: [Diagnostic]) {
      (self.values, self.diagnostics) = (values, diagnostics)
    }

    /// Appends the code and frame of each event of `parse` whose key stands for something, in
    /// order, and returns whether two share a frame.
    @inlinable mutating func read(
      _ parse: MarbleParse, codes: inout CodeRuns, frames: inout FrameRuns
    ) -> Bool {
      var sharedFrames = false
      parse.bytes.withUnsafeBufferPointer { bytes in
        for part in parse.parts {
          switch part {
          case .event(let event):
            let code: UInt32?
            switch event.key {
            case .completed: code = Self.completed
            case .error: code = Self.failed
            case let key where key.rawValue == lastNumber: code = lastCode
            case let key: code = self.code(of: key, at: event.range)
            }
            guard let code else { continue }
            let frame = event.frame &- parse.offset
            // Events of a group share a frame; a run's never do, nor with what surrounds it.
            if frames.last == frame { sharedFrames = true }
            codes.append(code)
            frames.append(frame)
          case .run(let run):
            // The bulk of a large marble: each value one ASCII byte, one frame and column on.
            let time = run.time &- parse.offset
            var (number, code) = (lastNumber, lastCode)
            var index = run.start
            while index < run.end {
              // The key read last, again (`-` never is one): the bulk of a large marble, its
              // frames one run and its codes one run, nothing written a value.
              let from = index
              // Eight bytes a compare while all eight are the key (a byte's, below 256).
              let eight = UInt64(truncatingIfNeeded: number) &* 0x0101_0101_0101_0101
              while number < 256, index &+ 8 <= run.end, let base = bytes.baseAddress,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == eight
              {
                index &+= 8
              }
              while index < run.end, UInt32(bytes[index]) == number { index &+= 1 }
              frames.append(time &+ (from &- run.start), count: index &- from)
              codes.append(code, count: index &- from)
              guard index < run.end else { break }
              let byte = UInt32(bytes[index])
              let step = index &- run.start
              index &+= 1
              if byte != number {
                guard byte != UInt32(UInt8(ascii: "-")) else { continue }
                guard
                  let found = self.code(
                    of: MarbleKey(rawValue: byte),
                    at: SourceRange(line: run.line, column: run.column &+ step))
                else { continue }
                (number, code) = (byte, found)
              }
              codes.append(code)
              frames.append(time &+ step)
            }
          }
        }
      }
      return sharedFrames
    }

    /// The code of a value's key, nil when it stands for nothing (its event is left out).
    @usableFromInline mutating func code(of key: MarbleKey, at range: SourceRange) -> UInt32? {
      let text = key.text ?? ""
      if let known = last, known.key == text {
        // Equal as a String, written differently: the value of the key looked up first.
        (lastNumber, lastCode) = (key.rawValue, known.code)
        return known.code
      }
      let code: UInt32
      if let found = codes[key] {
        code = found
      } else {
        if let value = values[text] {
          code = UInt32(truncatingIfNeeded: table.count)
          table.append(value)
        } else if let value = ParsedMarble.defaultValue(forKey: text) {
          if !values.isEmpty, Int.marbleValue(forKey: text) == nil, reported.insert(text).inserted {
            diagnostics.append(
              .marbleValueWithoutEntry(
                text, meaning: ParsedMarble.meaning(of: value), at: range))
          }
          code = UInt32(truncatingIfNeeded: table.count)
          table.append(value)
        } else {
          if reported.insert(text).inserted {
            diagnostics.append(
              .marbleValueUnresolved(
                text, typeName: String(describing: Value.self), at: range))
          }
          code = Self.left
        }
        codes[key] = code
      }
      guard code != Self.left else { return nil }
      last = (text, code)
      (lastNumber, lastCode) = (key.rawValue, code)
      return code
    }
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsError }

  /// The value a key stands for without a values-map entry, if `Value` has one.
  @usableFromInline static func defaultValue(forKey key: String) -> Value? {
    guard let type = Value.self as? any MarbleValueConvertible.Type else { return nil }
    return type.marbleValue(forKey: key) as? Value
  }

  /// `the string "c"`, or `the 'Character' "c"` for other types.
  @usableFromInline static func meaning(of value: Value) -> String {
    if let string = value as? String { return "the string \(String(reflecting: string))" }
    if let hashable = value as? AnyHashable, let string = hashable.base as? String {
      return "the string \(String(reflecting: string))"
    }
    return "the '\(String(describing: Value.self))' \(String(reflecting: value))"
  }
}
