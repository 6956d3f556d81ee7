import Foundation

/// Turns the cells of a Core Data table into bowq values, as Core Data encodes each type:
/// integers and Booleans as INTEGER, Double, Float and Decimal as REAL (a Decimal's digits
/// past a Double's are not in the file), strings and URIs as text, dates as REAL seconds
/// since 2001-01-01, UUIDs as 16-byte blobs, Binary as blobs (or, for attributes that allow
/// external storage, a marker byte then the bytes or the name of a file in the store's
/// `_EXTERNAL_DATA` folder), and Transformable values as the archive their transformer made,
/// decoded when it holds one of Foundation's standard classes.
struct CoreDataValueReader {
  /// `.<store name>_SUPPORT/_EXTERNAL_DATA` beside the store.
  let externalDataFolder: URL

  /// The folder of external data of the store at `path`.
  init(storePath path: String) {
    let store = URL(fileURLWithPath: path)
    let name = store.deletingPathExtension().lastPathComponent
    externalDataFolder = store.deletingLastPathComponent()
      .appendingPathComponent(".\(name)_SUPPORT").appendingPathComponent("_EXTERNAL_DATA")
  }

  /// The value of `cell` for `attribute`; `place` names the table, the column and the row
  /// for messages.
  ///
  /// - Parameter archived: whether the store keeps the attribute as the `NSKeyedArchiver`
  ///   archive of a Transformable's value (``isArchived(_:comparable:)``), so that a blob of
  ///   a Binary or UUID attribute is the archive of an `NSData` or `NSUUID`, not the value.
  func value(
    _ cell: SQLiteConnection.Cell, _ attribute: Attribute, archived: Bool, place: String
  ) throws(CoreDataStoreError) -> Value {
    func wrong() -> CoreDataStoreError {
      CoreDataStoreError(
        .badValue,
        "\(place) holds \(cell.kindDescription), which the \(attribute.type.coreDataName) "
          + "attribute \(attribute.name) cannot hold")
    }
    if case .null = cell { return .null }
    switch (attribute.type, cell) {
    case (.int16, .integer(let i)), (.int32, .integer(let i)), (.int64, .integer(let i)):
      guard attribute.type.integerRange?.contains(i) == true else {
        throw CoreDataStoreError(
          .badValue, "\(place) holds \(i), out of range for \(attribute.type.coreDataName)")
      }
      return .int(i)
    case (.bool, .integer(let i)):
      return .bool(i != 0)
    case (.double, .real(let d)), (.float, .real(let d)):
      return .double(d)
    case (.double, .integer(let i)), (.float, .integer(let i)):
      return .double(Double(i))
    case (.decimal, .integer(let i)):
      return .decimal(Decimal(i))
    case (.decimal, .real(let d)):
      guard case .success(let decimal) = Decimal.converting(d) else { throw wrong() }
      return .decimal(decimal)
    case (.decimal, .text(let s)):
      guard let decimal = Decimal(string: s, locale: Locale(identifier: "en_US_POSIX")) else {
        throw wrong()
      }
      return .decimal(decimal)
    case (.string, .text(let s)):
      return .string(s)
    case (.uri, .text(let s)):
      guard let uri = URI(s) else { throw wrong() }
      return .uri(uri)
    case (.date, .real(let seconds)):
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case (.date, .integer(let seconds)):
      return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
    case (.uuid, .blob(let bytes)) where !archived:
      guard bytes.count == 16 else {
        throw CoreDataStoreError(
          .badValue, "\(place) holds \(bytes.count) bytes; a UUID is stored as 16")
      }
      let b = Array(bytes)
      return .uuid(
        UUID(
          uuid: (
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
            b[13], b[14], b[15]
          )))
    case (.uuid, .text(let s)):
      guard let uuid = UUIDText.uuid(s) else { throw wrong() }
      return .uuid(uuid)
    case (.binary, .blob(let bytes)) where !archived:
      return .data(
        attribute.allowsExternalStorage ? try external(bytes, place: place) : bytes)
    case (.transformable(let transformer), .blob(let bytes)) where !transformer.isBuiltIn:
      return .data(bytes)
    case (_, .blob(let bytes)):
      return try unarchived(bytes, attribute, place: place)
    default:
      throw wrong()
    }
  }

  /// Whether Core Data keeps `attribute` as the `NSKeyedArchiver` archive of a
  /// Transformable's value, given whether its column is `comparable` (holds the value itself,
  /// ``CoreDataSQLMap/Slot``): a column that is not holds such an archive unless it holds
  /// the marker of external data.
  static func isArchived(_ attribute: Attribute, comparable: Bool) -> Bool {
    !comparable && !attribute.allowsExternalStorage
  }

