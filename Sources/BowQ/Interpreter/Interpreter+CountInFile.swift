extension Interpreter {
  /// `count Entity where P` counted in the store file, in a session that runs no statement
  /// after it (``expectsMoreStatements``): the columns `P` compares are read a run of rows at a
  /// time, each run filtered as a scan of a table filters it (``ColumnScan``) and let go, so
  /// the statement holds a few thousand rows of them rather than whole columns. When nothing
  /// matches, the note about an empty result looks in the file the same way
  /// (``firstFoldedMatchInStoreFile(_:exact:folded:)``).
  ///
  /// Nil, and nothing is kept, when the count is to run as any other statement does, over
  /// decoded columns: when statements may follow, when the statement is not a bare `count`
  /// with a predicate, when the entity has sub-entities, when `P` reads more than values of
  /// its entity's own objects or its columns are already decoded, when some part of `P` is
  /// not a comparison of an attribute with a constant, and when a run fails in any way but a
  /// request to stop: a damaged value, a comparison the scan cannot make. Then decoding the
  /// columns reports the damage, or the closures the error, as they do whenever a count
  /// meets one.
  func countInStoreFile(_ run: StatementRun) throws -> StatementResult? {
    guard case .count = run.statement.kind, case .count(let entity, let predicate?) = run.bound,
      !ColumnsRead(
        run.statement.kind, bound: run.bound, model: context.graph.model,
        keepsIndexes: keepsBuiltIndexes
      ).keys,
      let count = try scanInStoreFile(predicate, of: entity, into: 0, { $0 += $1.selected.count })
    else { return nil }
    return try counted(count, of: entity, predicate, run)
  }

  /// The first object of `entity` that satisfies `folded`, when none satisfies `exact`, found
  /// in the store file as ``countInStoreFile(_:)`` counts (and its row then read alone): the
  /// search of an empty count's note. `.some(nil)` when there is none; nil when the file does
  /// not answer, for the reasons the count does not, and the search then runs over decoded
  /// columns.
  func firstFoldedMatchInStoreFile(
    _ entity: Entity, exact: BoundPredicate, folded: BoundPredicate
  ) throws -> EvaluationScope?? {
    guard
      let matchesExactly = try scanInStoreFile(
        exact, of: entity, into: false, { $0 = $0 || !$1.selected.isEmpty })
    else { return nil }
    if matchesExactly { return .some(nil) }
    guard
      let first = try scanInStoreFile(
        folded, of: entity, into: Int?.none,
        { first, run in first = first ?? run.selected.members.first.map { run.rows.lowerBound + $0 }
        }
      )
    else { return nil }
    guard let first else { return .some(nil) }
    return try storeFile?.decodeRow(first, ofEntityNamed: entity.name).map {
      EvaluationScope(row: $0)
    }
  }

  /// What `append` joins, in row order, of the objects `predicate` selects in each run of
  /// rows of `entity`'s columns still in the store file (the run's rows, and the positions
  /// within it selected); nil when the file does not answer (see ``countInStoreFile(_:)``).
  private func scanInStoreFile<Joined>(
    _ predicate: BoundPredicate, of entity: Entity, into joined: Joined,
    _ append: @escaping (inout Joined, (rows: Range<Int>, selected: BitSet)) -> Void
  ) throws -> Joined? {
    try readInStoreFile(
      predicate, of: entity, into: joined, make: { rows, selected, _ in (rows, selected) },
      append: append)
  }

  /// What `append` joins, in row order, of what `make` makes of each run of rows of
  /// `entity`'s columns still in the store file: given the run's rows, the positions within
  /// it `predicate` selects (every one without a predicate), and a table of the run's rows
  /// holding the columns `predicate` compares and those of `reading`. `make` runs on the
  /// thread that read the run. Nil when the file does not answer (see
  /// ``countInStoreFile(_:)``): a session that may run more statements, an entity with
  /// sub-entities, a predicate that reads more than values of the entity's own objects or
  /// that the scan of a run cannot filter, a column already decoded, and a run that fails in
  /// any way but Ctrl-C, including `make` throwing.
  func readInStoreFile<Part, Joined>(
    _ predicate: BoundPredicate?, of entity: Entity, reading: Set<Int> = [],
    into joined: Joined,
    make: @escaping (_ rows: Range<Int>, _ selected: BitSet, _ run: EntityTable) throws -> Part,
    append: @escaping (inout Joined, Part) -> Void
  ) throws -> Joined? {
    let table = context.graph.table(entity.name)
    let read = predicate.map {
      ColumnsRead(comparedBy: $0, on: entity.name, in: context.graph.model)
    }
    guard !expectsMoreStatements, let file = storeFile,
      context.graph.model.hierarchy(of: entity.name).count == 1,
      read?.slots.keys.allSatisfy({ $0 == entity.name }) ?? true
    else { return nil }
    let slots = reading.union(read?.slots[entity.name] ?? []).sorted()
    guard !slots.isEmpty, slots.allSatisfy(table.undecoded.contains),
      predicate.map({ ColumnScan($0, over: table) != nil }) ?? true
    else { return nil }
    let slotCount = table.slotCount
    do {
      return try file.readRuns(
        slots, ofEntityNamed: entity.name, into: joined,
        part: { rows, columns in
          var runTable = EntityTable(undecodedKeys: rows.count, undecodedSlots: slotCount)
          for (slot, column) in zip(slots, columns) { runTable.fill(column, in: slot) }
          guard let predicate else {
            return try make(rows, BitSet(capacity: rows.count, full: true), runTable)
          }
          guard let selected = try ColumnScan(predicate, over: runTable)?.selection() else {
            throw DeclinedInStoreFile()
          }
          return try make(rows, selected, runTable)
        }, append: append)
    } catch let interrupted as Interrupted {
      throw interrupted
    } catch {
      return nil
    }
  }
}

/// Work the store file declined: the statement runs over decoded columns instead.
struct DeclinedInStoreFile: Error {}
