// swift-tools-version:6.0
// A Swift program on the bowq store, as an app would use Core Data: the BowTies sample
// chapter's flow. `swift run` in this folder builds bowq from the repository around it.
import PackageDescription

let package = Package(
  name: "SwiftStore",
  dependencies: [.package(name: "bowq", path: "../..")],
  targets: [
    .executableTarget(name: "SwiftStore", dependencies: [.product(name: "BowQ", package: "bowq")])
  ]
)