  /// The bytes of an attribute that allows external storage: after a first byte 1 the bytes
  /// themselves, after a 2 the name of the file in the external data folder that holds them.
  private func external(_ bytes: Data, place: String) throws(CoreDataStoreError) -> Data {
    guard let marker = bytes.first else { return bytes }
    let rest = bytes.dropFirst()
    switch marker {
    case 1:
      return Data(rest)
    case 2:
      let name = String(decoding: rest.prefix { $0 != 0 }, as: UTF8.self)
      guard UUID(uuidString: name) != nil else {
        throw CoreDataStoreError(
          .badValue, "\(place) names the external file \(Value.quoted(name)), which is not a UUID")
      }
      let file = externalDataFolder.appendingPathComponent(name).path
      do {
        return try FileContents(reading: file).data
      } catch {
        throw CoreDataStoreError(
          .badValue,
          "\(place) keeps its data in \(Value.quoted(file)), which cannot be read: "
            + error.reason)
      }
    default:
      throw CoreDataStoreError(
        .badValue,
        "\(place) starts with the byte \(marker); external storage marks data with 1 (in the "
          + "row) or 2 (in a file)")
    }
  }

  /// A Transformable value archived by `NSKeyedArchiver`, as the standard value it holds.
  private func unarchived(_ bytes: Data, _ attribute: Attribute, place: String)
    throws(CoreDataStoreError) -> Value
  {
    let root: ArchivedValue?
    do {
      root = try KeyedArchive.decode(bytes).root
    } catch {
      throw CoreDataStoreError(.badValue, "\(place) is not an archived value: \(error.message)")
    }
    let value: Value
    switch root {
    case .string(let s)?: value = .string(s)
    case .integer(let i)?: value = .int(i)
    case .unsignedInteger(let u)?: value = .double(Double(u))
    case .real(let d)?: value = .double(d)
    case .bool(let b)?: value = .bool(b)
    case .date(let d)?: value = .date(d)
    case .data(let d)?: value = .data(d)
    case .uuid(let u)?: value = .uuid(u)
    case .url(let s)?: value = URI(s).map(Value.uri) ?? .string(s)
    case .null?, nil: return .null
    default:
      throw CoreDataStoreError(
        .badValue,
        "\(place) archives a value that is not a \(attribute.type.coreDataName)")
    }
    switch AttributeCoercion.coerce(value, to: attribute) {
    case .success(let coerced): return coerced
    case .failure(let failure): throw CoreDataStoreError(.badValue, "\(place): \(failure.message)")
    }
  }
}

extension CoreDataValueReader {
  /// The cell Core Data stores for `value` of `attribute`: the inverse of
  /// ``value(_:_:place:)``, so that a value written and read back is the value written
  /// (a Decimal keeps a Double's digits, as the file does). Binary data of an attribute that
  /// allows external storage is kept in the row, after the marker byte 1, as Core Data keeps
  /// small data.
  ///
  /// - Parameter archived: whether the store keeps the attribute as the `NSKeyedArchiver`
  ///   archive of a Transformable's value (a standard value, data and UUIDs included, is
  ///   archived as Foundation archives it; the value of an app's own transformer, read as
  ///   binary, is written back as its bytes); `place` names the
  ///   table, column and row for messages.
  /// - Throws: ``CoreDataStoreError/Kind/notWritable`` for a value bowq cannot store as Core
  ///   Data would.
  func cell(for value: Value, _ attribute: Attribute, archived: Bool, place: String)
    throws(CoreDataStoreError) -> SQLiteConnection.Cell
  {
    if case .null = value { return .null }
    switch (attribute.type, value) {
    case (.transformable(let transformer), .data(let bytes)) where !transformer.isBuiltIn:
      return .blob(bytes)
    case _ where archived:
      guard let archive = Self.archived(value).flatMap(KeyedArchiveEncoder.archive) else {
        throw CoreDataStoreError(
          .notWritable,
          "\(place): \(value) cannot be archived as the Transformable \(attribute.name)")
      }
      return .blob(archive)
    case (.int16, .int(let i)), (.int32, .int(let i)), (.int64, .int(let i)):
      return .integer(i)
    case (.bool, .bool(let b)):
      return .integer(b ? 1 : 0)
    case (.double, .double(let d)), (.float, .double(let d)):
      return .real(d)
    case (.decimal, .decimal(let d)):
      return .real(d.nearestDouble)
    case (.string, .string(let s)):
      return .text(s)
    case (.uri, .uri(let uri)):
      return .text(uri.absoluteString)
    case (.date, .date(let date)):
      return .real(date.timeIntervalSinceReferenceDate)
    case (.uuid, .uuid(let uuid)):
      return .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
    case (.binary, .data(let bytes)):
      return .blob(attribute.allowsExternalStorage ? Data([1]) + bytes : bytes)
    default:
      throw CoreDataStoreError(
        .notWritable,
        "\(place): \(value) is not a value of the \(attribute.type.coreDataName) attribute "
          + attribute.name)
    }
  }

  /// The Foundation value a Transformable of a standard class archives for `value`: the
  /// inverse of the reading of such an archive.
  private static func archived(_ value: Value) -> ArchivedValue? {
    switch value {
    case .string(let s): return .string(s)
    case .int(let i): return .integer(i)
    case .double(let d): return .real(d)
    case .decimal(let d): return .real(d.nearestDouble)
    case .bool(let b): return .bool(b)
    case .date(let d): return .date(d)
    case .data(let d): return .data(d)
    case .uuid(let u): return .uuid(u)
    case .uri(let uri): return .url(uri.absoluteString)
    case .null, .color, .object, .collection: return nil
    }
  }
}
