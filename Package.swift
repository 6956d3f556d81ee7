// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bowq",
  products: [
    .executable(name: "bowq", targets: ["BowQCLI"]),
    .executable(name: "bowq-bench", targets: ["BowQBenchmarks"]),
    .library(name: "BowQ", targets: ["BowQ"]),
    .library(name: "BowQShell", targets: ["BowQShell"]),
  ],
  targets: [
    // The engine: model, object graph, predicate and statement languages, store. Foundation only.
    .target(name: "BowQ"),
    // libedit, found through pkg-config; Debian's libedit-dev provides it.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // The REPL and script runner: line reading, rendering, dot-commands.
    .target(name: "BowQShell", dependencies: ["BowQ", "CEditLine"]),
    // The `bowq` executable: the command-line parser and a call into BowQShell.
    .executableTarget(name: "BowQCLI", dependencies: ["BowQ", "BowQShell"]),
    // SQLite, the peer the predicate benchmark measures against; Debian's libsqlite3-dev.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // `make bench`: bowq against the tools a user would otherwise use, as ratios.
    .executableTarget(name: "BowQBenchmarks", dependencies: ["BowQ", "CSQLite"]),
    .testTarget(name: "BowQTests", dependencies: ["BowQ"]),
    .testTarget(name: "BowQShellTests", dependencies: ["BowQShell"]),
    // The command-line parser, tested inside the executable target.
    .testTarget(name: "BowQCLITests", dependencies: ["BowQCLI", "BowQShell"]),
    .testTarget(name: "EndToEndTests", dependencies: ["BowQCLI", "BowQ"]),
  ]
)
