extension Interpreter {
  /// Starts taking the indexes the store file keeps and the model declares
  /// (``ObjectGraph/declaredIndexesToTake``) into use on another thread, for a shell about
  /// to wait for its next statement: the first statement that uses one then finds it ready
  /// rather than reading and checking it (a fifth of a second at a million objects).
  /// The next statement waits for the work, if it has not ended, and takes what it made; Ctrl-C
  /// stops the waiting and the work.
  ///
  /// It does nothing in a session that does not keep the indexes it uses
  /// (``keepsBuiltIndexes``: `--read-only`, or a single statement), while the work is under
  /// way, or when it was done already for the store file opened. It costs, in a session that
  /// never uses the indexes, the memory of the columns they list and of the indexes.
  public func prepareKeptIndexesWhileIdle() {
    guard idleWork == nil, keepsBuiltIndexes, let file = storeFile,
      idleWorkFile?.object !== file
    else { return }
    idleWorkFile = WeakReference(file)
    idleWork = KeptIndexPreparation(graph: context.graph, file: file)
  }

  /// Waits for the work ``prepareKeptIndexesWhileIdle()`` started and takes what it made into
  /// the session: the keys and columns still in the store file, and each index still kept
  /// unused. Nothing is taken when the session's store file is no longer the one read.
  func finishIdleWork() throws(Interrupted) {
    guard let work = idleWork else { return }
    idleWork = nil
    guard let prepared = try work.finish(watching: interrupt), storeFile === work.file else {
      return
    }
    for (entity, table) in prepared.keys { context.fill(keysOf: table, of: entity) }
    for (entity, slots, columns) in prepared.columns {
      context.fill(columns, slots: slots, of: entity)
    }
    for (entity, stored, built) in prepared.indexes {
      context.adopt(built, madeFrom: stored, of: entity)
    }
    letStoreFileGoIfDecoded()
  }
}
