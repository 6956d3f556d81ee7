import Foundation
import XCTest

@testable import BowQ

/// Builds Core Data–shaped SQLite stores for tests: `Z_PRIMARYKEY`, `Z_METADATA`, a model
/// cache archived as Core Data archives its model (sub-entities listing inherited properties
/// again), and the tables and rows given as SQL.
enum CoreDataTestStore {
  /// An attribute of a test model; `type` is `NSAttributeType`'s raw value.
  struct Attribute {
    var name: String
    var type: Int64
    var transformer: String? = nil
    var valueClass: String? = nil
    var external = false
    /// Archived as `NSIsOptional` only when true, as Core Data archives it.
    var optional = true
    /// `NSDefaultValue`, written inline in `$objects` as `NSKeyedArchiver` writes a number
    /// or a string.
    var defaultValue: PropertyList? = nil
    /// Its `NSValidationPredicates`, as Xcode's model editor archives its rules.
    var rules: [Rule] = []
  }

  /// A validation rule of the model editor. Length bounds given together are archived as
  /// one AND of two comparisons, as Core Data archives them.
  enum Rule {
    case minimum(PropertyList)
    case maximum(PropertyList)
    case length(min: Int64, max: Int64)
    case pattern(String)
    /// `SELF CONTAINS "text"`, a predicate bowq's attribute rules cannot say.
    case contains(String)
  }

  /// The archived `NSPredicate` of a rule.
  static func predicate(_ rule: Rule, in w: inout KeyedArchiveWriter) -> PropertyList {
    func comparison(_ left: PropertyList, _ operatorType: Int64, _ constant: PropertyList)
      -> PropertyList
    {
      let right = w.object(
        ["NSConstantValueExpression", "NSExpression", "NSObject"],
        [("NSConstantValue", w.add(constant)), ("NSExpressionType", 0)])
      let comparisonOperator = w.object(
        ["NSComparisonPredicateOperator", "NSPredicateOperator", "NSObject"],
        [
          ("NSOperatorType", .integer(operatorType)), ("NSModifier", 0),
          ("NSVariant", .integer(operatorType)), ("NSOptions", 0),
        ])
      return w.object(
        ["NSComparisonPredicate", "NSPredicate", "NSObject"],
        [
          ("NSLeftExpression", left), ("NSRightExpression", right),
          ("NSPredicateOperator", comparisonOperator),
        ])
    }
    let selfExpression = w.object(
      ["NSSelfExpression", "NSExpression", "NSObject"], [("NSExpressionType", 1)])
    switch rule {
    case .minimum(let value): return comparison(selfExpression, 3, value)
    case .maximum(let value): return comparison(selfExpression, 1, value)
    case .pattern(let pattern): return comparison(selfExpression, 6, .string(pattern))
    case .contains(let text): return comparison(selfExpression, 99, .string(text))
    case .length(let min, let max):
      let keyPath = w.object(
        ["NSKeyPathSpecifierExpression", "NSExpression", "NSObject"],
        [("NSExpressionType", 10), ("NSKeyPath", w.string("length"))])
      let arguments = w.array([keyPath])
      let length = w.object(
        ["NSKeyPathExpression", "NSFunctionExpression", "NSExpression", "NSObject"],
        [
          ("NSOperand", selfExpression), ("NSSelectorName", w.string("valueForKey:")),
          ("NSExpressionType", 3), ("NSArguments", arguments),
        ])
      let parts = [comparison(length, 3, .integer(min)), comparison(length, 1, .integer(max))]
      return w.object(
        ["NSCompoundPredicate", "NSPredicate", "NSObject"],
        [("NSCompoundPredicateType", 1), ("NSSubpredicates", w.array(parts))])
    }
  }

  /// A relationship of a test model.
  struct Relationship {
    var name: String
    var destination: String
    var inverse: String
    var toMany = false
    var ordered = false
    /// Archived as `NSIsOptional` only when true, as Core Data archives it.
    var optional = true
    /// `NSMinCount`, and `NSMaxCount` (nil: 0, no maximum, for a to-many and 1 for a to-one).
    var minCount: Int64 = 0
    var maxCount: Int64? = nil
  }

  /// An entity of a test model.
  struct Entity {
    var name: String
    var parent: String? = nil
    var abstract = false
    var attributes: [Attribute] = []
    var relationships: [Relationship] = []
    /// Its own `NSUniqueTuples`; a sub-entity's archive repeats its parent's first.
    var uniqueTuples: [[String]] = []
    /// `NSRenamingIdentifier`: the entity's name in an earlier version of the model.
    var renamingIdentifier: String? = nil
  }

