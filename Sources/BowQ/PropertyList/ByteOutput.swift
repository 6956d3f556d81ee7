import Foundation

/// A growable byte buffer that hands its bytes to `Data` without copying them: the single
/// buffer a binary property list is written into.
///
/// It is noncopyable, so exactly one owner frees the memory: the buffer while it lives, or
/// the `Data` returned by ``data()``. Large buffers grow with `realloc`, which on Linux moves
/// pages instead of copying them.
struct ByteOutput: ~Copyable {
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = Self.allocate(self.capacity)
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
