/// The objects of a fetch, each made when it is read: a million objects found cost their
/// positions until they are read, and none is held after it has been read.
public struct ObjectCursor: RandomAccessCollection, Sendable {
  private let result: ResultSet
  private let keys: [String]

  init(_ result: ResultSet) {
    self.result = result
    keys = result.columns.map(\.name)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { result.ids.count }

  public subscript(position: Int) -> FetchedObject {
    FetchedObject(id: result.ids[position], keys: keys, values: result.rows[position])
  }
}
