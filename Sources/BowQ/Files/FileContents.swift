import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a file, read into memory or mapped, with the fingerprint of the version
/// they are.
struct FileContents {
  /// The file's bytes.
  var data: Data
  /// The version read, taken before reading (so a change made while reading shows as a
  /// change the next time the file is compared).
  var fingerprint: FileFingerprint
  /// The mapping that holds ``data`` when the file was mapped rather than read; it lives as
  /// long as the bytes do.
  var mapping: LeasedFileMapping?

  /// The bytes `data` of the file version `fingerprint`, held by `mapping` when mapped.
  init(data: Data, fingerprint: FileFingerprint, mapping: LeasedFileMapping?) {
    self.data = data
    self.fingerprint = fingerprint
    self.mapping = mapping
  }

  /// Reads the file at `path`. A large file is mapped rather than read when
  /// `mappingLargeFiles` is set and the system allows (see ``LeasedFileMapping``).
  ///
  /// - Throws: ``FileError/missing(path:)`` when there is no file;
  ///   ``FileError/failed(path:step:reason:)`` with the system's message when it cannot be
  ///   opened or read.
  init(reading path: String, mappingLargeFiles: Bool = false) throws(FileError) {
    let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else {
      if errno == ENOENT { throw FileError.missing(path: path) }
      throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
    }
    defer { close(fd) }
    guard let fingerprint = FileFingerprint.of(descriptor: fd) else {
      throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
    }
    if mappingLargeFiles, let mapping = LeasedFileMapping.map(fd, size: Int(fingerprint.size)) {
      self.init(data: mapping.data, fingerprint: fingerprint, mapping: mapping)
      return
    }
    // Read straight into the buffer the caller decodes: a store can be hundreds of
    // megabytes, and a second copy would double the peak memory of opening it. One byte
    // more than the size shows the end without a second read when the file did not grow
    // meanwhile.
    var bytes = Data(count: max(Int(fingerprint.size), 0) + 1)
    var length = 0
    while true {
      if length == bytes.count { bytes.count += max(bytes.count, 1 << 20) }
      let count = bytes.withUnsafeMutableBytes { buffer in
        let free = UnsafeMutableRawBufferPointer(rebasing: buffer[length...])
        return SystemCall.retryingInterrupts { read(fd, free.baseAddress, free.count) }
      }
      if count < 0 {
        throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
      }
      if count == 0 {
        bytes.count = length
        self.init(data: bytes, fingerprint: fingerprint, mapping: nil)
        return
      }
      length += count
    }
  }
}
