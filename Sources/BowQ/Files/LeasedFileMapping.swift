import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A large store file mapped into memory for decoding, protected by a read lease.
///
/// Reading a store of a million objects into a buffer keeps all its bytes (about 300 MB)
/// resident until the last object is decoded, on top of the graph being built. Mapped, the
/// bytes are pages of the kernel's file cache: ``releaseResidentPages()`` drops them from
/// the process (`madvise(MADV_DONTNEED)`) as decoding moves on, and any page touched again
/// is mapped again from the cache, so peak memory is the graph plus a window of the file
/// (``FileMapping`` keeps a scattered read from mapping more of it than the pages around it).
///
/// A mapped file that another program truncates makes the next read of a lost page raise
/// `SIGBUS`, which would end the process. A read lease (`F_SETLEASE`) rules that out: while
/// it is held, the kernel makes any program that opens the file for writing or truncates
/// it wait (up to `/proc/sys/fs/lease-break-time`, 45 s by default) until the lease is
/// given up, which happens when decoding ends and the mapping goes. The kernel signals a
/// lease holder when someone waits; the lease is set to signal with `SIGURG`, which is
/// ignored unless a program asks for it, rather than the default `SIGIO`, which would end
/// the process.
///
/// The lease can be refused: the file is open for writing elsewhere, the user does not own
/// it (without `CAP_LEASE`), or its file system has no leases. Then ``map(_:size:)`` gives
/// nil and the caller reads the file into memory instead.
final class LeasedFileMapping: @unchecked Sendable {
  /// Files smaller than this are read into memory: mapping them saves little.
  static let minimumSize = 16 << 20

  #if os(Linux)
    /// `F_SETLEASE`, `F_SETSIG` and `F_GETLEASE` from `<fcntl.h>` (Linux), which Swift's Glibc module
    /// leaves out because they need `_GNU_SOURCE`.
    private static let setLease: Int32 = 1024
    private static let setSignal: Int32 = 10
    private static let getLease: Int32 = 1025
  #endif

  private let mapping: FileMapping
  /// A duplicate of the caller's descriptor, which holds the lease until ``deinit``.
  private let descriptor: Int32

  private init(_ mapping: FileMapping, descriptor: Int32) {
    self.mapping = mapping
    self.descriptor = descriptor
  }

  /// Maps the `size` bytes of the file open read-only on `descriptor` under a read lease,
  /// or gives nil when the file is small or cannot be leased or mapped (see above).
  static func map(_ descriptor: Int32, size: Int) -> LeasedFileMapping? {
    #if os(Linux)
      guard size >= minimumSize else { return nil }
      let leased = dup(descriptor)
      guard leased >= 0 else { return nil }
      // Once the lease is held the size cannot change; it is checked again after taking it,
      // since the file may have been truncated just before.
      var status = stat()
      guard fcntl(leased, setSignal, SIGURG) == 0, fcntl(leased, setLease, Int32(F_RDLCK)) == 0,
        fstat(leased, &status) == 0, status.st_size == size,
        let mapping = FileMapping(leased, length: size)
      else {
        close(leased)
        return nil
      }
      return LeasedFileMapping(mapping, descriptor: leased)
    #else
      return nil
    #endif
  }

  deinit {
    #if os(Linux)
      _ = fcntl(descriptor, Self.setLease, Int32(F_UNLCK))
    #endif
    close(descriptor)
  }

  /// The file's bytes, without a copy; the mapping lives as long as they do.
  var data: Data {
    Data(
      bytesNoCopy: mapping.base, count: mapping.length,
      deallocator: .custom { [self] _, _ in _ = self })
  }

  /// The file's bytes, in place: valid as long as the mapping lives.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: mapping.base, count: mapping.length)
  }

  /// Whether the mapping holds its read lease, taking it again when the kernel broke it
  /// (another program waited to write for `lease-break-time`): while it is held, no program
  /// writes or truncates the file, so bytes read under it are the version mapped once the
  /// caller checked the file is still that version. False when it cannot be taken again (the
  /// file is open for writing elsewhere).
  func holdsLease() -> Bool {
    #if os(Linux)
      return fcntl(descriptor, Self.getLease) == Int32(F_RDLCK)
        || fcntl(descriptor, Self.setLease, Int32(F_RDLCK)) == 0
    #else
      return false
    #endif
  }

  /// Drops the file's pages from the process's memory; they stay in the file cache and are
  /// mapped again when read.
  func releaseResidentPages() {
    mapping.releaseResidentPages()
  }
}
