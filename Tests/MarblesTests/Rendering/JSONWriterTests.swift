import Testing

@testable import Marbles

@Suite struct JSONWriterTests {
  @Test func escapesControlCharactersQuotesAndBackslashesOnly() {
    let text = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h\u{7F}é😀"
    #expect(
      JSONValue.string(text).compact == #""a\"b\\c\nd\re\tf\u0001g\u001fh"# + "\u{7F}é😀\"")
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
