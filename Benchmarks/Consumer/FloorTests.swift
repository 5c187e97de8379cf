// The floor of `measure.sh floor`: ConsumerTests.swift's Swift Testing skeleton (one suite,
// three tests, an expectation each) with no dependency on Marbles. What a clean build of it
// costs (the manifest, planning, Swift Testing's macros, the generated test-discovery and runner
// targets, the link) is what any consumer pays, whatever it imports.
import Testing

@Suite struct ConsumerTests {
  @Test func multipliesEveryValue() throws {
    let output = [1, 2].map { $0 * 10 }
    #expect(output == [10, 20])
  }

  @Test func forwardsFailure() throws {
    let output = [1].map { $0 * 10 }
    #expect(output == [10])
  }

  @Test func commandRunsOnTheVirtualMainQueue() throws {
    let executing = [true, false]
    #expect(executing == [true, false])
  }
}
