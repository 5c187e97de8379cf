import Foundation

/// The `.marble` scripts of the end-to-end rows, written to a temporary folder.
enum Scripts {
  /// The pipeline workload as a script: a cold marble of `n` values `a` (= 1) through
  /// `map` → `filter` → `scan`, shown as one lane. `Benchmarks/peers.py` writes the same script.
  static func pipeline(_ n: Int) -> String {
    """
    let input = cold("\(String(repeating: "a", count: n))|", a: 1)
    let output = input.map { x in x * 10 }.filter { x in x % 3 != 0 }.scan(0) { acc, x in acc + x }
    show output

    """
  }

  /// `lanes` cold lanes over `frames` frames, lane k with a value every third frame from k % 3.
  static func render(lanes: Int, frames: Int) -> String {
    var script = ""
    for lane in 0..<lanes {
      var marble = String(repeating: "-", count: lane % 3)
      var frame = lane % 3
      while frame < frames {
        marble += frame + 3 <= frames ? "\(frame / 3 % 10)--" : "\(frame / 3 % 10)"
        frame += 3
      }
      marble += String(repeating: "-", count: max(0, frames - marble.count)) + "|"
      script += "let lane\(lane) = cold(\"\(marble)\")\n"
    }
    script += "show " + (0..<lanes).map { "lane\($0)" }.joined(separator: ", ") + "\n"
    return script
  }

  /// A small test script, different for each `i`: a cold source mapped, filtered and checked
  /// with two expectations (the size of a typical unit test of an operator).
  static func unitTest(_ i: Int) -> String {
    """
    title "unit \(i)"
    let input = cold("-a-b-c-|", a: \(i), b: \(i + 1), c: \(i + 2))
    let output = input.map { x in x * 2 }.filter { x in x % 4 != 0 }
    show output
    expect output == \(i % 2 == 0 ? "\"---b---|\", b: \(2 * i + 2)" : "\"-a---c-|\", a: \(2 * i), c: \(2 * i + 4)")
    expect subscriptions(input) == "^------!"

    """
  }

  /// Writes `count` unit test scripts into the folder `name` and returns its path.
  static func writeUnitTests(_ count: Int, folder name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-bench-\(getpid())").appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for i in 0..<count {
      try unitTest(i).write(
        to: folder.appendingPathComponent("unit-\(i).marble"), atomically: false, encoding: .utf8)
    }
    return folder.path
  }

  /// Writes `text` to `name` in the bench's temporary folder and returns its path.
  static func write(_ text: String, named name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// Removes the temporary folder.
  static func cleanUp() {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-bench-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
  }
}
