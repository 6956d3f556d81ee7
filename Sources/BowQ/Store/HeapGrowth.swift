import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Lets the C allocator grow its heaps in large steps while a store is decoded.
///
/// glibc gives each thread that allocates its own arena and grows an arena's heap 128 KiB
/// at a time, one `mprotect` call (and one change to the process's memory map) per step.
/// Decoding a million objects on several threads allocates about a gigabyte in small pieces,
/// and those calls took a fifth of the time. Asking for 64 MiB of headroom per step
/// (`mallopt(M_TOP_PAD, …)`) removes them; the headroom is address space, not memory used,
/// until it is allocated. The previous setting (glibc's default, or `MALLOC_TOP_PAD_` from
/// the environment) is restored afterwards, so memory freed later is returned to the system
/// as before. `mallopt` is declared in `<malloc.h>`, which Swift's Glibc module leaves out,
/// so it is looked up by name; elsewhere than on glibc this does nothing.
enum HeapGrowth {
  /// `M_TOP_PAD` in `<malloc.h>`.
  private static let topPad: Int32 = -2
  /// The headroom asked for while decoding.
  private static let step: Int32 = 64 << 20

  private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32

  static func inLargeSteps<T>(_ body: () throws -> T) rethrows -> T {
    #if canImport(Glibc)
      if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let previous =
          ProcessInfo.processInfo.environment["MALLOC_TOP_PAD_"].flatMap { Int32($0) }
          ?? 128 << 10
        _ = mallopt(topPad, step)
        defer { _ = mallopt(topPad, previous) }
        return try body()
      }
    #endif
    return try body()
  }
}
