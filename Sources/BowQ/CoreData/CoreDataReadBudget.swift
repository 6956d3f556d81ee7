/// How many bytes of text and blobs one reading of a Core Data store's rows may take, so
/// that reading stays linear in the file: 16 times the database's size, and at least
/// 64 MiB, as ``PropertyListExpansion`` bounds a property list's shared references.
///
/// A row holds its values in the file, so the rows of a store Core Data wrote take at most
/// the file's size. Only a hostile or damaged one holds more: a column added with a huge
/// default value (`ALTER TABLE … ADD COLUMN … DEFAULT '…'`), which every older row reads
/// as its own, or pages shared by many rows. 20,000 rows each reading the same 1 MB string
/// from a 1.4 MB file would hand bowq 20 GB to copy, hash and compare, taking minutes.
struct CoreDataReadBudget {
  /// The bytes a reading may take.
  let limit: Int
  /// The bytes taken so far.
  private(set) var spent = 0
  /// The database's size in bytes, for the message.
  private let fileSize: Int

  /// The budget of one reading of the database `connection` reads.
  init(for connection: SQLiteConnection) throws(CoreDataStoreError) {
    var size = 0
    if case .integer(let pages)? = try connection.rows("PRAGMA page_count").first?.first,
      case .integer(let pageSize)? = try connection.rows("PRAGMA page_size").first?.first
    {
      let (product, overflow) = pages.multipliedReportingOverflow(by: pageSize)
      size = overflow ? Int.max : Int(product)
    }
    self.init(fileSize: size)
  }

  /// The budget of one reading of a database of `fileSize` bytes.
  init(fileSize: Int) {
    self.fileSize = fileSize
    let (scaled, overflow) = fileSize.multipliedReportingOverflow(by: 16)
    limit = overflow ? Int.max : max(scaled, 64 << 20)
  }

  /// Takes the bytes of the text and blobs of `cells`, a row of `table`.
  ///
  /// - Throws: a ``CoreDataStoreError/Kind/badTable`` error naming the table when the
  ///   reading has taken more than its limit.
  mutating func take(_ cells: [SQLiteConnection.Cell], of table: String)
    throws(CoreDataStoreError)
  {
    for cell in cells {
      switch cell {
      case .text(let text): spent += text.utf8.count
      case .blob(let data): spent += data.count
      default: continue
      }
    }
    guard spent > limit else { return }
    throw CoreDataStoreError(
      .badTable,
      "the rows of \(table) hold more than \(DigitGrouping.format(limit)) bytes of text and "
        + "data, over 16 times the store's \(DigitGrouping.format(fileSize)) bytes: the same "
        + "value is read again and again (a column's default value, or damaged pages many rows "
        + "share), which Core Data never writes. bowq stops rather than copy it for every row")
  }
}
