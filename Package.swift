// swift-tools-version: 6.0
import PackageDescription

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `logs/HEAD` in the checkout's git folder (which a worktree's `.git` file names), where
/// `CommitStamp` reads the commit `marbles --version` names: no build step runs git, so a package
/// that depends on Marbles builds nothing for it. The path does not change with the commit.
func headLog(of package: String) -> String {
  #if canImport(Glibc) || canImport(Darwin)
    var line = [CChar](repeating: 0, count: 4096)
    if let file = fopen(package + "/.git", "r") {
      defer { fclose(file) }
      if fgets(&line, 4096, file) != nil, case let text = String(cString: &line),
        text.hasPrefix("gitdir: ")
      {
        let folder = text.dropFirst(8).filter { $0 != "\n" }
        return (folder.hasPrefix("/") ? "" : package + "/") + folder + "/logs/HEAD"
      }
    }
  #endif
  return package + "/.git/logs/HEAD"
}

// No package dependencies: only the Swift toolchain (Foundation, Dispatch, XCTest, Swift Testing).
// That is a product decision — Marbles goes into people's test targets.
let package = Package(
  name: "Marbles",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Reactive", targets: ["Reactive"]),
    .library(name: "ReactiveRxJS", targets: ["ReactiveRxJS"]),
    .library(name: "Marbles", targets: ["Marbles"]),
    .library(name: "MarblesTesting", targets: ["MarblesTesting"]),
    .executable(name: "marbles", targets: ["marbles-cli"]),
  ],
  targets: [
    // What a signal sends and what a recording logs (`Event`, `SubscriptionLog`, `RecordLog`),
    // and `Lock`: all `MarblesCore` needs of the signal library (not Foundation), so the two
    // build side by side. Not a product: `Reactive` re-exports it.
    .target(name: "ReactiveEvents"),
    .target(name: "Reactive", dependencies: ["ReactiveEvents"]),
    // RxJS 7's operators and its semantics of names ReactiveObjC also uses, on top of
    // `Reactive` (ReactiveObjC's signal library): for `use rxjs` scripts and apps that want them.
    .target(name: "ReactiveRxJS", dependencies: ["Reactive"]),
    // What test authors and script embedders share: marble strings, recordings, the diff and
    // the renderers of its picture. Not a product: `MarblesTesting` and `Marbles` export it.
    .target(name: "MarblesCore", dependencies: ["ReactiveEvents"]),
    // For test authors: the test scheduler, `expectMarbles`, the async layer. No interpreter.
    .target(name: "MarblesTesting", dependencies: ["MarblesCore", "Reactive"]),
    // For programs that embed scripts: the script language, the engine, its catalogue.
    .target(name: "Marbles", dependencies: ["MarblesCore", "Reactive", "ReactiveRxJS"]),
    // The tools of the `marbles` executable (not a product): the commands, the language
    // server, the formatter, the update rewriter, `explain`, `step`.
    .target(
      name: "MarblesCLI", dependencies: ["CommitStamp", "Marbles", "MarblesCore", "Reactive"]),
    // The commit `marbles --version` names, read from git's log of HEAD when it compiles.
    .target(
      name: "CommitStamp",
      cxxSettings: [.define("MARBLES_HEAD_LOG", to: "\"\(headLog(of: Context.packageDirectory))\"")]
    ),
    .executableTarget(name: "marbles-cli", dependencies: ["MarblesCLI", "Marbles"]),
    // Measure with `swift run -c release marbles-bench` (see Benchmarks/README.md).
    .executableTarget(
      name: "marbles-bench",
      dependencies: ["Marbles", "MarblesCLI", "MarblesCore", "MarblesTesting", "Reactive"],
      path: "Benchmarks/Sources/marbles-bench"
    ),
    .testTarget(
      name: "ReactiveTests", dependencies: ["Reactive", "ReactiveEvents", "ReactiveRxJS"]),
    // The one golden-file check both Marbles test targets use (`RECORD_SNAPSHOTS=1` re-records).
    .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
    .testTarget(
      name: "MarblesTests",
      dependencies: [
        "GoldenFiles", "Marbles", "MarblesCLI", "MarblesCore", "MarblesTesting", "Reactive",
      ],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "MarblesCLITests",
      dependencies: ["GoldenFiles", "marbles-cli"],
      exclude: ["Snapshots", "Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
