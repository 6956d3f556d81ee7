/// Why a store could not be loaded, decoded, encoded or saved, saying what and where.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No file exists at the path; a caller opening a store creates a new one.
  case fileNotFound(path: String)
  /// The file exists but could not be opened or read; `reason` is the system's message.
  case unreadable(path: String, reason: String)
  /// The file is not a valid binary property list.
  case corrupt(path: String, PropertyListError)
  /// Saving failed; the file at `path` is unchanged and no temporary file is left behind
  /// (external data files written before the failure may stay, unreferenced, until a later
  /// save removes them). `reason` names the step and the system's message.
  case unwritable(path: String, reason: String)
  /// The property list is valid but not a bowq store (the `format` marker is missing or
  /// different).
  case notAStore(String)
  /// The store's layout version is not one this bowq reads; `supported` is the newest it
  /// reads.
  case unsupportedVersion(found: Int64, supported: Int)
  /// The model inside the store is malformed. `location` is a path into the root dictionary,
  /// such as `model.entities[0].attributes[2].type`.
  case invalidModel(location: String, message: String)
  /// An entity's objects are malformed in the store, or cannot be written to one.
  /// `row` counts from 0, as the positions in the store's `keys` and column arrays do.
  case invalidObjects(entity: String, attribute: String?, row: Int?, message: String)
  /// A relationship's values are malformed in the store, or cannot be written to one: a key
  /// that names no object of the destination entity, a to-many that lists an object twice.
  /// `row` counts from 0, as for ``invalidObjects(entity:attribute:row:message:)``.
  case invalidRelationship(entity: String, relationship: String, row: Int?, message: String)
  /// The file of a value kept beside the store (an `external` attribute's, in its
  /// ``ExternalDataFolder``) cannot be read: it is missing, unreadable, or does not hold
  /// the bytes the store names. `key` is the object's primary key, `path` the file, and
  /// `problem` completes "the external data file PATH …".
  case externalDataUnreadable(
    entity: String, attribute: String, key: Int64, path: String, problem: String)
  /// A store file whose contents are invalid: the file and the problem inside it.
  indirect case invalidFile(path: String, StoreError)
  /// Another process holds the store's lock (``StoreLock``); `holder` is who it says it is,
  /// nil while it has not written its name yet.
  case locked(path: String, holder: StoreLockHolder?)
  /// Another program changed, replaced or created the file since the session loaded or
  /// last saved it (`loaded` nil: the session started a new store), so saving would
  /// overwrite that version. Nothing was written; the changes stay pending.
  case changedOnDisk(path: String, loaded: StoreFingerprint?, found: StoreFingerprint)
  /// Another program changed, replaced or created the file since the session loaded it
  /// (`loaded` nil: the session started a new store), so the session's first edit was
  /// refused: saving it would overwrite that version. Nothing was changed.
  case changedSinceLoaded(path: String, loaded: StoreFingerprint?, found: StoreFingerprint)
  /// Another program changed or replaced the file since the session opened it, before the
  /// session read all of it: the rest is not read, since it would come from another version.
  case changedWhileOpen(path: String, loaded: StoreFingerprint, found: StoreFingerprint)
  /// The store was opened read-only; nothing was written and the changes stay pending.
  case readOnly(path: String)

  /// Whether the file's contents are damaged (not a valid binary property list, or a store
  /// whose layout or values are invalid), rather than unreadable, changed or locked.
  public var isDamage: Bool {
    switch self {
    case .corrupt, .invalidFile: return true
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "no store file at \(path)"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .corrupt(let path, let error):
      return "\(path) is not a valid store file: \(error)"
    case .unwritable(let path, let reason):
      return "cannot save \(path): \(reason)"
    case .notAStore(let message):
      return "not a bowq store: \(message)"
    case .unsupportedVersion(let found, let supported):
      return "unsupported store version \(found) (this bowq reads version \(supported) and "
        + "earlier); open it with the bowq that wrote it"
    case .invalidModel(let location, let message):
      return "\(location): \(message)"
    case .invalidObjects(let entity, let attribute, let row, let message):
      var place = "entity \(entity)"
      if let attribute { place += ", attribute \(attribute)" }
      if let row { place += ", row \(row)" }
      return "\(place): \(message)"
    case .invalidRelationship(let entity, let relationship, let row, let message):
      let place = "entity \(entity), relationship \(relationship)"
      return "\(place)\(row.map { ", row \($0)" } ?? ""): \(message)"
    case .externalDataUnreadable(let entity, let attribute, let key, let path, let problem):
      let object = ObjectID(entity: entity, key: key)
      return "entity \(entity), attribute \(attribute), object \(object): the external data file "
        + "\(path) \(problem) (a store's external data files are copied, moved and restored "
        + "with it)"
    case .invalidFile(let path, let error):
      return "\(path): \(error)"
    case .locked(let path, let holder):
      return "\(path) is being edited in another bowq process"
        + (holder.map { " (\($0))" } ?? "")
    case .changedOnDisk(let path, let loaded, let found):
      return "cannot save \(path): \(Self.change(loaded: loaded, found: found)). Nothing was "
        + "written and the changes are still pending. To keep the version on disk, discard them "
        + "with rollback and read the store again (.reload); to keep yours, move that file aside (mv "
        + "\(path) \(path).other) and save again"
    case .changedSinceLoaded(let path, let loaded, let found):
      return "cannot edit \(path): \(Self.change(loaded: loaded, found: found)), and an edit "
        + "of the version loaded would overwrite it. Nothing was changed: read the store again "
        + "(.reload at the prompt, or rerun bowq) to edit the version on disk"
    case .changedWhileOpen(let path, let loaded, let found):
      return "cannot read more of \(path): \(Self.change(loaded: loaded, found: found)), and "
        + "what is left to read would come from that version. Read the store again (.reload in "
        + "the shell, or quit and rerun bowq) to see the version on disk"
    case .readOnly(let path):
      return "cannot save \(path): the store is open read-only, so nothing was written; "
        + "the changes are still pending (changes lists them, rollback discards them)"
    }
  }
}

extension StoreError {
  /// How the file on disk differs from the version a session holds (`loaded` nil: it
  /// started a new store).
  private static func change(loaded: StoreFingerprint?, found: StoreFingerprint) -> String {
    guard let loaded else {
      return "another program created it since this new store was started (\(found))"
    }
    let alike = loaded.description == found.description
    let was = alike ? loaded.fullDescription : loaded.description
    let now = alike ? found.fullDescription : found.description
    return "another program changed it since it was opened (it was \(was), it is now \(now))"
  }

  /// The error of reading (or locking) the store file at `path`, from the file layer's.
  init(_ error: FileError, reading path: String) {
    switch error {
    case .missing: self = .fileNotFound(path: path)
    case .failed, .notAFile, .reserved: self = .unreadable(path: path, reason: error.reason)
    case .locked(_, let holder): self = .locked(path: path, holder: holder)
    }
  }

  /// The error of saving the store file at `path`, from the file layer's: nothing was saved.
  init(_ error: FileError, saving path: String) {
    switch error {
    case .missing, .failed, .notAFile, .reserved:
      self = .unwritable(path: path, reason: error.reason)
    case .locked(_, let holder): self = .locked(path: path, holder: holder)
    }
  }
}
