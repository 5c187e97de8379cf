import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JUnit writer stays well-formed whatever a failure message holds.
@Suite struct JUnitReportTests {
  @Test func markupAndControlCharactersAreEscaped() throws {
    var report = JUnitReport()
    let nasty = "a <b> & \"c\" 'd'\u{1B}[31m\r\n\u{0}"
    report.add(
      file: "x<&>.marble", run: ScriptRun(file: "x<&>.marble"),
      expectations: [
        ExpectationResult(
          line: 1, column: 1, lane: "out<put>" + nasty, passed: false,
          mismatch: ExpectationMismatch(
            expected: [.next(.string(nasty), at: 1)],
            differences: [
              .init(frame: 1, kind: .missing, expected: [.next(.string(nasty), at: 1)], actual: [])
            ])),
        ExpectationResult(line: 2, column: 1, lane: "ok", passed: true),
      ])
    report.add(file: "y.marble", error: "error: \u{7}bad")
    let document = try XMLDocument(data: Data(report.xml.utf8), options: [])
    let root = try #require(document.rootElement())
    #expect(root.attribute(forName: "tests")?.stringValue == "3")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
    let names = cases.map { $0.attribute(forName: "name")?.stringValue ?? "" }
    #expect(names.count == 3)
    #expect(names.first?.hasPrefix("expect out<put>a <b> & \"c\" 'd'") == true)
    #expect(names.dropFirst() == ["expect ok (line 2)", "run y.marble"])
    let failure = try #require(cases.first?.elements(forName: "failure").first)
    #expect(
      failure.stringValue?.hasPrefix(
        "expectation failed for 'out<put>a <b> & \"c\" 'd'\\u{1b}[31m\\r\\n\\u{0}'") == true)
  }

  /// A newline or tab in an attribute is a character reference: XML readers turn a raw one
  /// into a space, and the message would lose its lines.
  @Test func attributesKeepTheirNewlines() throws {
    var report = JUnitReport()
    report.add(file: "a\nb.marble", error: "error: first line\tx\nsecond")
    let xml = report.xml
    #expect(xml.contains("<testsuite name=\"a&#10;b.marble\""))
    #expect(xml.contains("name=\"run a&#10;b.marble\""))
    #expect(xml.contains("message=\"error: first line&#9;x\""))
    let document = try XMLDocument(data: Data(xml.utf8), options: [])
    let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "name")?.stringValue == "a\nb.marble")
  }
}
