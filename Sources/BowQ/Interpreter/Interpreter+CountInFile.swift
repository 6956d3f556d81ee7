extension Interpreter {
  /// `count Entity where P` counted in the store file, in a session that runs no statement
  /// after it (``expectsMoreStatements``): the columns `P` compares are read a run of rows at a
  /// time, each run filtered as a scan of a table filters it (``ColumnScan``) and let go, so
  /// the statement holds a few thousand rows of them rather than whole columns.
  ///
  /// Nil, and nothing is kept, when the count is to run as any other statement does, over
  /// decoded columns: when statements may follow, when the statement is not a
  /// bare `count` with a predicate, when the entity has sub-entities, when `P` reads more
  /// than values of its entity's own objects or its columns are already decoded, when some
  /// part of `P` is not a comparison of an attribute with a constant, and when a run fails
  /// in any way but a request to stop: a damaged value, a comparison the scan cannot make. Then
  /// decoding the columns reports the damage, or the closures the error, as they do
  /// whenever a count meets one. Nil too when no object matches and `P` compares a string
  /// case by case, so that the note about an empty result can look for the values it would
  /// match ignoring case (``emptyResultNotes(_:_:_:now:)``).
  func countInStoreFile(_ run: StatementRun) throws -> StatementResult? {
    guard !expectsMoreStatements, let file = storeFile,
      case .count(_, let syntax?) = run.statement.kind,
      case .count(let entity, let predicate?) = run.bound,
      context.graph.model.hierarchy(of: entity.name).count == 1
    else { return nil }
    let read = ColumnsRead(
      run.statement.kind, bound: run.bound, model: context.graph.model,
      keepsIndexes: keepsBuiltIndexes)
    let table = context.graph.table(entity.name)
    guard !read.keys, read.slots.keys.allSatisfy({ $0 == entity.name }),
      let slots = read.slots[entity.name]?.sorted(), !slots.isEmpty,
      slots.allSatisfy(table.undecoded.contains), ColumnScan(predicate, over: table) != nil
    else { return nil }
    let slotCount = table.slotCount
    let count: Int?
    do {
      count = try file.countRows(slots, ofEntityNamed: entity.name) { rows, columns in
        var runTable = EntityTable(undecodedKeys: rows.count, undecodedSlots: slotCount)
        for (slot, column) in zip(slots, columns) { runTable.fill(column, in: slot) }
        guard let selected = try ColumnScan(predicate, over: runTable)?.selection() else {
          throw ScanDeclined()
        }
        return selected.count
      }
    } catch let interrupted as Interrupted {
      throw interrupted
    } catch {
      return nil
    }
    guard let count,
      count > 0 || PredicateAdvice.caseSensitiveStringComparisons(syntax, predicate).isEmpty
    else { return nil }
    return .count(entity: entity.name, count)
  }

  /// A run the scan could not count: the count runs over decoded columns instead.
  private struct ScanDeclined: Error {}
}
