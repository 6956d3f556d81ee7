import Foundation

/// A growable byte buffer: the single buffer a binary property list is written into, either
/// handed whole to `Data` without copying (``init(capacity:)``, ``data()``) or written to a
/// file as it fills (``init(writingTo:)``, ``finishWriting()``).
///
/// It is noncopyable, so exactly one owner frees the memory: the buffer while it lives, or
/// the `Data` returned by ``data()``. Large buffers grow with `realloc`, which on Linux moves
/// pages instead of copying them.
///
/// Writing to a file keeps a few megabytes in memory instead of the whole file: a store of a
/// million objects is 325 MB, which a buffer would first fault in page by page and `write`
/// would then copy again. Bytes are written out only between scalars (``flushIfFull()``), so
/// the scalar being written is always whole in the buffer; an earlier one is compared in
/// place (``Reader``), through a read-only mapping of what the file holds so far. A full
/// buffer is written out on a thread of its own (``WriteBehind``) while a second one fills:
/// copying a store into the file takes about as long as making it.
struct ByteOutput: ~Copyable {
  /// The buffer: the bytes from ``flushed`` on.
  private var start: UnsafeMutableRawPointer
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0
  /// The file the bytes go to, or nil when they stay in memory.
  private let file: Int32?
  /// The bytes before the buffer's first, in the file or being written to it (none in
  /// memory).
  private var flushed = 0
  /// What writes the file's full buffers out; nil in memory.
  private let writer: WriteBehind?
  /// The buffer being written out, or to be filled next: its bytes from ``outgoingStart`` to
  /// ``flushed`` are being written.
  private var outgoing: UnsafeMutableRawPointer?
  private var outgoingCapacity = 0
  /// Where the bytes being written out start: every byte before it is in the file.
  private var outgoingStart = 0
  /// The mapping of the file that earlier objects are read through (nil until one is), of
  /// which only the first ``outgoingStart`` bytes are read.
  private var view: FileMapping?
  /// The `errno` of the first write to the file that failed (0: none); the bytes after it
  /// stay in memory.
  private var failure: Int32 = 0

  /// How full the buffer of a file grows before its bytes are written out.
  private static let flushSize = 4 << 20

