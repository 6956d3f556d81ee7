import BowQ

extension Paging {
  /// Shows as ``show(_:)`` does, and adds to `waited` the nanoseconds of `stopwatch` spent
  /// waiting for the pager rather than making the text: the writes it held back while the
  /// person read, and the wait for it to end once the text was written. `.timer` leaves
  /// that time out, as it is the reader's, not the statement's.
  func show(
    timing stopwatch: @escaping () -> UInt64, waited: inout UInt64,
    _ body: (_ write: (String) -> Void) throws(Interrupted) -> Void
  ) throws(Interrupted) -> Pager.Outcome {
    var blocked: UInt64 = 0
    var bodyEnded: UInt64?
    defer {
      if let bodyEnded { blocked &+= stopwatch() &- bodyEnded }
      waited &+= blocked
    }
    return try show { write throws(Interrupted) in
      try withoutActuallyEscaping(write) { write throws(Interrupted) in
        try body { text in
          let start = stopwatch()
          write(text)
          blocked &+= stopwatch() &- start
        }
      }
      bodyEnded = stopwatch()
    }
  }
}
