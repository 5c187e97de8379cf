import Foundation
import Testing

/// Scripts that recurse or run away: each stops with one located error and exit 1, never a
/// stack overflow (exit 139 with nothing printed) or a hang.
@Suite struct RunawayTranscriptTests {
  @Test(arguments: [
    "recursion-self-apply", "recursion-defer", "recursion-catch", "recursion-then",
    "recursion-switchmap", "recursion-map", "recursion-concat-defer",
    "recursion-startwith-defer",
  ])
  func recursionStopsWithALocatedError(script: String) throws {
    let output = try Binary.run(["render", "Fixtures/\(script).marble"])
    try expectTranscript(output, named: "render-\(script)")
    #expect(output.exitCode == 1)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("error: recursion deeper than 10000 calls"))
  }

  /// A script of `count` `let`s after `first`, each made from the one before (`link(i)` is
  /// line i), then `last`.
  static func chain(first: String, count: Int, link: (Int) -> String, last: String) -> Data {
    var script = first + "\n"
    for index in 1..<count { script += link(index) + "\n" }
    return Data((script + last + "\n").utf8)
  }

  /// 12,000 closures, each calling the one before (12,000 nested calls), and 12,000 signals,
  /// each mapping the one before (subscribing the last subscribes them all).
  @Test func chainsDeeperThanTheBoundStop() throws {
    let closures = Self.chain(
      first: "let f0 = { x in x }", count: 12_000,
      link: { "let f\($0) = { x in f\($0 - 1)(x) }" }, last: "let r = f11999(1)")
    let signals = Self.chain(
      first: "let s0 = cold(\"a|\")", count: 12_000, link: { "let s\($0) = s\($0 - 1).map { $0 }" },
      last: "show s11999")
    for (name, script) in [("closure-chain", closures), ("signal-chain", signals)] {
      let output = try Binary.run(["render", "-"], stdin: script)
      try expectTranscript(output, named: "render-recursion-\(name)")
      #expect(output.exitCode == 1)
    }
  }

  /// A chain below the bound still runs.
  @Test func shallowChainRuns() throws {
    let script = Self.chain(
      first: "let s0 = cold(\"0|\")", count: 500,
      link: { "let s\($0) = s\($0 - 1).map { $0 + 1 }" },
      last: "expect s499 == \"x|\", x: 499")
    let output = try Binary.run(["test", "-"], stdin: script)
    #expect(output.exitCode == 0)
    #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"))
  }
}
