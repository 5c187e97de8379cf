// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: only the Swift toolchain (Foundation, Dispatch, XCTest, Swift Testing).
// That is a product decision — Marbles goes into people's test targets.
let package = Package(
  name: "Marbles",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Reactive", targets: ["Reactive"]),
    .library(name: "Marbles", targets: ["Marbles"]),
    .library(name: "MarblesTesting", targets: ["MarblesTesting"]),
    .executable(name: "marbles", targets: ["marbles-cli"]),
  ],
  targets: [
    .target(name: "Reactive"),
    .target(name: "Marbles", dependencies: ["Reactive"]),
    .target(name: "MarblesTesting", dependencies: ["Marbles", "Reactive"]),
    // The command-line tool, apart from the library that goes into people's test targets.
    // `marbles --version` names the commit: CommitStamp writes it before each build.
    .target(
      name: "MarblesCLI", dependencies: ["Marbles", "Reactive"],
      plugins: [.plugin(name: "CommitStamp")]),
    .plugin(name: "CommitStamp", capability: .buildTool()),
    .executableTarget(name: "marbles-cli", dependencies: ["MarblesCLI", "Marbles"]),
    // Measure with `swift run -c release marbles-bench` (see Benchmarks/README.md).
    .executableTarget(
      name: "marbles-bench",
      dependencies: ["Marbles", "Reactive"],
      path: "Benchmarks/Sources/marbles-bench"
    ),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
    .testTarget(
      name: "MarblesTests",
      dependencies: ["Marbles", "MarblesCLI", "MarblesTesting", "Reactive"],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "MarblesCLITests",
      dependencies: ["marbles-cli"],
      exclude: ["Snapshots", "Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
