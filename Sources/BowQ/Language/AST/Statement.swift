/// A statement of the bowq language, with the source range it was parsed from.
public struct Statement: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `entity Name { property: Type modifiers…, … }`
    case entity(EntityDefinition)
    /// `import "file.plist" into Entity`
    case importPlist(path: String, entity: Name)
    /// `import model "App.xcdatamodeld"`
    case importModel(path: String)
    /// `export Entity [where P] to "file.json" [as json|jsonl|csv|xml|binary]`
    case export(ExportRequest)
    /// `fetch Entity [select …] [where P] [group by …] [having P] [sort by …] [limit N] [offset N]`
    case fetch(FetchRequest)
    /// `count Entity [where P]`
    case count(entity: Name, predicate: PredicateSyntax?)
    /// `set k = expr, …` on the current selection.
    case set([Assignment])
    /// `insert Entity k = expr, …`
    case insert(entity: Name, assignments: [Assignment])
    /// `update Entity [where P] set k = expr, …`
    case update(entity: Name, predicate: PredicateSyntax?, assignments: [Assignment])
    /// `delete Entity [where P]`
    case delete(entity: Name, predicate: PredicateSyntax?)
    case save
    case rollback
    /// `changes [all]`: the pending changes; without `all`, a long list is summarised.
    case changes(all: Bool)
    case undo
    case redo
    case validate
    /// `explain <statement>`: how a statement would run, without running it.
    indirect case explain(Statement)
    /// `explain analyze <statement>`: runs a fetch or count and shows each step of its plan
    /// with the rows it gave and the time it took.
    indirect case explainAnalyze(Statement)
    /// `why [not] [Entity/pN] [where P]`: the predicate's tree with each part's value for
    /// an object.
    case why(WhyRequest)
    /// `show [Entity/pN | Entity [where P]]`: objects as cards, as an app's screen shows them.
    case show(ShowRequest)
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public static func == (a: Statement, b: Statement) -> Bool { a.kind == b.kind }
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A name as written, with where it was written (for did-you-mean errors).
public struct Name: Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var range: SourceRange

  public init(_ text: String, range: SourceRange) {
    self.text = text
    self.range = range
  }

  public static func == (a: Name, b: Name) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  public var description: String { text }
}

/// `export Entity [where P] to "file" [as format]`.
public struct ExportRequest: Hashable, Sendable {
  public var entity: Name
  public var predicate: PredicateSyntax?
  public var path: String
  /// `json`, `jsonl`, `csv`, `xml` or `binary`; nil chooses by the file's extension.
  public var format: Name?

  public init(entity: Name, predicate: PredicateSyntax?, path: String, format: Name?) {
    self.entity = entity
    self.predicate = predicate
    self.path = path
    self.format = format
  }
}
