/// The words that begin a statement, one case each: the one list the statement parser reads
/// to choose a statement, to name them all in "expected a statement (…)", and to suggest
/// one for a misspelt word, and that a help text or completion can read.
///
/// The words are matched in any case, and are no reserved words: `fetch T where set == 1`
/// reads `set` as a key.
public enum StatementKeyword: String, CaseIterable, Sendable {
  case entity
  case `import`
  case export
  case fetch
  case count
  case set
  case insert
  case update
  case delete
  case save
  case rollback
  case changes
  case undo
  case redo
  case validate
  case explain
  case why
  case show

  /// The word as written in a statement.
  public var word: String { rawValue }

  /// The keyword `word` is, in any case, or nil when it begins no statement.
  public init?(word: String) {
    self.init(rawValue: word.lowercased())
  }

  /// The statement's form, as a help line shows it.
  public var synopsis: String {
    switch self {
    case .entity: return "entity Name [: Parent] { property: Type[?] [rules…], … }"
    case .import: return "import \"file.plist\" into Entity | import model \"App.xcdatamodeld\""
    case .export:
      return "export Entity [where PREDICATE] to \"file\" [as json|jsonl|csv|xml|binary]"
    case .fetch:
      return "fetch Entity [select …] [where PREDICATE] [group by …] [having PREDICATE] "
        + "[sort by key [asc|desc], …] [limit N] [offset N]"
    case .count: return "count Entity [where PREDICATE]"
    case .set: return "set key = expr, …"
    case .insert: return "insert Entity key = expr, …"
    case .update: return "update Entity [where PREDICATE] set key = expr, …"
    case .delete: return "delete Entity [where PREDICATE]"
    case .changes: return "changes [all]"
    case .save, .rollback, .undo, .redo, .validate: return word
    case .explain: return "explain [analyze] STATEMENT"
    case .why: return "why [not] [Entity/pN] [where PREDICATE]"
    case .show: return "show [Entity/pN | Entity [where PREDICATE]]"
    }
  }

  /// What the statement does, in a few words, as a help line shows it.
  public var summary: String {
    switch self {
    case .entity:
      return "define an entity, or redefine it; : Parent inherits its properties, "
        + "abstract entity … has objects only through its sub-entities, and "
        + "name: [Entity] ordered keeps a to-many in the order objects were added"
    case .import: return "read objects from a property list, or an Xcode data model"
    case .export: return "write objects to a JSON, JSON Lines, CSV or property-list file"
    case .fetch: return "find objects; they become the selection"
    case .count: return "count objects"
    case .set: return "change the objects of the selection (the last fetch)"
    case .insert: return "add an object"
    case .update: return "change the objects that match"
    case .delete: return "delete the objects that match"
    case .save: return "validate the pending changes and write them to the store"
    case .rollback: return "discard the pending changes"
    case .changes: return "list the pending changes (a long list is summarised; all lists each)"
    case .undo: return "undo the last change"
    case .redo: return "redo the last change undone"
    case .validate: return "validate the pending changes without saving"
    case .explain:
      return "show the plan a statement would run; with analyze, run a fetch or count and "
        + "show each step's rows and time"
    case .why:
      return "show why an object matches a predicate or not (the last fetch's, by default), "
        + "part by part; without an object, for each object of the selection, sub-entities' "
        + "too"
    case .show:
      return "show objects as cards, as an app's screen shows them; without an object, "
        + "each object of the selection"
    }
  }
}
