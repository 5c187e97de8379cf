/// The failures that the library's own operators produce.
///
///     self:                  -------
///     timeout(3, on: s):     ---#      # = SignalError.timedOut
///     empty.first():         #         # = SignalError.noElements
public enum SignalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The signal did not terminate within the frames `timeout` allowed (RAC
  /// `RACSignalErrorTimedOut`).
  case timedOut
  /// `first` or `last` found no (matching) value before completion (RxJS `EmptyError`).
  case noElements
  /// `elementAt` found fewer values than its index needs (RxJS `ArgumentOutOfRangeError`).
  case outOfRange
  /// `single` found a second matching value (RxJS `SequenceError`).
  case notSingle

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .timedOut: return "the signal timed out"
    case .noElements: return "the signal completed without a matching value"
    case .outOfRange: return "the signal completed before the value at the index"
    case .notSingle: return "the signal sent more than one matching value"
    }
  }
}
