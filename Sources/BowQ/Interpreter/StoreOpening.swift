import Foundation

/// Opens a store file as a session (an ``Interpreter``): a bowq store, for writing (its lock
/// taken at the first edit, so another process editing it is found then, not here) or
/// read-only (every entity of a damaged store that can be read),
/// or a Core Data SQLite store, read in place with its model from the store or from
/// ``modelPath``. The shell and the Swift API open stores through it; what it says about the
/// store comes back as data (``Opened``), and each phrases it in its own way.
public struct StoreOpening: Hashable, Sendable {
  /// The store file.
  public var path: String
  /// Whether the store is opened without ever being saved to (a bowq store is then read
  /// without its lock, and salvaged when damaged).
  public var readOnly: Bool
  /// Whether `save` writes back into a Core Data store.
  public var writesCoreData: Bool
  /// The model of a Core Data store (`.xcdatamodeld`, `.xcdatamodel`, `.momd`, `.mom`),
  /// instead of the one the store holds.
  public var modelPath: String?

  public init(
    path: String, readOnly: Bool = false, writesCoreData: Bool = false, modelPath: String? = nil
  ) {
    self.path = path
    self.readOnly = readOnly
    self.writesCoreData = writesCoreData
    self.modelPath = modelPath
  }

  /// A store opened.
  public struct Opened {
    /// The session on the store.
    public let interpreter: Interpreter
    /// Whether there was no file: the store is new, and empty until ``writeNewStore()``.
    public let isNew: Bool
    /// Whether the store is a Core Data SQLite store.
    public let isCoreData: Bool
    /// What a reader may want to know: the model version chosen, an entity renamed, rows read
    /// through the write-ahead log.
    public let notes: [String]
    /// What a reader must know: the model was guessed from the tables, or entities of a
    /// damaged store were left out.
    public let warnings: [String]

    /// Writes a new store's file, with what the session holds now (the sample data, when it
    /// was seeded), and leaves it unlocked, as any store is opened.
    public func writeNewStore() throws {
      guard isNew, case .file(let handle) = interpreter.store else { return }
      try handle.save(interpreter.context.graph)
      handle.release()
    }
  }

  /// Opens the store; `clock` is the time `now()` reads. A request to stop (``Interrupt``)
  /// stops the opening of a Core Data store.
  ///
  /// - Throws: ``StoreOpeningError``, saying what became of the file.
  public func open(clock: @escaping () -> Date = Date.init) throws(StoreOpeningError) -> Opened {
    // What a failure says became of the file: checked, never assumed.
    let before = (try? FileFingerprint.current(at: path)) ?? nil
    func failure(_ kind: StoreOpeningError.Kind, _ error: Error) -> StoreOpeningError {
      StoreOpeningError(
        kind: kind, path: path, reason: "\(error)", fileOutcome: before?.outcome(at: path))
    }
    if CoreDataStore.isSQLiteDatabase(atPath: path) {
      let file: CoreDataStoreFile
      do {
        let model = try modelPath.map { path throws(CoreDataStoreError) in
          try CoreDataModel.read(at: path)
        }
        file = try CoreDataStoreFile.open(path: path, model: model)
      } catch {
        throw failure(.coreData, error)
      }
      let guessed = file.modelSource == .guessed ? 1 : 0
      return Opened(
        interpreter: Interpreter(
          context: Context(graph: ObjectGraph(model: file.bowqModel)),
          store: .coreData(path: path, uuid: file.schema.uuid), clock: clock, coreDataFile: file,
          writesCoreData: writesCoreData),
        isNew: false, isCoreData: true,
        notes: Array(file.notes.dropFirst(guessed)) + (file.recovery?.note.map { [$0] } ?? []),
        warnings: Array(file.notes.prefix(guessed)))
    }
    if writesCoreData { throw StoreOpeningError(kind: .notCoreData(.writesCoreData), path: path) }
    if modelPath != nil { throw StoreOpeningError(kind: .notCoreData(.model), path: path) }
    if readOnly {
      let handle = StoreHandle(openingReadOnly: path)
      do {
        return opened(try handle.open(), handle, clock: clock)
      } catch StoreError.fileNotFound {
        throw StoreOpeningError(kind: .missing, path: path)
      } catch let error as StoreError where error.isDamage {
        // Read what can be read: only a store whose layout is damaged gets here, one with
        // a damaged column when a statement first reads it.
      } catch {
        throw failure(.unreadable, error)
      }
      let graph: ObjectGraph
      let skipped: [StoreError]
      do {
        (graph, skipped) = try handle.salvage()
      } catch {
        throw failure(.unreadable, error)
      }
      return Opened(
        interpreter: Interpreter(
          context: Context(graph: graph), store: .file(handle), clock: clock),
        isNew: false, isCoreData: false, notes: [],
        warnings: skipped.isEmpty ? [] : [Self.damageWarning(path: path, skipped: skipped)])
    }
    let handle: StoreHandle
    do {
      handle = try StoreHandle(openingForWriting: path)
    } catch {
      throw failure(.unreadable, error)
    }
    do {
      return opened(try handle.open(), handle, clock: clock)
    } catch StoreError.fileNotFound {
      return Opened(
        interpreter: Interpreter(
          context: Context(graph: ObjectGraph()), store: .file(handle), clock: clock),
        isNew: true, isCoreData: false, notes: [], warnings: [])
    } catch {
      throw failure(.unreadable, error)
    }
  }

  /// The session on a bowq store file opened with no column decoded: each statement decodes
  /// the columns it reads (``Interpreter/decodeColumns(for:)``).
  private func opened(_ file: OpenedStoreFile, _ handle: StoreHandle, clock: @escaping () -> Date)
    -> Opened
  {
    let interpreter = Interpreter(
      context: Context(graph: file.undecodedGraph()), store: .file(handle), clock: clock)
    interpreter.storeFile = file
    return Opened(
      interpreter: interpreter, isNew: false, isCoreData: false, notes: [], warnings: [])
  }

  /// What a read-only session says of a damaged store it reads what it can of: what was
  /// left out, and why.
  static func damageWarning(path: String, skipped: [StoreError]) -> String {
    "\(path) is damaged; it is open read-only with what could be read. Left out:\n"
      + skipped.map { "  \($0)" }.joined(separator: "\n")
  }
}

/// Why a store could not be opened, and what became of its file.
public struct StoreOpeningError: Error, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// A Core Data store whose schema or model could not be read.
    case coreData
    /// An option of Core Data stores given for a file that is no SQLite database.
    case notCoreData(CoreDataOption)
    /// No store file, where one must be read (read-only).
    case missing
    /// The file could not be read as a store.
    case unreadable
  }

  /// What only a Core Data store takes.
  public enum CoreDataOption: Hashable, Sendable {
    /// ``StoreOpening/modelPath``.
    case model
    /// ``StoreOpening/writesCoreData``.
    case writesCoreData
  }

  public var kind: Kind
  /// The store file.
  public var path: String
  /// The problem, from the layer that found it; empty when ``kind`` says it all.
  public var reason: String = ""
  /// What became of the file (``FileFingerprint/outcome(at:)``); nil when there was none.
  public var fileOutcome: String?

  public var description: String {
    switch kind {
    case .coreData: return "cannot open the Core Data store: \(reason)"
    case .notCoreData(.model):
      return "a model is for a Core Data SQLite store, and \(path) is not a SQLite database"
    case .notCoreData(.writesCoreData):
      return "writing back as Core Data does is for a Core Data SQLite store, and \(path) is "
        + "not a SQLite database"
    case .missing: return "there is no store file at \(path)"
    case .unreadable: return reason
    }
  }
}
