import Foundation
import Marbles

/// libFuzzer entry point: the input bytes as a `.marble` script through the script parser, the
/// compiler and the interpreter, with small budgets so each input is bounded work. A crash, an
/// AddressSanitizer report or a timeout is a finding; any outcome is fine otherwise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  let options = RunOptions(
    maxFrames: 5_000,
    budgets: RunBudgets(maxEvents: 50_000, maxSubscriptions: 1_000, maxValueSize: 50_000))
  let outcome = ScriptEngine.run(SourceFile(name: "fuzz.marble", text: text), options: options)
  if case .failed(let diagnostics) = outcome,
    !diagnostics.contains(where: { $0.severity == .error })
  {
    fatalError("a failed run without an error diagnostic")
  }
  return 0
}
