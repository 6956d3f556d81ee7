import Foundation

/// A store file opened for reading its objects when they are needed: its bytes (mapped
/// under a read lease when large, see ``LeasedFileMapping``), its trailer, model, keys and
/// column layout checked (``StoreDecoder/open(_:externalData:releaseInput:order:)``), and
/// no value read until an entity or some of its columns are asked for.
///
/// Before any column is read, the file is checked to be the version opened
/// (``StoreFingerprint``): one another program changed or replaced since is refused with
/// ``StoreError/changedWhileOpen(path:loaded:found:)``, so values of two versions never
/// mix. A mapped file is read under its lease, taken again when the kernel broke it for a
/// program waiting to write, so the check holds for the whole read. A file removed or moved
/// aside is still read: the bytes held are the version opened.
///
/// A class because it owns the bytes, which live as long as it does. Reads take turns
/// (``read(_:)`` holds a lock), so that the session's statements and the kept indexes taken
/// into use while a shell waits for input (``KeptIndexPreparation``) may read it from two
/// threads.
final class OpenedStoreFile: @unchecked Sendable {
  /// The store file, as the caller named it, for errors.
  let path: String
  /// The version of the file opened, taken before reading it.
  let fingerprint: StoreFingerprint
  /// The file the path led to when it was opened, compared before each read.
  private let realPath: String
  private let mapping: LeasedFileMapping?
  /// The bytes of a file read rather than mapped, owned here so that the decoder's view
  /// of them stays in place.
  private let copy: UnsafeMutableRawBufferPointer?
  private var decoder: StoreDecoder
  /// Held while the decoder reads, which changes what it has cached.
  private let reading = NSLock()

  /// Opens the store file at `path`. Throws as ``StoreFile/load(from:)`` does for what the
  /// open checks; a damaged value is found only when read.
  init(path: String) throws {
    let real = try StoreFile.resolve(path, saving: false).realPath
    let file: FileContents
    do {
      file = try FileContents(reading: real, mappingLargeFiles: true)
    } catch {
      throw StoreError(error, reading: path)
    }
    let bytes: UnsafeRawBufferPointer
    if let mapping = file.mapping {
      bytes = mapping.bytes
      copy = nil
    } else {
      let owned = UnsafeMutableRawBufferPointer.allocate(
        byteCount: file.data.count, alignment: MemoryLayout<UInt64>.alignment)
      owned.copyBytes(from: file.data)
      bytes = UnsafeRawBufferPointer(owned)
      copy = owned
    }
    self.path = path
    self.realPath = real
    self.fingerprint = file.fingerprint
    self.mapping = file.mapping
    do {
      decoder = try Self.reporting(path) {
        try StoreDecoder.open(
          bytes, externalData: ExternalDataFolder(store: real),
          releaseInput: file.mapping?.releaseResidentPages)
      }
    } catch {
      copy?.deallocate()
      throw error
    }
    // The pages read for the layout (the keys, the model) are not needed again.
    file.mapping?.releaseResidentPages()
  }

  deinit {
    copy?.deallocate()
  }

  /// Called with the entity and column of each column decoded, once its values are all read
  /// and checked (``StoreDecoder/decodedColumn``).
  var decodedColumn: ((_ entity: String, _ column: String) -> Void)? {
    get { reading.withLock { decoder.decodedColumn } }
    set { reading.withLock { decoder.decodedColumn = newValue } }
  }

  /// The model the store holds.
  var model: Model { reading.withLock { decoder.model } }

  /// The graph the store holds, every entity decoded, once the file is checked to be the
  /// version opened.
  func decodeGraph() throws -> ObjectGraph {
    try read { decoder in try decoder.decodeGraph() }
  }

  /// The graph the store holds with no key or value read yet: next keys and kept indexes,
  /// every key and column still in the file (``StoreDecoder/undecodedGraph(readIndex:)``).
  ///
  /// A kept index's positions are read from the file when the index is first used, once the
  /// file is checked to be the version opened; when it is not, or this file is gone, the
  /// index is not used (and is built instead).
  func undecodedGraph() -> ObjectGraph {
    let file = WeakReference(self)
    return reading.withLock {
      decoder.undecodedGraph { location in
        (try? file.object?.read { decoder in decoder.keptEntries(at: location) }) ?? nil
      }
    }
  }

  /// The columns `slots` of the entity `name`, as
  /// ``StoreDecoder/decodeColumns(_:ofEntityNamed:)`` gives them, once the file is checked
  /// to be the version opened.
  func decodeColumns(_ slots: [Int], ofEntityNamed name: String) throws -> [Column]? {
    try read { decoder in
      try HeapGrowth.inLargeSteps { try decoder.decodeColumns(slots, ofEntityNamed: name) }
    }
  }

  /// What `part` makes of the columns of `slots` of the entity `name`, a run of rows at a
  /// time, joined in row order, as ``StoreDecoder/readRuns(_:ofEntityNamed:into:part:append:)``
  /// reads them, once the file is checked to be the version opened.
  func readRuns<Part, Joined>(
    _ slots: [Int], ofEntityNamed name: String, into joined: Joined,
    part: @escaping (Range<Int>, [Column]) throws -> Part,
    append: @escaping (inout Joined, Part) -> Void
  ) throws -> Joined? {
    try read { decoder in
      try decoder.readRuns(slots, ofEntityNamed: name, into: joined, part: part, append: append)
    }
  }

  /// The values of the object at row `position` of the entity `name`, as
  /// ``StoreDecoder/decodeRow(_:ofEntityNamed:)`` gives them, once the file is checked to be
  /// the version opened.
  func decodeRow(_ position: Int, ofEntityNamed name: String) throws -> [Value]? {
    try read { decoder in try decoder.decodeRow(position, ofEntityNamed: name) }
  }

  /// The keys of the entity `name`, and whether they ascend, as
  /// ``StoreDecoder/decodeKeys(ofEntityNamed:)`` gives them, once the file is checked to be
  /// the version opened.
  func decodeKeys(ofEntityNamed name: String) throws -> (keys: [Int64], ascend: Bool)? {
    try read { decoder in try decoder.decodeKeys(ofEntityNamed: name) }
  }

  /// Runs `body` on the decoder once the file is checked to be the version opened, with
  /// errors named after the file as a load names them; one read at a time.
  private func read<T>(_ body: (inout StoreDecoder) throws -> T) throws -> T {
    reading.lock()
    defer { reading.unlock() }
    if let mapping, !mapping.holdsLease() {
      throw StoreError.unreadable(
        path: path,
        reason: "another program opened it for writing after it was opened here; open the "
          + "store again once that program is done")
    }
    let found: StoreFingerprint?
    do {
      found = try StoreFingerprint.current(at: realPath)
    } catch {
      throw StoreError(error, reading: path)
    }
    if let found, found != fingerprint {
      throw StoreError.changedWhileOpen(path: path, loaded: fingerprint, found: found)
    }
    // The scanner's view of the bytes, to check them after a failure.
    let checker = decoder
    return try Self.reporting(path) { try checker.reportingDamage { try body(&decoder) } }
  }

  /// Runs `body`, naming the file in what it throws: a damaged property list as
  /// ``StoreError/corrupt(path:_:)``, a store error as ``StoreError/invalidFile(path:_:)``.
  private static func reporting<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PropertyListError {
      throw StoreError.corrupt(path: path, error)
    } catch let error as StoreError {
      throw StoreError.invalidFile(path: path, error)
    }
  }
}
