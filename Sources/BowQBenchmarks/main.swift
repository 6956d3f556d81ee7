import Foundation

/// `bowq-bench [predicates] [--count N] [--runs N]`: measures bowq against the peers a
/// user would otherwise use, in one run, and prints the ratios.
var count = 1_000_000
var runs = 5
var bowqOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--count": count = arguments.popFirst().flatMap(Int.init) ?? count
  case "--runs": runs = arguments.popFirst().flatMap(Int.init) ?? runs
  case "predicates": break
  case "--bowq-only": bowqOnly = true
  default:
    FileHandle.standardError.write(Data("usage: bowq-bench [predicates] [--count N] [--runs N] [--bowq-only]\n".utf8))
    exit(2)
  }
}
do {
  if bowqOnly {
    try PredicateBenchmark.profile(count: count, runs: runs)
  } else {
    try PredicateBenchmark.run(count: count, runs: runs)
  }
} catch {
  FileHandle.standardError.write(Data("bowq-bench: \(error)\n".utf8))
  exit(1)
}
