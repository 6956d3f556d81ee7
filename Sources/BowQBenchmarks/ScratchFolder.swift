import Dispatch
import Foundation

/// The folder a benchmark writes its stores and peers in, `bowq-NAME-bench-PID` in the
/// system's temporary folder: removed when the benchmark ends, and also when Ctrl-C
/// (SIGINT) or `kill` (SIGTERM) ends it first, which `defer` alone would not see.
struct ScratchFolder {
  /// The folder's path.
  let path: String
  /// The watches of SIGINT and SIGTERM that remove the folder before the process ends.
  private let signalSources: [DispatchSourceSignal]

  /// Makes the folder of the benchmark `name`, once a signal that ends the run removes it.
  init(_ name: String) throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bowq-\(name)-bench-\(getpid())").path
    self.path = path
    signalSources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        try? FileManager.default.removeItem(atPath: path)
        exit(128 + number)
      }
      // The watch starts on Dispatch's own thread: until then the signal is only ignored,
      // so the folder is made once it is in place.
      let registered = DispatchSemaphore(value: 0)
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      _ = registered.wait(timeout: .now() + 5)
      return source
    }
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Removes the folder and gives the signals back their default action.
  func remove() {
    for source in signalSources { source.cancel() }
    for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    try? FileManager.default.removeItem(atPath: path)
  }
}
