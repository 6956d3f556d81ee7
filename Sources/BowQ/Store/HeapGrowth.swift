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
/// until it is allocated.
///
/// Setting it also fixes the size from which glibc maps a block of its own rather than
/// carving it from a heap, which glibc otherwise raises to the largest mapped block freed so
/// far. So the size is set too, to 1 MiB: the buffers of a run of rows (a few hundred KiB)
/// come from the heaps, reused run after run, rather than each mapped and faulted in anew
/// (a fifth more page faults at a million ties), while a column's own buffer is still mapped
/// and given back whole when freed.
///
/// The previous settings (glibc's defaults, or `MALLOC_TOP_PAD_` and
/// `MALLOC_MMAP_THRESHOLD_` from the environment) are restored afterwards, so memory freed
/// later is returned to the system as before. `mallopt` is declared in `<malloc.h>`, which
/// Swift's Glibc module leaves out, so it is looked up by name; elsewhere than on glibc this
/// does nothing.
enum HeapGrowth {
  /// `M_TOP_PAD` in `<malloc.h>`.
  private static let topPad: Int32 = -2
  /// `M_MMAP_THRESHOLD` in `<malloc.h>`.
  private static let mmapThreshold: Int32 = -3
  /// The headroom asked for while decoding.
  private static let step: Int32 = 64 << 20
  /// The smallest block mapped on its own while decoding.
  private static let mappedBlock: Int32 = 1 << 20

  private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32

  static func inLargeSteps<T>(_ body: () throws -> T) rethrows -> T {
    #if canImport(Glibc)
      if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        func setting(_ name: String) -> Int32 {
          getenv(name).flatMap { Int32(String(cString: $0)) } ?? 128 << 10
        }
        let previous = [
          (topPad, setting("MALLOC_TOP_PAD_")), (mmapThreshold, setting("MALLOC_MMAP_THRESHOLD_")),
        ]
        _ = mallopt(topPad, step)
        _ = mallopt(mmapThreshold, mappedBlock)
        defer { for (option, value) in previous { _ = mallopt(option, value) } }
        return try body()
      }
    #endif
    return try body()
  }
}
