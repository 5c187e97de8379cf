import Marbles

/// `marbles test --junit FILE`: the results as JUnit XML, the format CI dashboards read. One
/// `<testsuite>` per script, one `<testcase>` per `expect` (named by its lane and line); a script
/// that could not run is one test case with an `<error>`.
///
///     <testsuites tests="2" failures="1" errors="0">
///       <testsuite name="Examples/map.marble" tests="2" failures="1" errors="0">
///         <testcase classname="Examples/map.marble" name="expect output (line 4)"/>
///         <testcase classname="Examples/map.marble" name="expect subscriptions(input) (line 5)">
///           <failure message="…">…the aligned diff…</failure>
///         </testcase>
///       </testsuite>
///     </testsuites>
struct JUnitReport {
  struct Case {
    var name: String
    /// The failure text, if it failed.
    var failure: String?
    /// Whether the failure is an error (the script did not run) rather than a failed `expect`.
    var isError = false
  }

  /// The test cases of each script, in the order run.
  private(set) var suites: [(file: String, cases: [Case])] = []

  /// Adds `expectations` of `run` (the run's own by default), their failures drawn with the
  /// script's keys.
  mutating func add(file: String, run: ScriptRun, expectations: [ExpectationResult]? = nil) {
    let renderer = ExpectationDiffRenderer(keysOf: run)
    suites.append(
      (
        file,
        (expectations ?? run.expectations).map { result in
          Case(
            name: "expect \(result.lane) (line \(result.line))",
            failure: result.passed ? nil : renderer.render(result))
        }
      ))
  }

  /// Adds a script that could not be read or run.
  mutating func add(file: String, error: String) {
    suites.append((file, [Case(name: "run \(file)", failure: error, isError: true)]))
  }

  var xml: String {
    func counts(_ cases: [Case]) -> String {
      let failures = cases.filter { $0.failure != nil && !$0.isError }.count
      let errors = cases.filter(\.isError).count
      return "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    }
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<testsuites name=\"marbles test\" \(counts(suites.flatMap(\.cases)))>\n"
    for suite in suites {
      let file = escapeXML(suite.file, attribute: true)
      text += "  <testsuite name=\"\(file)\" \(counts(suite.cases))>\n"
      for testCase in suite.cases {
        text +=
          "    <testcase classname=\"\(file)\" name=\"\(escapeXML(testCase.name, attribute: true))\""
        guard let failure = testCase.failure else {
          text += "/>\n"
          continue
        }
        let tag = testCase.isError ? "error" : "failure"
        let headline = failure.split(separator: "\n").first.map(String.init) ?? failure
        text += ">\n      <\(tag) message=\"\(escapeXML(headline, attribute: true))\">"
        text += escapeXML(failure) + "</\(tag)>\n    </testcase>\n"
      }
      text += "  </testsuite>\n"
    }
    return text + "</testsuites>\n"
  }
}
