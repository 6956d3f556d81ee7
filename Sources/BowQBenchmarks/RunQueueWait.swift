import Foundation

/// The time the calling thread has spent ready to run but waiting for a CPU, as the
/// kernel counts it (the second field of `/proc/thread-self/schedstat`). A timed run that
/// waited a good part of its wall time was slowed by other work on the machine, not by
/// the code it measured; the queries benchmark prints that share beside its timings.
enum RunQueueWait {
  /// The thread's total wait so far, in seconds; nil where the kernel does not say.
  static func seconds() -> Double? {
    guard
      let text = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8)
    else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let nanoseconds = Double(fields[1]) else { return nil }
    return nanoseconds / 1e9
  }

  /// The wait since `before` (an earlier ``seconds()``), in seconds; 0 where the kernel
  /// does not say.
  static func since(_ before: Double?) -> Double {
    guard let before, let after = seconds() else { return 0 }
    return after - before
  }

  /// The wait of `body`, in seconds (0 where the kernel does not say), and its result.
  static func during<T>(_ body: () throws -> T) rethrows -> (waited: Double, result: T) {
    let before = seconds()
    let result = try body()
    return (since(before), result)
  }

  /// "waited N% of its time for a CPU", the share `waited` is of `total`.
  static func share(_ waited: Double, of total: Double) -> String {
    String(format: "%.0f%%", total > 0 ? 100 * waited / total : 0)
  }
}
