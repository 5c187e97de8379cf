/// The failure that `#` stands for when a marble gives no other error value.
///
///     ts.cold("--#")                                  // fails with MarbleError("error")
///     ts.cold("--#", error: MarbleError("timeout"))
public struct MarbleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text of the error.
  public var message: String

  /// Creates an error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// `MarbleError("message")`.
  public var description: String { "MarbleError(\(String(reflecting: message)))" }
}
