import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes buffers to a file on a thread of its own, one at a time, so that whoever makes the
/// bytes goes on making the next ones while the system copies the last ones into the file.
///
/// The caller hands over a buffer with ``write(_:to:)`` and leaves it untouched, but for
/// reading, until ``wait()`` returns; it waits before handing over the next one, so writes
/// reach the file in order.
final class WriteBehind: @unchecked Sendable {
  private let queue = DispatchQueue(label: "bowq.write-behind")
  private let done = DispatchGroup()
  /// The `errno` of the write in progress or just ended (0: none); read after `done`.
  private var error: Int32 = 0

  /// Starts writing all of `bytes` to `file`.
  func write(_ bytes: UnsafeRawBufferPointer, to file: Int32) {
    let address = UInt(bitPattern: bytes.baseAddress)
    let count = bytes.count
    done.enter()
    queue.async { [self] in
      error = SystemCall.writeAll(
        UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count),
        to: file)
      done.leave()
    }
  }

  /// Waits for the write started last, if any; returns 0, or the `errno` of its failure.
  func wait() -> Int32 {
    done.wait()
    defer { error = 0 }
    return error
  }
}
