import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `marbles test --junit FILE`: well-formed JUnit XML with one test case per `expect`.
@Suite struct JUnitTests {
  private func junit(_ arguments: [String]) throws -> (Binary.Output, XMLDocument) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-junit-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: file) }
    let output = try Binary.run(["test"] + arguments + ["--junit", file.path])
    let data = try Data(contentsOf: file)
    return (output, try XMLDocument(data: data, options: []))
  }

  @Test func oneTestCasePerExpectAndFailuresCarryTheDiff() throws {
    let (output, document) = try junit(["Fixtures/failing-expect.marble", "Fixtures/flow.marble"])
    #expect(output.exitCode == 1)
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let suites = root.elements(forName: "testsuite")
    #expect(
      suites.map { $0.attribute(forName: "name")?.stringValue } == [
        "Fixtures/failing-expect.marble", "Fixtures/flow.marble",
      ])
    // The summary line counts the same expectations as the XML's test cases.
    let cases = suites.flatMap { $0.elements(forName: "testcase") }
    let summary = try #require(output.stdout.split(separator: "\n").last)
    let numbers = summary.split(separator: " ").compactMap { Int($0) }
    #expect(numbers.count == 2)
    #expect(cases.count == numbers.reduce(0, +))
    let failures = cases.flatMap { $0.elements(forName: "failure") }
    #expect(failures.count == numbers.last)
    #expect(root.attribute(forName: "failures")?.stringValue == "\(failures.count)")
    let failure = try #require(failures.first)
    #expect(failure.stringValue?.contains("expected") == true)
    #expect(failure.attribute(forName: "message")?.stringValue?.isEmpty == false)
  }

  @Test func aScriptThatCannotRunIsAnError() throws {
    let (_, document) = try junit(["Fixtures/syntax-errors.marble"])
    let errors = try #require(document.rootElement()).elements(forName: "testsuite")
      .flatMap { $0.elements(forName: "testcase") }.flatMap { $0.elements(forName: "error") }
    #expect(errors.count == 1)
    #expect(errors.first?.stringValue?.contains("error:") == true)
  }
}
