/// What `explain` teaches about a statement besides its plan: the predicate as parsed,
/// drawn as a tree, its canonical `predicateFormat`, the Swift a Core Data app would write
/// for the statement, and the SwiftData `#Predicate` where one exists.
public struct StatementLesson: Hashable, Sendable {
  /// The `where` clause as parsed; nil when the statement has none.
  public var predicate: PredicateOutline?
  /// The `where` clause as NSPredicate's `predicateFormat` prints it.
  public var predicateFormat: String?
  /// The statement in a Core Data app's Swift: a fetch request, a count, a batch delete or
  /// update, an insert; nil for statements Core Data has no request for.
  public var coreDataSwift: String?
  /// The `where` clause as SwiftData's `#Predicate`, or why it has none.
  public var swiftData: SwiftDataPredicate?

  public init(
    predicate: PredicateOutline?, predicateFormat: String?, coreDataSwift: String?,
    swiftData: SwiftDataPredicate?
  ) {
    self.predicate = predicate
    self.predicateFormat = predicateFormat
    self.coreDataSwift = coreDataSwift
    self.swiftData = swiftData
  }

  /// The lesson of a statement, against the model it is bound to.
  public init(_ statement: Statement, model: Model) {
    self.init(statement, running: statement, model: model)
  }

  /// The lesson of a statement whose `#Predicate` is that of `running`, the statement as it
  /// runs (with the binder's folds): a `TERNARY` the binder folds is the branch it
  /// takes there, as in the plan `explain` prints, while the outline, the `predicateFormat`
  /// and the Core Data Swift show the statement as written, as NSPredicate keeps it.
  init(_ statement: Statement, running: Statement, model: Model) {
    let (entityName, syntax) = Self.entityAndPredicate(of: statement)
    let entity = entityName.flatMap(model.entity(named:))
    self.init(
      predicate: syntax.map(PredicateOutline.init),
      predicateFormat: syntax.map { PredicateFormatter.format($0) },
      coreDataSwift: CoreDataSwift.code(for: statement, model: model),
      swiftData: Self.entityAndPredicate(of: running).1.flatMap { syntax in
        entity.map {
          SwiftDataPredicate.translating(
            syntax, on: $0, model: model,
            using: SwiftDataPredicate.descriptorLines(for: running, on: $0))
        }
      })
  }

  /// The entity a statement works on and its `where` clause.
  private static func entityAndPredicate(of statement: Statement) -> (String?, PredicateSyntax?) {
    switch statement.kind {
    case .fetch(let request): return (request.entity.text, request.predicate)
    case .count(let entity, let predicate), .delete(let entity, let predicate),
      .update(let entity, let predicate, _):
      return (entity.text, predicate)
    case .export(let request): return (request.entity.text, request.predicate)
    default: return (nil, nil)
    }
  }
}

/// A predicate as parsed, without values: the shape `explain` draws.
public struct PredicateOutline: Hashable, Sendable {
  public var kind: WhyNode.Kind
  /// The node's predicate in canonical form.
  public var text: String
  public var children: [PredicateOutline]

  /// The outline of a parsed predicate.
  public init(_ syntax: PredicateSyntax) {
    text = PredicateFormatter.format(syntax)
    switch syntax.kind {
    case .constant: (kind, children) = (.constant, [])
    case .comparison, .customSelector: (kind, children) = (.comparison, [])
    case .not(let inner): (kind, children) = (.not, [PredicateOutline(inner)])
    case .and(let operands): (kind, children) = (.and, operands.map(PredicateOutline.init))
    case .or(let operands): (kind, children) = (.or, operands.map(PredicateOutline.init))
    }
  }
}
