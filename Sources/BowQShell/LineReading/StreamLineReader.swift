import BowQ
import Glibc

/// Reads lines with no prompt and no line editing: a pipe, a redirected file, a script,
/// or a string in a test.
///
/// Input is read in large chunks, never a byte at a time. Lines end at LF; the CR of a
/// CRLF is dropped, a UTF-8 byte order mark at the very start is skipped, and a last line
/// without a line ending is still returned. Bytes that are not UTF-8 become U+FFFD, and the
/// first of them in a line is kept as ``invalidByte``.
public struct StreamLineReader: LineReader {
  /// Where more bytes come from; `nil` once everything is in `buffer`.
  private var fileDescriptor: Int32?
  /// The script file being read, which the reader keeps open until its end; nil for a
  /// descriptor of the caller's or a string.
  private var file: OpenedFile?
  /// The version of the script file read (its device and inode tell it among others); nil
  /// for a descriptor of the caller's or a string.
  public let source: FileFingerprint?
  private let chunkSize: Int
  private var buffer: [UInt8]
  /// The first byte not yet returned.
  private var start = 0
  /// How many bytes from `start` are known to hold no line feed.
  private var scanned = 0
  private var isAtBeginning = true
  public private(set) var invalidByte: InvalidByte?

  /// Reads from an open file descriptor, such as `STDIN_FILENO`. The descriptor stays open.
  ///
  /// A read error ends the input as the end of the file does. A read interrupted by
  /// Ctrl-C (see ``Interrupt``) returns ``LineInput/interrupted``.
  public init(fileDescriptor: Int32, chunkSize: Int = 64 * 1024) {
    self.fileDescriptor = fileDescriptor
    self.chunkSize = max(1, chunkSize)
    self.buffer = []
    self.source = nil
  }

  /// Reads the lines of a string.
  public init(text: String) {
    self.fileDescriptor = nil
    self.chunkSize = 1
    self.buffer = Array(text.utf8)
    self.source = nil
  }

  /// Reads the lines of the script file at `path` as they are needed, a chunk at a time as
  /// from a descriptor: a script is never loaded whole.
  ///
  /// Only a regular file is read (see ``OpenedFile``): a directory, a device (`/dev/zero`)
  /// or a FIFO is refused before anything reads it, and a FIFO is not waited on.
  ///
  /// - Throws: ``FileError`` when the file cannot be opened (missing, no permission) or is
  ///   not a regular file.
  public init(contentsOfFile path: String, chunkSize: Int = 64 * 1024) throws(FileError) {
    let file = try OpenedFile(reading: path)
    self.init(fileDescriptor: file.descriptor, chunkSize: chunkSize, file: file)
  }

  /// Reads from the descriptor of `file`, which the reader keeps open until the end.
  private init(fileDescriptor: Int32, chunkSize: Int, file: OpenedFile) {
    self.fileDescriptor = fileDescriptor
    self.chunkSize = max(1, chunkSize)
    self.buffer = []
    self.file = file
    self.source = file.fingerprint
  }

  /// Returns the next line; the prompt is not shown.
  public mutating func readLine(prompt: String) -> LineInput {
    if Interrupt.isRequested { return .interrupted }
    while true {
      if let newline = nextLineFeed() {
        let line = decode(start..<newline)
        start = newline + 1
        scanned = 0
        return .line(line)
      }
      guard fileDescriptor != nil else {
        guard start < buffer.count else { return .endOfInput }
        let line = decode(start..<buffer.count)
        start = buffer.count
        return .line(line)
      }
      switch fill() {
      case .filled: continue
      case .interrupted: return .interrupted
      case .ended, .failed:
        fileDescriptor = nil
        file = nil
      }
    }
  }

  /// Always for a string or a file; from a pipe, once bytes of the next line (or its end)
  /// have arrived.
  public mutating func hasLineWaiting() -> Bool {
    guard let descriptor = fileDescriptor, start == buffer.count else { return true }
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, 0) != 0
  }

  /// Streams have no history.
  public mutating func addToHistory(_ statement: String) {}

  /// The position of the next line feed at or after `start`, scanning each byte once.
  private mutating func nextLineFeed() -> Int? {
    let from = start + scanned
    let found = buffer.withUnsafeBytes { bytes -> Int? in
      guard from < bytes.count, let base = bytes.baseAddress,
        let hit = memchr(base + from, 0x0A, bytes.count - from)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(hit))
    }
    if found == nil { scanned = buffer.count - start }
    return found
  }

  /// The text of the bytes in `range`, without a trailing CR or a leading byte order mark.
  private mutating func decode(_ range: Range<Int>) -> String {
    var bytes = buffer[range]
    if isAtBeginning {
      isAtBeginning = false
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    }
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    let text = String(decoding: bytes, as: UTF8.self)
    invalidByte = text.unicodeScalars.contains("\u{FFFD}") ? InvalidByte.first(in: bytes) : nil
    return text
  }

  private enum FillResult {
    case filled
    case ended
    case interrupted
    case failed(Int32)
  }

  /// Appends the next chunk of the file to `buffer`, first dropping the bytes already
  /// returned.
  private mutating func fill() -> FillResult {
    guard let descriptor = fileDescriptor else { return .ended }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let oldCount = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunkSize))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + oldCount, chunkSize)
      }
      if count > 0 {
        buffer.removeLast(chunkSize - count)
        return .filled
      }
      let number = errno
      if count < 0, number == EINTR, !Interrupt.isRequested { continue }
      buffer.removeLast(chunkSize)
      if count == 0 { return .ended }
      return number == EINTR ? .interrupted : .failed(number)
    }
  }
}
