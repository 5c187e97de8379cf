import Foundation
import Testing

/// `marbles run --format json` checked field by field: its keys and shapes are a contract.
@Suite struct JSONContractTests {
  func object(_ value: Any?, _ context: String) throws -> [String: Any] {
    try #require(value as? [String: Any], "\(context) is an object")
  }

  func array(_ value: Any?, _ context: String) throws -> [Any] {
    try #require(value as? [Any], "\(context) is an array")
  }

  /// The NSNumber type code: "c" for JSON booleans, "d"/"f" for decimals, others for integers.
  func typeCode(_ value: Any?) -> String? {
    (value as? NSNumber).map { String(cString: $0.objCType) }
  }

  /// A JSON integer (not a Boolean, not a decimal).
  func isInteger(_ value: Any?) -> Bool {
    guard let code = typeCode(value) else { return false }
    return !["c", "d", "f"].contains(code)
  }

  /// A JSON Boolean.
  func isBoolean(_ value: Any?) -> Bool { typeCode(value) == "c" }

  /// `recorded`: the event happened in the run (not an expected one), so it has a sequence.
  func checkEvent(_ value: Any, _ context: String, recorded: Bool = false) throws {
    let event = try object(value, context)
    #expect(isInteger(event["frame"]), "\(context).frame is an integer")
    let kind = try #require(event["kind"] as? String)
    #expect(["next", "error", "completed"].contains(kind))
    switch kind {
    case "next": #expect(event.keys.contains("value") && !event.keys.contains("error"))
    case "error": #expect(event.keys.contains("error") && !event.keys.contains("value"))
    default: #expect(event.keys.sorted().filter { $0 != "sequence" } == ["frame", "kind"])
    }
    // A recorded event's place in its frame's work: a whole number from 0.
    if recorded || event["sequence"] != nil {
      #expect(isInteger(event["sequence"]), "\(context).sequence is an integer")
    }
  }

  @Test func runOutputFollowsTheContract() throws {
    let output = try Binary.run(["run", "--format", "json", "Fixtures/flow.marble"])
    #expect(output.exitCode == 0)
    let root = try object(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)), "the document")
    #expect(root["file"] as? String == "Fixtures/flow.marble")
    #expect(root["title"] as? String == "save flow")
    let frames = try object(root["frames"], "frames")
    #expect(isInteger(frames["first"]) && isInteger(frames["last"]))

    let lanes = try array(root["lanes"], "lanes")
    let names = try lanes.map { try #require(object($0, "lane")["name"] as? String) }
    #expect(
      names == [
        "clicks", "save.added", "save.inFlight", "save.immediateExecuting",
        "save.moreExecutionsAllowed", "save.immediateEnabled", "save.enabled", "save.executing",
        "save.executionSignals", "save.errors", "results", "ch.following", "failing.errors",
      ])
    for case let lane as [String: Any] in lanes {
      #expect(lane["label"] is String)
      let subscription = try object(lane["subscription"], "subscription")
      #expect(isInteger(subscription["subscribed"]))
      #expect(subscription["unsubscribed"] is NSNull || isInteger(subscription["unsubscribed"]))
      for event in try array(lane["events"], "events") {
        try checkEvent(event, "event", recorded: true)
      }
    }
    let byName = Dictionary(
      uniqueKeysWithValues: lanes.compactMap { lane -> (String, [String: Any])? in
        guard let lane = lane as? [String: Any], let name = lane["name"] as? String else {
          return nil
        }
        return (name, lane)
      })
    // Labels: the `as` text, or the name.
    #expect(byName["results"]?["label"] as? String == "latest results")
    // A `subscribed` window.
    let following = try object(byName["ch.following"]?["subscription"], "subscription")
    #expect(following["subscribed"] as? Int == 2 && following["unsubscribed"] as? Int == 9)
    // Integers stay integers, booleans are booleans.
    let inFlight = try array(byName["save.inFlight"]?["events"], "events")
    #expect(isInteger(try object(inFlight.first, "event")["value"]))
    let executing = try array(byName["save.executing"]?["events"], "events")
    #expect(isBoolean(try object(executing.first, "event")["value"]))
    // An inner signal with absolute frames.
    let added = try array(byName["save.added"]?["events"], "events")
    let inner = try object(
      try object(try object(added.first, "event")["value"], "value")["signal"], "signal")
    #expect(inner["subscribed"] as? Int == 2)
    for event in try array(inner["events"], "inner events") { try checkEvent(event, "inner event") }
    #expect(
      try array(inner["events"], "inner events").compactMap {
        ($0 as? [String: Any])?["frame"] as? Int
      } == [4, 5])
    // An error used as a value.
    let errors = try array(byName["failing.errors"]?["events"], "events")
    let errorValue = try object(try object(errors.first, "event")["value"], "value")
    #expect(errorValue["error"] as? String == "offline")

    let subscriptions = try object(root["subscriptions"], "subscriptions")
    let clicks = try array(subscriptions["clicks"], "clicks")
    #expect(clicks.count == 2)
    for case let window as [String: Any] in clicks {
      #expect(isInteger(window["subscribed"]))
      #expect(window["unsubscribed"] is NSNull || isInteger(window["unsubscribed"]))
    }

    let expectations = try array(root["expectations"], "expectations")
    #expect(expectations.count == 4)
    for case let expectation as [String: Any] in expectations {
      #expect(isInteger(expectation["line"]))
      #expect(expectation["lane"] is String)
      #expect(expectation["passed"] as? Bool == true)
    }
    #expect(try array(root["diagnostics"], "diagnostics").isEmpty)
  }

  @Test func aFailedExpectationCarriesExpectedAndActual() throws {
    let output = try Binary.run(["run", "Fixtures/failing-expect.marble"])
    let root = try object(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)), "root")
    let expectations = try array(root["expectations"], "expectations")
    let failed = try object(expectations.first, "expectation")
    #expect(failed["passed"] as? Bool == false)
    for event in try array(failed["expected"], "expected") { try checkEvent(event, "expected") }
    for event in try array(failed["actual"], "actual") {
      try checkEvent(event, "actual", recorded: true)
    }
  }

  @Test func errorsArePrintedAsDiagnosticsToo() throws {
    let output = try Binary.run(["run", "--format", "json", "Fixtures/unknown-name.marble"])
    #expect(output.exitCode == 1)
    let root = try object(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)), "root")
    let diagnostics = try array(root["diagnostics"], "diagnostics")
    let first = try object(diagnostics.first, "diagnostic")
    #expect(first["severity"] as? String == "error")
    #expect(isInteger(first["line"]) && isInteger(first["column"]))
    #expect((first["message"] as? String)?.contains("did you mean") == true)
  }

  @Test func severalFilesGiveAnArrayInArgumentOrder() throws {
    let output = try Binary.run(["run", "Fixtures/flow.marble", "Fixtures/failing-expect.marble"])
    let documents = try array(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)), "root")
    #expect(
      documents.compactMap { ($0 as? [String: Any])?["file"] as? String }
        == ["Fixtures/flow.marble", "Fixtures/failing-expect.marble"])
  }
}
