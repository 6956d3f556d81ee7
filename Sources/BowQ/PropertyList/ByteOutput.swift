import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A growable byte buffer that hands its bytes to `Data` without copying them: the single
/// buffer a binary property list is written into.
///
/// It is noncopyable, so exactly one owner frees the memory: the buffer while it lives, or
/// the `Data` returned by ``data()``. Large buffers grow with `realloc`, which on Linux moves
/// pages instead of copying them, and ask for huge pages (``preferHugePages(_:_:)``).
struct ByteOutput: ~Copyable {
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = Self.allocate(self.capacity)
    Self.preferHugePages(start, self.capacity)
  }

  deinit {
    free(start)
  }

  private static func allocate(_ size: Int) -> UnsafeMutableRawPointer {
    guard let memory = malloc(size) else { fatalError("out of memory allocating \(size) bytes") }
    return memory
  }

  /// Makes room for `extra` more bytes plus the 8 that a word store may touch past them.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra + 8 > capacity { grow(toAtLeast: count + extra + 8) }
  }

  private mutating func grow(toAtLeast minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    guard let moved = realloc(start, newCapacity) else {
      fatalError("out of memory growing a buffer to \(newCapacity) bytes")
    }
    start = moved
    capacity = newCapacity
    Self.preferHugePages(start, capacity)
  }

  /// The smallest buffer worth backing with huge pages.
  private static let hugePageThreshold = 4 << 20

  /// Asks the kernel to back the whole pages of a large buffer with huge pages (2 MB on
  /// x86-64), where it does so only when asked: writing a store of hundreds of megabytes
  /// then takes a few hundred page faults instead of a hundred thousand. Only a hint;
  /// memory is not touched, and a kernel that declines changes nothing.
  private static func preferHugePages(_ start: UnsafeMutableRawPointer, _ capacity: Int) {
    #if os(Linux)
      guard capacity >= hugePageThreshold else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      guard page > 0 else { return }
      let first = (Int(bitPattern: start) + page - 1) / page * page
      let end = (Int(bitPattern: start) + capacity) / page * page
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, end - first, MADV_HUGEPAGE)
    #endif
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  /// The low `size` bytes (1 to 8) of `value`, most significant first.
  @inline(__always)
  mutating func append(bigEndian value: UInt64, size: Int) {
    reserve(size)
    let word = size == 8 ? value : value << UInt64(64 - 8 * size)
    start.storeBytes(of: word.bigEndian, toByteOffset: count, as: UInt64.self)
    count += size
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress {
      (start + count).copyMemory(from: source, byteCount: bytes.count)
    }
    count += bytes.count
  }

  /// Drops the bytes from `newCount` on.
  mutating func truncate(to newCount: Int) {
    count = newCount
  }

  /// The bytes written from `position` on.
  func bytes(from position: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: start + position, count: count - position)
  }

  /// The bytes written, as `Data` that now owns the memory.
  consuming func data() -> Data {
    let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
    discard self
    return data
  }
}
