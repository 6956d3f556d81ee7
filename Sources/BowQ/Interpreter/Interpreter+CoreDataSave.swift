extension Interpreter {
  /// Writes the pending changes back into the Core Data store they were read from
  /// (``CoreDataWriter``), once validated; the objects keep their keys, which are the rows'
  /// `Z_PK`s. The derived values the store's triggers changed are then set in the graph,
  /// which the save marks saved, so they show what the file holds without being changes.
  ///
  /// - Throws: ``Interrupted`` on Ctrl-C, and an error naming the store and what went wrong
  ///   (Core Data's merge conflict, 133020, when another program saved meanwhile) otherwise;
  ///   either way nothing was written.
  func saveToCoreData(range: SourceRange) throws {
    guard let source = coreDataSource else { return }
    let writer = CoreDataWriter(
      file: source.file, committed: context.committed, graph: context.graph)
    var versions = source.versions
    let derived: [CoreDataWriter.DerivedValue]
    do {
      derived = try writer.save(context.pendingChanges, versions: &versions)
    } catch let error where error.kind == .interrupted {
      throw Interrupted()
    } catch let error where error.kind == .conflict {
      throw EvaluationError(error.message, at: range)
    } catch {
      throw EvaluationError(
        "cannot save to the Core Data store \(Value.quoted(source.file.path)): \(error); nothing "
          + "was written", at: range)
    }
    coreDataSource = (source.file, versions)
    for value in derived {
      context.update(value.id, attribute: value.attribute, to: value.value)
    }
  }
}
