import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a regular file, read into memory or mapped, with the fingerprint of the
/// version they are. Everything bowq reads whole (a store, an imported property list,
/// `bowq plist FILE`) is read here, so that a directory, a device or a FIFO is refused with
/// one clear error rather than read forever or waited on.
public struct FileContents {
  /// The file's bytes.
  public var data: Data
  /// The version read, taken before reading (so a change made while reading shows as a
  /// change the next time the file is compared).
  public var fingerprint: FileFingerprint
  /// The mapping that holds ``data`` when the file was mapped rather than read; it lives as
  /// long as the bytes do.
  var mapping: LeasedFileMapping?

  /// The bytes `data` of the file version `fingerprint`, held by `mapping` when mapped.
  private init(data: Data, fingerprint: FileFingerprint, mapping: LeasedFileMapping?) {
    self.data = data
    self.fingerprint = fingerprint
    self.mapping = mapping
  }

  /// Reads the file at `path`. A large file is mapped rather than read when
  /// `mappingLargeFiles` is set and the system allows (see ``LeasedFileMapping``).
  ///
  /// Only a regular file is read (see ``OpenedFile``): a FIFO is not waited on.
  ///
  /// - Throws: ``FileError/missing(path:)`` when there is no file;
  ///   ``FileError/notAFile(path:kind:)`` for a directory, device, FIFO or socket;
  ///   ``FileError/failed(path:step:reason:)`` with the system's message when it cannot be
  ///   opened or read.
  public init(reading path: String, mappingLargeFiles: Bool = false) throws(FileError) {
    let file = try OpenedFile(reading: path)
    if mappingLargeFiles,
      let mapping = LeasedFileMapping.map(file.descriptor, size: Int(file.fingerprint.size))
    {
      self.init(data: mapping.data, fingerprint: file.fingerprint, mapping: mapping)
      return
    }
    let data = try Self.bytes(of: file, path: path)
    self.init(data: data, fingerprint: file.fingerprint, mapping: nil)
  }

  /// Every byte of `file`, the file at `path`, read straight into the buffer the caller
  /// decodes: a store can be hundreds of megabytes, and a second copy would double the peak
  /// memory of opening it. One byte more than the size shows the end without a second read
  /// when the file did not grow meanwhile.
  private static func bytes(of file: OpenedFile, path: String) throws(FileError) -> Data {
    var bytes = Data(count: max(Int(file.fingerprint.size), 0) + 1)
    var length = 0
    while true {
      if length == bytes.count { bytes.count += max(bytes.count, 1 << 20) }
      let count = bytes.withUnsafeMutableBytes { buffer in
        let free = UnsafeMutableRawBufferPointer(rebasing: buffer[length...])
        return SystemCall.retryingInterrupts { read(file.descriptor, free.baseAddress, free.count) }
      }
      if count < 0 {
        throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
      }
      if count == 0 {
        bytes.count = length
        return bytes
      }
      length += count
    }
  }
}
