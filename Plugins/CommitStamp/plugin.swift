import Foundation
import PackagePlugin

/// Writes `Commit.swift` (`let marblesCommit = "…"`) before each build: the commit the package
/// is built from (`git describe --always --dirty`), or `unknown` outside a git checkout, so that
/// `marbles --version` names it. The file is rewritten only when the commit changes (else the
/// target would be compiled again at every build).
@main
struct CommitStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "Stamp")
    let file = output.appending(path: "Commit.swift").path
    let package = context.package.directoryURL.path
    let script = """
      mkdir -p "$2"
      commit=$(git -C "$1" describe --always --dirty --abbrev=12 2>/dev/null | tr -cd 'a-z0-9-')
      [ -n "$commit" ] || commit=unknown
      line="let marblesCommit = \\"$commit\\""
      [ "$(cat "$3" 2>/dev/null)" = "$line" ] || printf '%s\\n' "$line" > "$3"
      """
    return [
      .prebuildCommand(
        displayName: "Stamping the commit into marbles --version",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "stamp", package, output.path, file],
        outputFilesDirectory: output)
    ]
  }
}