  /// An empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = Self.allocate(self.capacity)
    file = nil
    writer = nil
  }

  /// An empty buffer whose bytes go to `file`, open for reading and writing at its start
  /// and empty; the caller closes it after ``finishWriting()``.
  init(writingTo file: Int32) {
    capacity = 2 * Self.flushSize
    start = Self.allocate(capacity)
    outgoingCapacity = capacity
    outgoing = Self.allocate(outgoingCapacity)
    self.file = file
    writer = WriteBehind()
  }

  deinit {
    // A write still going on reads the buffer it was given.
    _ = writer?.wait()
    free(start)
    free(outgoing)
  }

  private static func allocate(_ size: Int) -> UnsafeMutableRawPointer {
    guard let memory = malloc(size) else { fatalError("out of memory allocating \(size) bytes") }
    return memory
  }

  /// Makes room for `extra` more bytes plus the 8 that a word store may touch past them.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count - flushed + extra + 8 > capacity { grow(toAtLeast: count - flushed + extra + 8) }
  }

  private mutating func grow(toAtLeast minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    guard let moved = realloc(start, newCapacity) else {
      fatalError("out of memory growing a buffer to \(newCapacity) bytes")
    }
    start = moved
    capacity = newCapacity
  }

  /// Where the next byte goes.
  @inline(__always)
  private var end: UnsafeMutableRawPointer { start + (count - flushed) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    end.storeBytes(of: byte, as: UInt8.self)
    count += 1
  }

  /// The low `size` bytes (1 to 8) of `value`, most significant first.
  @inline(__always)
  mutating func append(bigEndian value: UInt64, size: Int) {
    reserve(size)
    let word = size == 8 ? value : value << UInt64(64 - 8 * size)
    end.storeBytes(of: word.bigEndian, as: UInt64.self)
    count += size
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress {
      end.copyMemory(from: source, byteCount: bytes.count)
    }
    count += bytes.count
  }

  /// Drops the bytes from `newCount` on, which are still in the buffer (written since the
  /// last ``flushIfFull()``).
  mutating func truncate(to newCount: Int) {
    precondition(newCount >= flushed, "only bytes still in the buffer are dropped")
    count = newCount
  }

  /// The bytes written from `position` on, which are still in the buffer (written since the
  /// last ``flushIfFull()``).
  func bytes(from position: Int) -> UnsafeRawBufferPointer {
    precondition(position >= flushed, "only bytes still in the buffer are read this way")
    return UnsafeRawBufferPointer(start: start + (position - flushed), count: count - position)
  }

  /// Writes the buffer out to the file once it holds ``flushSize`` bytes; never to be called
  /// while a scalar is being written (containers are never compared, so a large one may be
  /// written out in parts). Does nothing for a buffer in memory.
  mutating func flushIfFull() {
    if file != nil, count - flushed >= Self.flushSize { flush() }
  }

  /// Hands the full buffer to the writer, once the one it was writing is in the file, and
  /// goes on in the other.
  private mutating func flush() {
    guard let file, let writer, let empty = outgoing else { return }
    finishOutgoing()
    guard failure == 0 else { return }
    let full = start
    start = empty
    outgoing = full
    swap(&capacity, &outgoingCapacity)
    outgoingStart = flushed
    writer.write(UnsafeRawBufferPointer(start: full, count: count - flushed), to: file)
    flushed = count
    // The pages of the file read to compare objects are the file's, not the process's: let
    // go of them with each write, to be read again if compared again.
    view?.releaseResidentPages()
  }

  /// Waits for the buffer being written out: from then on every byte before ``flushed`` is
  /// in the file, or ``failure`` says why not.
  private mutating func finishOutgoing() {
    guard let writer else { return }
    let error = writer.wait()
    if failure == 0 { failure = error }
    outgoingStart = flushed
  }

  /// Reads the bytes written so far, earlier objects included, in place.
  struct Reader {
    fileprivate let buffer: UnsafeRawPointer
    fileprivate let flushed: Int
    fileprivate let count: Int
    fileprivate let outgoing: UnsafeRawPointer?
    fileprivate let outgoingStart: Int
    fileprivate let view: UnsafeRawPointer?

    /// Whether the bytes from `position` on (which start an object written before) begin
    /// with `object`, the object being written.
    @inline(__always)
    func holds(_ object: UnsafeRawBufferPointer, at position: Int) -> Bool {
      guard let base = object.baseAddress else { return true }
      // The bytes are in three stretches: the file, the buffer being written out, and the
      // buffer. An object lies in one, and one that is not the object being written is not
      // read past the end of its stretch (which could be past the file's end).
      let (bytes, from, end): (UnsafeRawPointer?, Int, Int) =
        position >= flushed
        ? (buffer, flushed, count)
        : position >= outgoingStart ? (outgoing, outgoingStart, flushed) : (view, 0, outgoingStart)
      guard let bytes, position + object.count <= end else { return false }
      return memcmp(bytes + (position - from), base, object.count) == 0
    }
  }

  /// A reader of every byte written so far: it maps what the file holds when the last
  /// mapping does not cover it (an object in the file is then never found equal when the
  /// file cannot be mapped: it is written again, which is still a valid property list).
  mutating func reader() -> Reader {
    if let file, view?.length ?? 0 < outgoingStart {
      view = nil
      view = FileMapping(file, length: max(outgoingStart * 2, 64 << 20))
    }
    return Reader(
      buffer: start, flushed: flushed, count: count,
      outgoing: outgoing.map { UnsafeRawPointer($0) },
      outgoingStart: outgoingStart, view: view.map { UnsafeRawPointer($0.base) })
  }

  /// The bytes written, as `Data` that now owns the memory. For a buffer in memory.
  consuming func data() -> Data {
    precondition(file == nil, "the bytes of a file are in the file")
    let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
    // The memory is the data's now: what the output frees is a byte of its own.
    start = Self.allocate(1)
    return data
  }

  /// A write to the output's file that failed.
  struct WriteFailure: Error {
    /// The system's message.
    var reason: String
  }

  /// Throws once a write to the file has failed, so that the caller stops making bytes
  /// that will not be written; does nothing for a buffer in memory.
  func checkWriting() throws(WriteFailure) {
    if failure != 0 { throw WriteFailure(reason: String(cString: strerror(failure))) }
  }

  /// Writes the rest of the bytes to the file; throws when a write failed.
  consuming func finishWriting() throws(WriteFailure) {
    flush()
    finishOutgoing()
    try checkWriting()
  }
}
