import MarblesCore
import Reactive

/// A problem for a test to report: a failed expectation, or a diagnostic about a marble string.
public struct MarbleIssue: Hashable, Sendable, CustomStringConvertible {
  /// Whether the issue fails the test.
  public enum Severity: Hashable, Sendable {
    /// Fails the test.
    case error
    /// Reported; the test still passes.
    case warning
  }

  /// Whether the issue fails the test.
  public var severity: Severity
  /// The full text, possibly several lines.
  public var message: String
  /// For a failed timeline comparison: expected over actual as an SVG document, which
  /// `expectMarbles` attaches to the Swift Testing issue (`expected-vs-actual.svg`).
  public var picture: String?

  public init(_ severity: Severity, _ message: String, picture: String? = nil) {
    self.severity = severity
    self.message = message
    self.picture = picture
  }

  public var description: String { message }
}
