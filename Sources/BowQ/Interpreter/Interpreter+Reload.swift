extension Interpreter {
  /// Reads a bowq store again from its file, for a session whose store another program (or
  /// another bowq) changed: the context becomes the file's version, with no history to
  /// undo, and the selection and the last fetch are forgotten. The session's next edit
  /// checks the file against the version read now.
  ///
  /// - Returns: how many objects the store holds.
  /// - Throws: ``ReloadRefusal`` while changes are pending (reading would lose them), for a
  ///   store in memory or a Core Data store (whose rows are read from the file as statements
  ///   need them), and errors reading the file, the session left as it was.
  @discardableResult
  public func reload() throws -> Int {
    guard case .file(let handle) = store else {
      throw ReloadRefusal(
        reason: coreDataFile != nil
          ? "a Core Data store's rows are read from its file as statements need them; open it "
            + "again to see a new model"
          : "a store in memory has no file to read")
    }
    let pending = context.pendingChanges.count
    guard pending == 0 else {
      throw ReloadRefusal(
        reason: "\(Self.count(pending, "change")) would be lost: save or roll back first")
    }
    let file = try handle.open()
    let graph = file.undecodedGraph()
    // What the old file's kept indexes were being made into no longer fits.
    idleWork?.stop()
    idleWork = nil
    context = Context(graph: graph)
    storeFile = file
    selection = nil
    lastFetch = nil
    lastFetchReturnedValues = false
    return graph.model.entities.reduce(0) { $0 + graph.table($1.name).count }
  }
}

/// Why a session does not read its store again.
public struct ReloadRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  public var reason: String
  public var description: String { "cannot read the store again: \(reason)" }
}
