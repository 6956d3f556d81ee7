#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two helpers every system call of the file layer needs: retrying a call a signal
/// interrupted, and the system's text for the error of the last one.
enum SystemCall {
  /// Repeats a call that failed with EINTR.
  static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// The system's text for `errno`, such as `No such file or directory`.
  static func message() -> String {
    String(cString: strerror(errno))
  }
}
