import Foundation

/// The error `Command.execute(_:)` returns while the command is disabled (RACCommand's
/// `RACCommandErrorNotEnabled`).
///
/// It bridges to `NSError` with domain `RACCommandErrorDomain`, code 1, the localized
/// description "The command is disabled and cannot be executed", and the command under
/// `RACUnderlyingCommandErrorKey`.
public struct CommandError: Error, CustomNSError, LocalizedError, CustomStringConvertible,
  @unchecked Sendable
{
  // Invariant: immutable; `command` is only compared by identity.

  public static let domain = "RACCommandErrorDomain"
  /// `RACCommandErrorNotEnabled`.
  public static let notEnabledCode = 1
  /// The user-info key under which the command is stored.
  public static let underlyingCommandKey = "RACUnderlyingCommandErrorKey"

  /// The error code (always `notEnabledCode` today).
  public let code: Int
  /// The command that refused to execute.
  public let command: AnyObject

  /// What `execute` fails with while `command` is not enabled.
  public static func notEnabled(_ command: AnyObject) -> CommandError {
    CommandError(code: notEnabledCode, command: command)
  }

  public static var errorDomain: String { domain }
  public var errorCode: Int { code }
  /// The localized description and the command.
  public var errorUserInfo: [String: Any] {
    [
      NSLocalizedDescriptionKey: "The command is disabled and cannot be executed",
      Self.underlyingCommandKey: command,
    ]
  }
  public var errorDescription: String? { "The command is disabled and cannot be executed" }
  /// The domain, code and description.
  public var description: String {
    "\(Self.domain) \(code): The command is disabled and cannot be executed"
  }
}
