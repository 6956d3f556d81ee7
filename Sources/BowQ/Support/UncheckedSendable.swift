/// A value handed to the threads of `DispatchQueue.concurrentPerform` that only read it, or
/// write only parts no other thread touches: the caller vouches for it, as the compiler
/// cannot (a decoder each thread copies, a buffer each fills a separate stretch of).
struct UncheckedSendable<Wrapped>: @unchecked Sendable {
  var value: Wrapped
}
