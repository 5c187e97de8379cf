// swift-tools-version: 6.1
// The Swift peer of marbles-bench's pipeline workload: OpenCombine with combine-schedulers'
// TestScheduler, the virtual-time test scheduler Combine users reach for (RxSwift and RxTest,
// which issue 35 names, are not in this machine's package mirror). A package of its own, so
// Marbles itself keeps no dependencies; build it with
// `swift build -c release --package-path Benchmarks/Peers/Combine`.
import PackageDescription

let package = Package(
  name: "pipeline-combine",
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    .package(
      url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2",
      traits: ["OpenCombineSchedulers"]),
  ],
  targets: [
    .executableTarget(
      name: "pipeline-combine",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
