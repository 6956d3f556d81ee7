import Foundation

/// A model guessed from a Core Data store's tables, for a store with no model cache opened
/// without `--model`: each root entity of `Z_PRIMARYKEY` with a table `Z<NAME>` gets an
/// attribute per column, named after it in lower case and typed by the column's declared
/// type; sub-entities hold their root's attributes. Relationships cannot be told from
/// integers, so they read as the keys they hold.
enum CoreDataModelInference {
  /// The types of Core Data's column declarations.
  static let columnTypes: [String: CoreDataAttributeType] = [
    "INTEGER": .integer64, "FLOAT": .double, "DECIMAL": .decimal, "VARCHAR": .string,
    "TIMESTAMP": .date, "BLOB": .binaryData,
  ]

  /// The models in the folder of the store at `storePath`, by path in that form, in name
  /// order (a project keeps its model in its sources, and a test store often lies beside it).
  static func modelsBeside(_ storePath: String) -> [String] {
    let folder = (storePath as NSString).deletingLastPathComponent
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    return names.filter {
      ["xcdatamodeld", "xcdatamodel", "momd", "mom"].contains(($0 as NSString).pathExtension)
    }
    .sorted().prefix(3).map { (folder as NSString).appendingPathComponent($0) }
  }

  /// `; beside the store: --model A or --model B`, each path as a shell reads it back (in
  /// single quotes unless it is plain); nothing when there is none.
  private static func besideNote(_ paths: [String]) -> String {
    guard !paths.isEmpty else { return "" }
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+@")
    let words = paths.map { path in
      path.allSatisfy(plain.contains)
        ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
    return "; beside the store: " + words.map { "--model \($0)" }.joined(separator: " or ")
  }

  /// Entity numbers from this one up are Core Data's own (persistent history), not the
  /// model's.
  static let firstFrameworkEntityNumber: Int64 = 16000

  /// The guessed model and what was guessed, in sentences, naming the models that lie beside
  /// the store at `storePath` (``modelsBeside(_:)``).
  static func model(
    of connection: SQLiteConnection, schema: CoreDataStoreSchema, storePath: String
  ) throws(CoreDataStoreError) -> (model: CoreDataModel, notes: [String]) {
    let tables = try connection.tableNames()
    let numbers = schema.entityNumbers.filter { $0.number < firstFrameworkEntityNumber }
    try CoreDataModel.checkEntityCount(numbers.count)
    let names = Dictionary(
      numbers.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
    var entities: [CoreDataEntity] = []
    var notes = [
      "the store has no model (no Z_MODELCACHE table) and none was given with --model: the "
        + "entities were guessed from its tables. Attribute names are the column names in lower "
        + "case (ZTITLE is title), relationships read as the Z_PK they hold, and sub-entities "
        + "hold their root's attributes. Give the app's .xcdatamodeld or .momd with --model "
        + "for the real model"
        + besideNote(modelsBeside(storePath))
    ]
    for number in numbers {
      let parent = number.parentNumber == 0 ? nil : names[number.parentNumber]
      var entity = CoreDataEntity(name: number.name, parent: parent)
      if parent == nil {
        let table = "Z" + number.name.uppercased()
        guard tables.contains(table) else { continue }
        let columns = try connection.columns(of: table)
        let columnNames = Set(columns.map(\.name))
        for column in columnNames.sorted() {
          if column.hasPrefix("Z_FOK_") {
            notes.append("\(table).\(column): the order of an ordered to-many, left out")
          } else if isEntityColumn(column),
            let underscore = column.firstIndex(of: "_"),
            columnNames.contains("Z" + column[column.index(after: underscore)...])
          {
            let key = "Z" + column[column.index(after: underscore)...]
            notes.append(
              "\(table).\(key): a to-one relationship (\(column) holds its target's entity), "
                + "read as the Z_PK it holds")
          }
        }
        for (column, type) in columns
        where column.hasPrefix("Z") && !column.hasPrefix("Z_") && !isEntityColumn(column) {
          guard let attributeType = columnTypes[type] else {
            notes.append("\(table).\(column): left out (its type \(type) is not Core Data's)")
            continue
          }
          entity.attributes.append(
            CoreDataAttribute(
              name: String(column.dropFirst()).lowercased(), type: attributeType,
              isOptional: true))
        }
      }
      entities.append(entity)
    }
    for table in tables.sorted() where isJoinTable(table) {
      notes.append("\(table): the join table of a many-to-many relationship, not read")
    }
    notes.append(
      "not inferred, as the tables do not say: the model's own names (ZAUTHORNAME reads as "
        + "authorname, not authorName); which INTEGER columns are Booleans, 16- or 32-bit "
        + "integers or to-one relationships; whether a BLOB holds binary data, a UUID or a "
        + "transformed value, and a FLOAT a Float; to-many relationships and inverses; which "
        + "sub-entity declares which attribute; abstract entities; optionality, defaults and "
        + "validation rules")
    let kept = Set(entities.map(\.name))
    entities = entities.filter { $0.parent.map(kept.contains) ?? true }
    let model = CoreDataModel(
      entities: CoreDataModel.linkingSubentities(entities).sorted { $0.name < $1.name })
    try model.checkSize()
    return (model, notes)
  }

  /// `Z_1TAGS`, `Z_26ASSETS`: a table Core Data keeps a many-to-many in, not one of its own
  /// tables (`Z_PRIMARYKEY`, `Z_METADATA`, `Z_MODELCACHE`) nor an R-tree's (`Z_RT_…`).
  private static func isJoinTable(_ table: String) -> Bool {
    guard table.hasPrefix("Z_") else { return false }
    let rest = table.dropFirst(2)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    return !digits.isEmpty && rest.count > digits.count
  }

  /// `Z1_BOOK`: the entity number of a to-one's target.
  static func isEntityColumn(_ column: String) -> Bool {
    guard let underscore = column.firstIndex(of: "_") else { return false }
    let digits = column.dropFirst().prefix(upTo: underscore)
    return !digits.isEmpty && digits.allSatisfy(\.isNumber)
  }
}
