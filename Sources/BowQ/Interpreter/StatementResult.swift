/// What running a statement produced, for the shell to render.
public enum StatementResult: Hashable, Sendable {
  /// The objects a `fetch` found.
  case objects(ResultSet)
  /// The number a `count` found.
  case count(entity: String, Int)
  /// The pending changes, for `changes`.
  /// `all`: every one was asked for (`changes all`), rather than a summary of a long list.
  case changes(PendingChanges, all: Bool)
  /// What a statement did, as data: the shell phrases it (`Updated 2 BowTie objects.`).
  case report(Report)
  /// How a statement would run, for `explain`.
  case explanation([String])
  /// Why objects match a predicate or not, for `why`: one tree per object.
  case why([WhyExplanation])
  /// Objects as cards, for `show`.
  case cards([ObjectCard])

  /// What an edit, a file operation, a definition or a step of the context's history did.
  public enum Report: Hashable, Sendable {
    /// `entity Name { … }`: the entity and its number of attributes and relationships;
    /// `redefined` when it replaced an entity of the same name.
    case entityDefined(entity: String, properties: Int, redefined: Bool)
    /// `import "file" into Entity`: the objects inserted from the file at `path`.
    case imported(entity: String, count: Int, path: String)
    /// `import model "file"`: the entities defined, in order, the model's version when it
    /// names one, and notes on what of the model bowq leaves out.
    case modelImported(entities: [String], version: String?, notes: [String])
    /// `export Entity to "file"`: the objects written to the file at `path`.
    case exported(entity: String, count: Int, path: String)
    /// `insert`: the objects inserted.
    case inserted(entity: String, count: Int)
    /// `set` or `update`: the objects changed.
    case updated(entity: String, count: Int)
    /// `delete`: the objects matched, and the related objects the delete rules removed too.
    case deleted(entity: String, count: Int, cascaded: Int)
    /// `save`: the changes written; 0 when there was nothing to save.
    case saved(changes: Int)
    /// `rollback`: the changes discarded; 0 when there was nothing to roll back.
    case rolledBack(changes: Int)
    /// `undo` took back the last change.
    case undone
    /// `undo` with no change to take back.
    case nothingToUndo
    /// `redo` made the last undone change again.
    case redone
    /// `redo` with no undone change.
    case nothingToRedo
    /// `validate`: the changed objects, all of them valid.
    case validated(objects: Int)
  }
}
