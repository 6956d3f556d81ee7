// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bowq",
  products: [
    .executable(name: "bowq", targets: ["BowQCLI"]),
    .executable(name: "bowq-bench", targets: ["BowQBenchmarks"]),
    .executable(name: "bowq-bench-meter", targets: ["BowQChildMeter"]),
    .library(name: "BowQ", targets: ["BowQ"]),
    .library(name: "BowQShell", targets: ["BowQShell"]),
  ],
  targets: [
    // The engine: model, object graph, predicate and statement languages, store. Foundation,
    // and SQLite and zlib to read the Core Data SQLite stores of apps (their model cache is
    // DEFLATE-compressed).
    .target(
      name: "BowQ", dependencies: ["CSQLite", "CZlib"],
      resources: [.embedInCode("Sample/SampleData.plist")]),
    // zlib, found through pkg-config; Debian's zlib1g-dev provides it.
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
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
    // SQLite, which Core Data stores are and the predicate benchmark measures against;
    // Debian's libsqlite3-dev.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // `make bench`: bowq against the tools a user would otherwise use, as ratios.
    .executableTarget(name: "BowQBenchmarks", dependencies: ["BowQ", "CSQLite"]),
    // A small C program the benchmarks run each measured process through, to take that
    // process's own peak memory (see its main.c).
    .executableTarget(name: "BowQChildMeter"),
    // CZlib and CSQLite write the compressed data and Core Data–shaped stores tests read.
    .testTarget(name: "BowQTests", dependencies: ["BowQ", "CZlib", "CSQLite"]),
    .testTarget(name: "BowQShellTests", dependencies: ["BowQShell"]),
    // The command-line parser, tested inside the executable target.
    .testTarget(name: "BowQCLITests", dependencies: ["BowQCLI", "BowQShell"]),
    .testTarget(name: "EndToEndTests", dependencies: ["BowQCLI", "BowQ"]),
  ]
)
