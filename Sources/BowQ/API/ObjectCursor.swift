/// The objects of a fetch, each made when it is read: a million objects found cost their
/// positions until they are read, and none is held after it has been read.
public struct ObjectCursor: RandomAccessCollection, Sendable {
  private let result: ResultSet
  private let keys: [String]
  /// The rows of `result` delivered, in order; nil for every one.
  private let positions: [Int]?

  /// The objects of `result`, or those at `positions` of it.
  init(_ result: ResultSet, positions: [Int]? = nil) {
    self.result = result
    self.positions = positions
    keys = result.columns.map(\.name)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { positions?.count ?? result.ids.count }

  public subscript(position: Int) -> FetchedObject {
    let row = positions?[position] ?? position
    return FetchedObject(id: result.ids[row], keys: keys, values: result.rows[row])
  }
}
