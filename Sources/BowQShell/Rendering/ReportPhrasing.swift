import BowQ

/// The English the shell says for what a statement did: `Updated 2 BowTie objects.`,
/// `Nothing to save.`, … — the one place a ``StatementResult/Report`` becomes words.
public enum ReportPhrasing {
  /// The report as the shell prints it, without the final newline (an imported model's
  /// notes follow on lines of their own).
  public static func sentence(_ report: StatementResult.Report) -> String {
    let count = Interpreter.count
    switch report {
    case .entityDefined(let entity, let properties, let redefined):
      return
        "\(redefined ? "Redefined" : "Defined") entity \(entity) with \(count(properties, "property"))."
    case .imported(let entity, let n, let path):
      return "Imported \(count(n, entity)) from \(path)."
    case .modelImported(let entities, let version, let notes):
      return "Imported the model\(version.map { " (version \($0))" } ?? ""): "
        + "\(count(entities.count, "entity")) — \(entities.joined(separator: ", "))."
        + notes.map { "\n  note: \($0)" }.joined()
    case .exported(let entity, let n, let path):
      return "Exported \(count(n, entity)) to \(path)."
    case .inserted(let entity, let n):
      return "Inserted \(count(n, entity))."
    case .updated(let entity, let n):
      return "Updated \(count(n, entity))."
    case .deleted(let entity, let n, let cascaded):
      return "Deleted \(count(n, entity))"
        + (cascaded > 0 ? " and \(count(cascaded, "related object")) by cascade." : ".")
    case .saved(let changes):
      return changes == 0 ? "Nothing to save." : "Saved \(count(changes, "change"))."
    case .rolledBack(let changes):
      return changes == 0 ? "Nothing to roll back." : "Rolled back \(count(changes, "change"))."
    case .undone: return "Undid the last change."
    case .nothingToUndo: return "Nothing to undo."
    case .redone: return "Redid the change."
    case .nothingToRedo: return "Nothing to redo."
    case .validated(let objects): return "\(count(objects, "changed object")) valid."
    }
  }
}
