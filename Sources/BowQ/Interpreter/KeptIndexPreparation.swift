import Dispatch
import Synchronization

/// The declared indexes a store file keeps, taken into use on another thread while a shell
/// waits for its next statement (``Interpreter/prepareKeptIndexesWhileIdle()``), so that the
/// first statement that uses one answers as fast as the ones after it.
///
/// Taking a kept index into use reads the values of every row it lists and checks the index
/// against them (``BuiltIndex/init(_:of:table:)``): a tenth of a second at a million objects,
/// which the first statement to use it would otherwise pay. The work is done here on a copy of
/// the session's graph, reading from the session's store file (whose reads take turns), and
/// touches nothing of the session: what it makes — the keys, the columns the indexes list and
/// the indexes — is taken into the session by its next statement (``finish(watching:)``),
/// and only where the session still has the same file and still keeps each index unused.
final class KeptIndexPreparation: Sendable {
  /// What the work made, for the session to take.
  struct Prepared: Sendable {
    /// The tables of the entities whose keys were still in the file, with their keys.
    var keys: [(entity: String, table: EntityTable)] = []
    /// The columns decoded for the indexes, by entity and slot.
    var columns: [(entity: String, slots: [Int], columns: [Column])] = []
    /// The indexes taken into use (or built, where a kept one no longer fit the objects), with
    /// the kept indexes they were made from, by entity.
    var indexes: [(entity: String, stored: [StoredIndex], built: [BuiltIndex])] = []
  }

  /// The store file read.
  let file: OpenedStoreFile
  /// What stops the work: requested when the statement waiting for it is interrupted, or the
  /// session reads its store again (``stop()``).
  private let stopping = InterruptToken()
  private let done = DispatchGroup()
  /// What the work made; nil until it ends, and when it failed or was stopped.
  private let outcome = Mutex<Prepared?>(nil)

  /// Whether the work was told to stop.
  var isStopping: Bool { stopping.isRequested }

  /// Starts taking into use the indexes `graph` has from `file`, declares and has not used
  /// yet (``ObjectGraph/declaredIndexesToTake``); nil when there are none.
  init?(graph: ObjectGraph, file: OpenedStoreFile) {
    let stored = graph.declaredIndexesToTake
    guard !stored.isEmpty else { return nil }
    self.file = file
    done.enter()
    DispatchQueue.global(qos: .utility).async { [self] in
      let prepared = Interrupt.$token.withValue(stopping) {
        try? Self.prepare(stored, in: graph, from: file)
      }
      outcome.withLock { $0 = prepared }
      done.leave()
    }
  }

  /// Waits for the work to end and answers what it made (nil when it failed: the statement
  /// that needs an index then takes it into use itself, and meets the same failure). A
  /// request of `interrupt` while waiting stops the work and throws ``Interrupted``.
  func finish(watching interrupt: InterruptToken) throws(Interrupted) -> Prepared? {
    while done.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
      guard interrupt.isRequested else { continue }
      stop()
      done.wait()
      throw Interrupted()
    }
    return outcome.withLock { $0 }
  }

  /// Tells the work to stop, for a session that will not take what it makes.
  func stop() {
    stopping.request()
  }

  /// Reads the keys still in `file` and the columns the indexes `stored` list, and takes
  /// the indexes into use over them, in a copy of `graph`.
  private static func prepare(
    _ stored: [String: [StoredIndex]], in graph: ObjectGraph, from file: OpenedStoreFile
  ) throws -> Prepared {
    var graph = graph
    var prepared = Prepared()
    // A statement that may use an index reads every entity's keys (``ColumnsRead``).
    for entity in graph.entitiesWithKeysInFile.sorted() {
      guard let (keys, ascending) = try file.decodeKeys(ofEntityNamed: entity) else { continue }
      graph.fill(keys: keys, ascending: ascending, of: entity)
      prepared.keys.append((entity, graph.table(entity)))
    }
    for (entity, kept) in stored.sorted(by: { $0.key < $1.key }) {
      guard let definition = graph.model.entity(named: entity) else { continue }
      let listed = kept.flatMap {
        $0.definition.attributes.compactMap(definition.index(ofAttribute:))
      }
      let slots = Set(listed).intersection(graph.table(entity).undecoded).sorted()
      if !slots.isEmpty, let columns = try file.decodeColumns(slots, ofEntityNamed: entity) {
        graph.fill(columns, slots: slots, of: entity)
        prepared.columns.append((entity, slots, columns))
      }
      try Interrupt.check()
      let definitions = kept.map(\.definition)
      graph.prepareIndexes(for: entity) { definitions.contains($0) }
      let built = graph.builtIndexes(of: entity).filter { definitions.contains($0.definition) }
      prepared.indexes.append((entity, kept, built))
    }
    return prepared
  }
}
