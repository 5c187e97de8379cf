import Foundation
import Testing

@testable import Marbles

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JUnit writer stays well-formed whatever a failure message holds.
@Suite struct JUnitReportTests {
  @Test func markupAndControlCharactersAreEscaped() throws {
    var report = JUnitReport()
    let nasty = "a <b> & \"c\" 'd'\u{1B}[31m\r\n\u{0}"
    report.add(
      file: "x<&>.marble",
      expectations: [
        ExpectationResult(line: 1, column: 1, lane: "out<put>", passed: false, message: nasty),
        ExpectationResult(line: 2, column: 1, lane: "ok", passed: true),
      ])
    report.add(file: "y.marble", error: "error: \u{7}bad")
    let document = try XMLDocument(data: Data(report.xml.utf8), options: [])
    let root = try #require(document.rootElement())
    #expect(root.attribute(forName: "tests")?.stringValue == "3")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == [
        "expect out<put> (line 1)", "expect ok (line 2)", "run y.marble",
      ])
    let failure = try #require(cases.first?.elements(forName: "failure").first)
    #expect(failure.stringValue == "a <b> & \"c\" 'd'\u{FFFD}[31m\r\n\u{FFFD}")
  }
}
