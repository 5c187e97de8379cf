import CommitStamp

/// The version of Marbles, as printed by `marbles --version`.
public enum MarblesVersion {
  /// The semantic version string.
  public static let string = "0.1.0"
}

/// The commit `marbles` was built from (`CommitStamp` reads it when it compiles), or `unknown`.
let marblesCommit = String(cString: marbles_commit())