  /// The `NSManagedObjectModel` archive of `entities`.
  static func modelArchive(_ entities: [Entity]) -> Data {
    var w = KeyedArchiveWriter()
    let model = w.reserve()
    var references: [String: PropertyList] = [:]
    for entity in entities { references[entity.name] = w.reserve() }
    var own: [String: [(String, PropertyList)]] = [:]
    for entity in entities {
      let reference = references[entity.name] ?? KeyedArchiveWriter.null
      for attribute in entity.attributes {
        var fields: [(String, PropertyList)] = [
          ("NSPropertyName", w.string(attribute.name)),
          ("NSAttributeType", .integer(attribute.type)),
          ("NSEntity", reference),
          ("NSAllowsExternalBinaryDataStorage", .bool(attribute.external)),
        ]
        if attribute.optional {
          fields.append(("NSIsOptional", true))
        }
        if let transformer = attribute.transformer {
          fields.append(("NSValueTransformerName", w.string(transformer)))
        }
        if let valueClass = attribute.valueClass {
          fields.append(("NSAttributeValueClassName", w.string(valueClass)))
        }
        if let defaultValue = attribute.defaultValue {
          fields.append(("NSDefaultValue", w.add(defaultValue)))
        }
        if !attribute.rules.isEmpty {
          let predicates = attribute.rules.map { predicate($0, in: &w) }
          fields.append(("NSValidationPredicates", w.array(predicates)))
          let warnings = attribute.rules.map { w.string("\($0)") }
          fields.append(("NSValidationWarnings", w.array(warnings)))
        }
        own[entity.name, default: []].append(
          (
            attribute.name,
            w.object(["NSAttributeDescription", "NSPropertyDescription", "NSObject"], fields)
          ))
      }
      for relationship in entity.relationships {
        var fields: [(String, PropertyList)] = [
          ("NSPropertyName", w.string(relationship.name)), ("NSEntity", reference),
          ("_NSDestinationEntityName", w.string(relationship.destination)),
          ("_NSInverseRelationshipName", w.string(relationship.inverse)),
          ("NSMinCount", .integer(relationship.minCount)),
          ("NSMaxCount", .integer(relationship.maxCount ?? (relationship.toMany ? 0 : 1))),
          ("NSIsOrdered", .bool(relationship.ordered)), ("NSDeleteRule", 1),
        ]
        if relationship.optional {
          fields.append(("NSIsOptional", true))
        }
        own[entity.name, default: []].append(
          (
            relationship.name,
            w.object(["NSRelationshipDescription", "NSPropertyDescription", "NSObject"], fields)
          ))
      }
    }
    let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    func properties(_ name: String?) -> [(String, PropertyList)] {
      guard let name, let entity = byName[name] else { return [] }
      return properties(entity.parent) + (own[name] ?? [])
    }
    func uniqueTuples(_ name: String?) -> [[String]] {
      guard let name, let entity = byName[name] else { return [] }
      return uniqueTuples(entity.parent) + entity.uniqueTuples
    }
    for entity in entities {
      w.fill(
        references[entity.name] ?? KeyedArchiveWriter.null,
        classes: ["NSEntityDescription", "NSObject"],
        fields: [
          ("NSEntityName", w.string(entity.name)),
          ("NSSuperentity", entity.parent.flatMap { references[$0] } ?? KeyedArchiveWriter.null),
          ("NSProperties", w.dictionary(properties(entity.name))),
          ("NSIsAbstract", .bool(entity.abstract)),
          (
            "NSRenamingIdentifier",
            entity.renamingIdentifier.map { w.string($0) } ?? KeyedArchiveWriter.null
          ),
          (
            "NSUniqueTuples",
            w.array(uniqueTuples(entity.name).map { w.array($0.map { w.string($0) }) })
          ),
        ])
    }
    let dictionary = w.dictionary(
      entities.map { ($0.name, references[$0.name] ?? KeyedArchiveWriter.null) })
    w.fill(
      model, classes: ["NSManagedObjectModel", "NSObject"], fields: [("NSEntities", dictionary)])
    return w.binary(root: model)
  }

  /// An `NSKeyedArchiver` archive of one string, as a Transformable of `NSString` holds.
  static func archivedString(_ s: String) -> Data {
    var w = KeyedArchiveWriter()
    let root = w.string(s)
    return w.binary(root: root)
  }

  /// An `NSKeyedArchiver` archive of one `NSData`, held inline, as a Transformable of
  /// `NSData` holds.
  static func archivedData(_ data: Data) -> Data {
    var w = KeyedArchiveWriter()
    let root = w.add(.data(data))
    return w.binary(root: root)
  }

  /// An `NSKeyedArchiver` archive of one `NSUUID` (`NS.uuidbytes`), as a Transformable of
  /// `NSUUID` holds.
  static func archivedUUID(_ uuid: UUID) -> Data {
    var w = KeyedArchiveWriter()
    let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
    let root = w.object(["NSUUID", "NSObject"], [("NS.uuidbytes", .data(bytes))])
    return w.binary(root: root)
  }

  /// Makes a store at `path`: Core Data's tables with the entities in entity-number order
  /// (`Z_SUPER` from each parent), the model cache when `cache` is given, then `sql`.
  static func make(
    at path: String, uuid: String = "0E5E7A5D-57C0-4E00-9E0A-000000000001", entities: [Entity],
    cache: Bool = true, sql: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let numbers = Dictionary(
      uniqueKeysWithValues: entities.enumerated().map { ($1.name, $0 + 1) })
    let rows = entities.enumerated().map { i, entity in
      "(\(i + 1), '\(entity.name)', \(entity.parent.flatMap { numbers[$0] } ?? 0), 100)"
    }
    SQLiteScript.run(
      """
      CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
      CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
      INSERT INTO Z_PRIMARYKEY VALUES \(rows.joined(separator: ", "));
      """, on: path, file: file, line: line)
    let metadata = try BinaryPropertyListWriter.encode(["NSStoreType": "SQLite"])
    SQLiteScript.run(
      "INSERT INTO Z_METADATA VALUES (1, '\(uuid)', ?)", binding: [metadata], on: path)
    if cache {
      SQLiteScript.run("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)", on: path)
      SQLiteScript.run(
        "INSERT INTO Z_MODELCACHE VALUES (?)",
        binding: [Deflater.deflate(modelArchive(entities), raw: true)], on: path)
    }
    SQLiteScript.run(sql, on: path, file: file, line: line)
  }
}
