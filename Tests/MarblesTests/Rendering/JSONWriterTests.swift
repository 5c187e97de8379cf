import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct JSONWriterTests {
  @Test func escapesControlCharactersQuotesAndBackslashesOnly() {
    let text = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h\u{7F}é😀"
    #expect(
      JSONValue.string(text).compact == #""a\"b\\c\nd\re\tf\u0001g\u001fh\u007f"# + "é😀\"")
  }

  /// Regression (issue 33): U+009B (a terminal's one-character ESC `[`) and the other C1
  /// controls were written raw; characters around them stay as they are.
  @Test func escapesC1Controls() {
    let text = "a\u{9B}31mb\u{80}\u{9F}\u{A0}é\u{85}"
    #expect(
      JSONValue.string(text).compact == #""a\u009b31mb\u0080\u009f"# + "\u{A0}é" + #"\u0085""#)
  }

  @Test func escapesEveryControlCharacterWithLowercaseHexDigits() {
    // Both nibbles from 0 to f: 0x0B, 0x0C, 0x0E and 0x1A to 0x1F have no short escape.
    let text = "\u{0}\u{B}\u{C}\u{E}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}"
    #expect(
      JSONValue.string(text).compact
        == #""\u0000\u000b\u000c\u000e\u001a\u001b\u001c\u001d\u001e\u001f""#)
  }

  @Test func numbers() {
    let values: [JSONValue] = [
      .int(0), .int(-7), .int(Int.max), .int(Int.min), .double(-0.0), .double(1e15), .double(2.5),
      .double(-3), .double(.infinity), .double(.nan),
    ]
    #expect(
      JSONValue.array(values).compact
        == #"[0, -7, 9223372036854775807, -9223372036854775808, 0.0, 1000000000000000.0, 2.5, -3.0, "Infinity", "NaN"]"#
    )
  }

  @Test func containersStayOnOneLineUpToTheLimitInCharacters() {
    // At indent 2 the limit is 18: ["éé", "éé", "éé"] is 18 Characters but 24 bytes.
    let fits = JSONValue.object([("k", .array([.string("éé"), .string("éé"), .string("éé")]))])
    #expect(fits.pretty(inlineLimit: 20) == "{\n  \"k\": [\"éé\", \"éé\", \"éé\"]\n}")
    let over = JSONValue.object([("k", .array([.string("éé"), .string("éé"), .string("ééé")]))])
    #expect(
      over.pretty(inlineLimit: 20)
        == "{\n  \"k\": [\n    \"éé\",\n    \"éé\",\n    \"ééé\"\n  ]\n}")
  }

  @Test func nestedContainersBreakOnlyWhereTheyDoNotFit() {
    let document = JSONValue.object([
      ("empty", .array([])), ("small", .object([("a", .int(1))])),
      ("long", .array((0..<40).map { .int($0) })),
    ])
    let lines = document.pretty().split(separator: "\n")
    #expect(lines[1] == #"  "empty": [],"#)
    #expect(lines[2] == #"  "small": {"a": 1},"#)
    #expect(lines[3] == #"  "long": ["#)
    #expect(lines[4] == "    0,")
    #expect(lines.count == 46)
  }

  @Test func aSinkGetsTheSameBytesInChunks() {
    let run = sampleRun()
    var chunks: [[UInt8]] = []
    var writer = JSONWriter(chunkSize: 64) { chunks.append(Array($0)) }
    run.writeJSON(to: &writer)
    writer.flush()
    #expect(chunks.count > 3)
    #expect(String(decoding: chunks.joined(), as: UTF8.self) == run.prettyJSON())
  }
}

@Suite struct JSONWriterFlatObjectTests {
  /// Writes events as an array of `members` objects, each by `flatObject` (where it applies) or
  /// by `object`, inside `{"lane": {"events": […]}}`, with `inlineLimit` and optionally compact;
  /// with `integer`, by `integerNext` (sequence `value % 7`) where it applies.
  private func document(
    _ events: [(frame: Int, value: Int)], inlineLimit: Int, compact: Bool, flat: Bool,
    integer: Bool = false
  ) -> (text: String, flatCount: Int) {
    var writer = JSONWriter(inlineLimit: inlineLimit, compact: compact)
    var flatCount = 0
    writer.object { writer in
      writer.key("lane")
      writer.object { writer in
        writer.key("events")
        writer.array(events) { writer, event in
          if integer,
            writer.integerNext(frame: event.frame, value: event.value, sequence: event.value % 7)
          {
            flatCount += 1
            return
          }
          if flat,
            writer.flatObject(
              "frame", .int(event.frame), "kind", .literal("\"next\""), "value",
              .int(event.value), "sequence", .int(event.value % 7))
          {
            flatCount += 1
            return
          }
          writer.object { writer in
            writer.key("frame")
            writer.int(event.frame)
            writer.key("kind")
            writer.string("next")
            writer.key("value")
            writer.int(event.value)
            writer.key("sequence")
            writer.int(event.value % 7)
          }
        }
      }
    }
    return (writer.text, flatCount)
  }

  @Test("flat objects are the bytes object writes, at every width, and only where one line fits")
  func sameBytesAsObject() {
    let events = [(0, 10), (7, -3), (123_456_789, Int.min), (42, Int.max)]
    for limit in [20, 60, 70, 80, 100] {
      for compact in [false, true] {
        let general = document(events, inlineLimit: limit, compact: compact, flat: false)
        let flat = document(events, inlineLimit: limit, compact: compact, flat: true)
        #expect(flat.text == general.text, "limit \(limit), compact \(compact)")
        if compact || limit <= 20 { #expect(flat.flatCount == 0) }
        let integer = document(
          events, inlineLimit: limit, compact: compact, flat: false, integer: true)
        #expect(integer.text == general.text, "integerNext, limit \(limit), compact \(compact)")
      }
    }
    // At limit 100 every event fits on its line (indent 6): all four are written flat.
    #expect(document(events, inlineLimit: 100, compact: false, flat: true).flatCount == 4)
    // At limit 70 the short events fit and the long ones fall back to `object`.
    #expect(document(events, inlineLimit: 70, compact: false, flat: true).flatCount == 2)
  }

  @Test func decimalLengthCountsTheSignAndEveryDigit() {
    var numbers = [0, 9, 10, -1, -10, 99_999, Int.max, Int.min]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      numbers += [power - 1, power, power + 1, -power]
    }
    // Below 10^8 the digits are made in one word: every length, and a sweep of the range.
    numbers += [12_345_678, -87_654_321, 10_203_040, 99_999_999, -100_000_000]
    numbers += Array(stride(from: 0, to: 100_000_000, by: 999_983))
    for number in numbers {
      #expect(JSONWriter.decimalLength(number) == String(number).utf8.count)
    }
    // The digits themselves, two at a time (`int`, `flatObject` and `integerNext` share them).
    let events = numbers.map { (frame: $0 & Int.max, value: $0) }
    let general = document(events, inlineLimit: 200, compact: false, flat: false)
    #expect(document(events, inlineLimit: 200, compact: false, flat: true).text == general.text)
    let integer = document(events, inlineLimit: 200, compact: false, flat: false, integer: true)
    #expect(integer.text == general.text)
    #expect(integer.flatCount == events.count)
    var writer = JSONWriter(compact: true)
    writer.array(numbers) { writer, number in writer.int(number) }
    #expect(writer.text == "[" + numbers.map { String($0) }.joined(separator: ", ") + "]")
  }
}
