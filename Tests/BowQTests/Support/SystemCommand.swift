import Foundation

/// Runs a system command (looked up in `PATH`, e.g. `mount`) with its output discarded, and
/// gives its exit status, or -1 when it cannot start.
@discardableResult
func runSystemCommand(_ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}
