import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

/// `cmd.internals` shows what the command's own graph observes, so its lanes never contradict
/// each other: checked at the end of every frame of every command example, and of the
/// concurrent case that used to draw the serial branch.
@Suite struct CommandInternalsConsistencyTests {
  /// The `Examples/command-*.marble` scripts.
  static let examples: [String] = {
    let directory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix("command-") && $0.hasSuffix(".marble") }.sorted()
      .map { directory.appendingPathComponent($0).path }
  }()

  @Test func thereAreCommandExamples() {
    #expect(Self.examples.count >= 10)
  }

  @Test(arguments: examples)
  func internalsAgreeInEveryExample(path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try checkConsistency(of: text, name: URL(fileURLWithPath: path).lastPathComponent)
  }

  @Test func theConcurrentCommandDrawsTheConcurrentBranch() throws {
    let text = """
      let cmd = Command(allowsConcurrentExecution: true) { x in x == "A" ? cold("---|") : cold("----|") }
      cmd.execute("A", at: 1)
      cmd.execute("B", at: 2)
      show cmd.internals
      expect cmd.moreExecutionsAllowed == "t------", t: true
      expect cmd.immediateEnabled == "t------", t: true
      expect cmd.enabled == "t------", t: true
      expect cmd.inFlight == "012-1-0"
      """
    expectPasses(text)
    try checkConsistency(of: text, name: "concurrent")
  }

  @Test func aConcurrentCommandSetLaterSwitchesBranches() throws {
    let text = """
      let cmd = Command { x in cold("---|") }
      cmd.setAllowsConcurrentExecution(true, at: 2)
      cmd.execute("A", at: 1)
      cmd.execute("B", at: 3)
      show cmd.internals
      expect cmd.moreExecutionsAllowed == "tft", t: true, f: false
      expect cmd.enabled == "tft", t: true, f: false
      """
    expectPasses(text)
  }

  /// Runs `text` with `show X.internals` added for every `let X = Command…`, then checks, at
  /// the end of every frame: `enabled == immediateEnabled`, `executing == immediateExecuting`,
  /// `immediateExecuting == inFlight > 0`, `immediateEnabled` implies `moreExecutionsAllowed`
  /// (it is their AND with the user's enabled signal), and, unless the script calls the
  /// setter (whose quirk starts a fresh counter), `moreExecutionsAllowed == concurrent ||
  /// inFlight == 0`.
  private func checkConsistency(of text: String, name: String) throws {
    let bindings = commandBindings(in: text)
    #expect(!bindings.isEmpty, "\(name): no command")
    let shows = bindings.map { "show \($0.name).internals" }.joined(separator: "\n")
    let run = try #require(completedRun(text + "\n" + shows + "\n"))
    let usesSetter = text.contains("setAllowsConcurrentExecution")
    for binding in bindings {
      let lane = { (lane: String) in run.lane("\(binding.name).\(lane)") }
      let inFlight = try #require(lane("inFlight"))
      let immediateExecuting = try #require(lane("immediateExecuting"))
      let more = try #require(lane("moreExecutionsAllowed"))
      let immediateEnabled = try #require(lane("immediateEnabled"))
      let enabled = try #require(lane("enabled"))
      let executing = try #require(lane("executing"))
      for frame in 0...run.lastFrame {
        let at = "\(name): \(binding.name) at frame \(frame)"
        let count = try #require(value(inFlight, at: frame).flatMap(int), "\(at): inFlight")
        let isExecuting = try #require(value(immediateExecuting, at: frame).flatMap(bool) as Bool?)
        let moreAllowed = try #require(value(more, at: frame).flatMap(bool) as Bool?)
        let isImmediatelyEnabled = try #require(
          value(immediateEnabled, at: frame).flatMap(bool) as Bool?)
        #expect(value(enabled, at: frame).flatMap(bool) == isImmediatelyEnabled, "\(at): enabled")
        #expect(value(executing, at: frame).flatMap(bool) == isExecuting, "\(at): executing")
        #expect(isExecuting == (count > 0), "\(at): immediateExecuting vs inFlight")
        #expect(!isImmediatelyEnabled || moreAllowed, "\(at): immediateEnabled vs more")
        if !usesSetter {
          #expect(
            moreAllowed == (binding.concurrent || count == 0), "\(at): moreExecutionsAllowed")
        }
      }
    }
  }

  /// The commands a script makes: each `let NAME = Command…`, and whether it passes
  /// `allowsConcurrentExecution: true`.
  private func commandBindings(in text: String) -> [(name: String, concurrent: Bool)] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 4, words[0] == "let", words[2] == "=",
        words[3].hasPrefix("Command")
      else { return nil }
      return (String(words[1]), line.contains("allowsConcurrentExecution: true"))
    }
  }

  /// The lane's last value at or before `frame`.
  private func value(_ lane: TimelineLane, at frame: Int) -> TimelineValue? {
    lane.events.last { $0.frame <= frame && $0.kind == .next }?.value
  }

  private func int(_ value: TimelineValue) -> Int? {
    if case .int(let n) = value { return n }
    return nil
  }

  private func bool(_ value: TimelineValue) -> Bool? {
    if case .bool(let b) = value { return b }
    return nil
  }
}
