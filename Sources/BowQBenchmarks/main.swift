import Foundation

/// `bowq-bench [predicates|queries|engine|hierarchy|store|coredata] [--count N] [--runs N]`: measures bowq
/// against the peers a user would otherwise use, in one run, and prints the ratios.
/// `bowq-bench peer …` and `bowq-bench coredata-peer …` are one measured operation of the store
/// and Core Data benchmarks, and `bowq-bench query-child …` bowq's side of the queries
/// benchmark, each run by its benchmark as a child process.
var count = 1_000_000
var runs = 5
var bowqOnly = false
var store = false
var queries = false
var engine = false
var hierarchy = false
var coreData = false
var countWasGiven = false
var runsWereGiven = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--count":
    count = arguments.popFirst().flatMap(Int.init) ?? count
    countWasGiven = true
  case "--runs":
    runs = arguments.popFirst().flatMap(Int.init) ?? runs
    runsWereGiven = true
  case "predicates": break
  case "store": store = true
  case "queries": queries = true
  case "engine": engine = true
  case "hierarchy": hierarchy = true
  case "coredata": coreData = true
  case "coredata-peer":
    do {
      try CoreDataBenchmark.peer(Array(arguments))
    } catch {
      FileHandle.standardError.write(Data("bowq-bench coredata-peer: \(error)\n".utf8))
      exit(1)
    }
  case "peer":
    do {
      try StorePeer.run(Array(arguments))
    } catch {
      FileHandle.standardError.write(Data("bowq-bench peer: \(error)\n".utf8))
      exit(1)
    }
  case "query-child":
    do {
      try QueryChild.run(Array(arguments))
    } catch {
      FileHandle.standardError.write(Data("bowq-bench query-child: \(error)\n".utf8))
      exit(1)
    }
  case "--bowq-only": bowqOnly = true
  default:
    FileHandle.standardError.write(
      Data(
        "usage: bowq-bench [predicates|queries|engine|hierarchy|store|coredata] [--count N] [--runs N] [--bowq-only]\n"
          .utf8))
    exit(2)
  }
}
do {
  if coreData {
    try CoreDataBenchmark.run(
      count: countWasGiven ? count : CoreDataBenchmark.defaultCount, runs: runsWereGiven ? runs : 5)
  } else if queries {
    try QueryBenchmark.run(count: count, runs: runsWereGiven ? runs : 5, bowqOnly: bowqOnly)
  } else if hierarchy {
    try HierarchyBenchmark.run(
      count: countWasGiven ? count : HierarchyBenchmark.defaultCount,
      runs: runsWereGiven ? runs : 5)
  } else if engine {
    try EngineBenchmark.run(count: count, runs: runsWereGiven ? runs : 3)
  } else if store {
    try StoreBenchmark.run(
      counts: countWasGiven ? [count] : StoreBenchmark.defaultCounts,
      runs: runsWereGiven ? runs : 3)
  } else if bowqOnly {
    try PredicateBenchmark.profile(count: count, runs: runs)
  } else {
    try PredicateBenchmark.run(count: count, runs: runs)
  }
} catch {
  FileHandle.standardError.write(Data("bowq-bench: \(error)\n".utf8))
  exit(1)
}
