import Foundation

/// A store and how to open it, as `NSPersistentContainer` holds one: a bowq store file, a
/// Core Data SQLite store (read in place, its model from the store or an Xcode model, and
/// written back only when asked), or a store in memory. Each ``newContext()`` is a session
/// of its own on the store; a container can be shared between tasks.
///
/// ```swift
/// let container = ObjectContainer(path: "Library.sqlite", modelPath: "Library.momd")
/// let context = try container.newContext()
/// ```
public struct ObjectContainer: Sendable {
  private enum Location: Sendable {
    case file(StoreOpening)
    case memory
  }

  private let location: Location
  /// Entity definitions in bowq's syntax (`entity BowTie { name: String, rating: Int16 }`),
  /// defined in a new or in-memory store.
  public let model: String?

  /// The store at `path`: a bowq store (created when there is none; `model` defines its
  /// entities then) or a Core Data SQLite store, whose model comes from the store or from
  /// `modelPath` (`.xcdatamodeld`, `.xcdatamodel`, `.momd`, `.mom`).
  ///
  /// - Parameters:
  ///   - readOnly: never save (a bowq store is then read without its lock, and a damaged
  ///     one with every entity that can be read).
  ///   - writesCoreData: let ``ObjectContext/save()`` write into a Core Data store, in one
  ///     transaction, as Core Data does.
  public init(
    path: String, readOnly: Bool = false, writesCoreData: Bool = false,
    modelPath: String? = nil, model: String? = nil
  ) {
    location = .file(
      StoreOpening(
        path: path, readOnly: readOnly, writesCoreData: writesCoreData, modelPath: modelPath))
    self.model = model
  }

  /// An empty store in memory, never written, with the entities `model` defines.
  public init(inMemoryWithModel model: String) {
    location = .memory
    self.model = model
  }

  /// Opens a session on the store.
  ///
  /// - Parameter clock: the time `now()` reads in predicates and values.
  /// - Throws: ``StoreOpeningError`` when the store cannot be opened (saying what became of
  ///   the file); ``ObjectContainerError`` when ``model`` is given for a store that already
  ///   has one; ``LanguageError`` for a malformed ``model``.
  public func newContext(clock: @escaping () -> Date = Date.init) throws -> ObjectContext {
    switch location {
    case .memory:
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph()), store: .memory, clock: clock)
      try define(in: interpreter)
      return ObjectContext(interpreter)
    case .file(let opening):
      let opened = try opening.open(clock: clock)
      if model != nil {
        guard opened.isNew else { throw ObjectContainerError.modelForExistingStore(opening.path) }
        try define(in: opened.interpreter)
        opened.interpreter.context.markSaved()
        try opened.writeNewStore()
      }
      return ObjectContext(opened.interpreter)
    }
  }

  /// Defines the entities of ``model``, if any, in `interpreter`'s store.
  private func define(in interpreter: Interpreter) throws {
    guard let model else { return }
    for statement in try Parser.parseScript(model) {
      guard case .entity = statement.kind else {
        throw LanguageError(
          .syntax, "a model holds entity definitions only (entity Name { … })",
          at: statement.range)
      }
      _ = try interpreter.execute(statement)
    }
  }
}

/// A container that cannot make a context as asked.
public enum ObjectContainerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A model was given for the store at the path, which exists and has its own.
  case modelForExistingStore(String)

  public var description: String {
    switch self {
    case .modelForExistingStore(let path):
      return "\(path) already exists with its own model; give a model only for a new store"
    }
  }
}
