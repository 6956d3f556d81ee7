#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The helpers every system call of the file layer needs: retrying a call a signal
/// interrupted, writing a whole buffer, and the system's text for the error of the last one.
package enum SystemCall {
  /// Repeats a call that failed with EINTR.
  package static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// Writes all of `bytes` to `file`; returns 0, or the `errno` of the write that failed. A
  /// file that takes no byte of a write is as full as one that says so (`ENOSPC`).
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: Int32) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var written = 0
    while written < bytes.count {
      let result = retryingInterrupts { write(file, base + written, bytes.count - written) }
      if result < 0 { return errno }
      if result == 0 { return ENOSPC }
      written += result
    }
    return 0
  }

  /// Writes the UTF-8 bytes of `text` to `file` as the buffer's `writeAll` does, straight
  /// from the string's storage.
  @discardableResult
  package static func writeAll(_ text: String, to file: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: file) }
  }

  /// The system's text for `errno`, such as `No such file or directory`.
  package static func message() -> String {
    String(cString: strerror(errno))
  }
}
