import BowQ

/// How results name the objects they hold: `BowTie/p3`, the entity (a sub-entity's own,
/// `GraphicNovel/p3`) and `p` with the object's key — the form `why`, `show`, `changes`,
/// validation errors and relationship cells use, for a bowq store and a Core Data store
/// alike (`show` and `why` also take Core Data's `x-coredata://…` URIs).
///
/// A fetch of whole objects names each row's object: a leading `object` column in table,
/// box and csv output, an `"object"` key first in JSON, a record header in line output. The
/// rows of `select` are values, not objects, and have none (`select SELF` shows the objects
/// as values).
enum ObjectNaming {
  /// The name of the column of objects: `object`, or with `_` before it as often as it
  /// takes to differ from the result's own columns.
  static func columnName(among columns: [ResultColumn]) -> String {
    var name = "object"
    while columns.contains(where: { $0.name == name }) { name = "_" + name }
    return name
  }

  /// Whether each row of `result` is a whole object (a fetch without `select`).
  static func rowsAreObjects(_ result: ResultSet) -> Bool {
    !result.ids.isEmpty && result.ids.count == result.rows.count
  }

  /// `result` with a leading column naming each row's object, when its rows are objects;
  /// otherwise `result` as it is. Rows stay read as they are wanted.
  static func withObjectColumn(_ result: ResultSet) -> ResultSet {
    guard rowsAreObjects(result) else { return result }
    let ids = result.ids
    var named = result
    named.columns.insert(
      ResultColumn(
        name: columnName(among: result.columns), type: .object(entity: result.entity)),
      at: 0)
    named.rows = result.rows.mappingIndexedRows { index, row in [.object(ids[index])] + row }
    return named
  }

  /// The header of the `index`th record of `result` in line output, psql's `-[ RECORD 1 ]`:
  /// the object's name when the rows are objects, else the record's number from 1.
  static func recordTitle(of result: ResultSet, at index: Int) -> String {
    rowsAreObjects(result) ? result.ids[index].description : "RECORD \(index + 1)"
  }
}
