import Foundation
import XCTest

@testable import BowQ

/// Values of `external` Binary attributes from 100 KB up, kept in files beside the store.
final class ExternalDataTests: XCTestCase {
  private var folder: String!
  private var store: String { folder + "/ties.bowq" }
  private var externalFolder: String { folder + "/.ties.bowq_SUPPORT/_EXTERNAL_DATA" }
  private let threshold = StoreCodec.externalDataThreshold

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-external").path
  }

  /// `Tie { name: String, photo: Binary? external, scan: Binary? }`
  private static let tie = Entity(
    name: "Tie",
    attributes: [
      Attribute(name: "name", type: .string),
      Attribute(name: "photo", type: .binary, isOptional: true, allowsExternalStorage: true),
      Attribute(name: "scan", type: .binary, isOptional: true),
    ])

  private static let shelf = Entity(
    name: "Shelf", attributes: [Attribute(name: "label", type: .string)])

  /// `count` bytes that differ with `seed`.
  private func bytes(_ count: Int, seed: UInt8 = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed })
  }

  private func hash(_ data: Data) -> String {
    data.withUnsafeBytes { SHA256.hexDigest($0) }
  }

  private func graph(_ rows: [(String, Value, Value)]) -> ObjectGraph {
    var graph = ObjectGraph(model: Model(entities: [Self.tie, Self.shelf]))
    for (name, photo, scan) in rows { _ = graph.insert([.string(name), photo, scan], into: "Tie") }
    _ = graph.insert([.string("top")], into: "Shelf")
    return graph
  }

  /// The names in the external data folder; nil when it does not exist.
  private func externalFiles() -> [String]? {
    (try? FileManager.default.contentsOfDirectory(atPath: externalFolder))?.sorted()
  }

  private func fileSize(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
  }

  private func storeRoot() throws -> PropertyListDictionary {
    try XCTUnwrap(
      BinaryPropertyListReader.decode(Data(contentsOf: URL(fileURLWithPath: store)))
        .dictionaryValue)
  }

  private func photoColumn() throws -> [PropertyList] {
    let root = try storeRoot()
    guard
      case .array(let column)? = root["entities"]?.dictionaryValue?["Tie"]?
        .dictionaryValue?["columns"]?.dictionaryValue?["photo"]
    else {
      XCTFail("no photo column")
      return []
    }
    return column
  }

  private func assertLoadFails(
    _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try StoreFile.load(from: store), file: file, line: line) {
      XCTAssertEqual("\($0)", "\(self.store): \(expected)", file: file, line: line)
    }
  }

  // MARK: Where values go

  func testALargeValueOfAnExternalAttributeGoesToAFileNamedByItsHash() throws {
    let photo = bytes(threshold)
    let saved = graph([("Paisley", .data(photo), .null)])
    try StoreFile.save(saved, to: store)

    XCTAssertEqual(externalFiles(), [hash(photo)])
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: externalFolder + "/" + hash(photo))), photo)
    XCTAssertLessThan(try fileSize(store), 2_000, "the value is not in the store file")
    XCTAssertEqual(try storeRoot()["version"], 2)
    XCTAssertEqual(
      try photoColumn(), [["external": .string(hash(photo)), "length": .integer(Int64(threshold))]])
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testAValueJustBelowTheThresholdStaysInTheStoreFileAsBefore() throws {
    let saved = graph([("Paisley", .data(bytes(threshold - 1)), .null)])
    try StoreFile.save(saved, to: store)

    XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/.ties.bowq_SUPPORT"))
    XCTAssertEqual(try storeRoot()["version"], 1)
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: store)), try StoreCodec.encodeData(saved),
      "a store without values kept apart is the version 1 file, byte for byte")
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testALargeValueOfAnAttributeNotMarkedExternalStaysInTheStoreFile() throws {
    let saved = graph([("Paisley", .null, .data(bytes(threshold * 2)))])
    try StoreFile.save(saved, to: store)

    XCTAssertNil(externalFiles())
    XCTAssertGreaterThan(try fileSize(store), threshold * 2)
    XCTAssertEqual(try storeRoot()["version"], 1)
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testEncodingToBytesKeepsEveryValueInline() throws {
    let photo = bytes(threshold * 2)
    let saved = graph([("Paisley", .data(photo), .null)])
    let data = try StoreCodec.encodeData(saved)
    XCTAssertGreaterThan(data.count, photo.count)
    guard case .dictionary(let root) = try BinaryPropertyListReader.decode(data) else {
      return XCTFail("not a dictionary")
    }
    XCTAssertEqual(root["version"], 1)
    XCTAssertEqual(try StoreCodec.decodeData(data), saved)
  }

  func testEqualValuesShareOneFile() throws {
    let photo = bytes(threshold + 10)
    var saved = graph([("Red", .data(photo), .null), ("Blue", .data(photo), .null)])
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [hash(photo)])
    XCTAssertEqual(try StoreFile.load(from: store), saved)

    _ = try saved.delete([ObjectID(entity: "Tie", key: 1)])
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [hash(photo)], "Blue still refers to the file")
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  /// Rows are decoded by several workers; a value many rows hold is still read once, and
  /// every row shares its bytes.
  func testAValueManyRowsHoldIsReadOnceIntoOneBuffer() throws {
    let photo = bytes(threshold)
    try StoreFile.save(graph((0..<20_000).map { ("Tie \($0)", .data(photo), .null) }), to: store)
    let rows = try StoreFile.load(from: store).table("Tie").rows
    let buffers = Set(
      rows.compactMap { row -> UnsafeRawPointer? in
        guard case .data(let data) = row[1] else { return nil }
        return data.withUnsafeBytes { $0.baseAddress }
      })
    XCTAssertEqual(rows.count, 20_000)
    XCTAssertEqual(buffers.count, 1)
  }

  func testAnUnchangedValueIsNotWrittenAgain() throws {
    let photo = bytes(threshold)
    var saved = graph([("Red", .data(photo), .null)])
    try StoreFile.save(saved, to: store)
    let file = externalFolder + "/" + hash(photo)
    let before = try FileManager.default.attributesOfItem(atPath: file)
    _ = saved.insert([.string("Blue"), .null, .null], into: "Tie")
    try StoreFile.save(saved, to: store)
    let after = try FileManager.default.attributesOfItem(atPath: file)
    XCTAssertEqual(before[.systemFileNumber] as? NSNumber, after[.systemFileNumber] as? NSNumber)
    XCTAssertEqual(before[.modificationDate] as? Date, after[.modificationDate] as? Date)
  }

  func testFilesAndFoldersTakeTheStoresMode() throws {
    try StoreFile.save(graph([]), to: store)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: store)
    let photo = bytes(threshold)
    try StoreFile.save(graph([("Red", .data(photo), .null)]), to: store)
    func mode(_ path: String) throws -> Int? {
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?
        .intValue
    }
    XCTAssertEqual(try mode(externalFolder + "/" + hash(photo)), 0o640)
    XCTAssertEqual(try mode(externalFolder), 0o750)
    XCTAssertEqual(try mode(folder + "/.ties.bowq_SUPPORT"), 0o750)
  }

  // MARK: Files no longer referred to

  func testUpdatingTheValueRemovesTheOldFile() throws {
    let old = bytes(threshold, seed: 1)
    let new = bytes(threshold, seed: 2)
    var saved = graph([("Red", .data(old), .null)])
    try StoreFile.save(saved, to: store)
    saved.update(ObjectID(entity: "Tie", key: 1), attribute: 1, to: .data(new))
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [hash(new)])
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testDeletingTheObjectRemovesItsFileAndTheEmptyFolders() throws {
    let kept = bytes(threshold, seed: 1)
    let deleted = bytes(threshold, seed: 2)
    var saved = graph([("Red", .data(kept), .null), ("Blue", .data(deleted), .null)])
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [hash(kept), hash(deleted)].sorted())

    _ = try saved.delete([ObjectID(entity: "Tie", key: 2)])
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [hash(kept)])

    _ = try saved.delete([ObjectID(entity: "Tie", key: 1)])
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder), ["ties.bowq"],
      "with no value kept apart, nothing is left beside the store")
    XCTAssertEqual(try storeRoot()["version"], 1)
  }

  func testOrphansOfAnInterruptedSaveAreRemovedByTheNextSave() throws {
    let photo = bytes(threshold)
    let saved = graph([("Red", .data(photo), .null)])
    try StoreFile.save(saved, to: store)
    // A save killed after writing its files: a value the store never came to refer to, and
    // a temporary file of a process that is gone (no process has the pid Int32.max).
    let orphan = bytes(threshold, seed: 9)
    try orphan.write(to: URL(fileURLWithPath: externalFolder + "/" + hash(orphan)))
    let abandoned = ".tmp-\(Int32.max)-0"
    let running = ".tmp-\(getpid())-7"
    for name in [abandoned, running, "notes.txt"] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: externalFolder + "/" + name))
    }
    XCTAssertEqual(try StoreFile.load(from: store), saved, "orphans do not disturb loading")

    try StoreFile.save(saved, to: store)
    XCTAssertEqual(externalFiles(), [running, hash(photo), "notes.txt"].sorted())
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testAbandonedTemporaryFilesGoWhenTheStoreIsClaimedForAnEdit() throws {
    try StoreFile.save(graph([("Red", .data(bytes(threshold)), .null)]), to: store)
    let abandoned = ".tmp-\(Int32.max)-0"
    try Data("partial".utf8).write(to: URL(fileURLWithPath: externalFolder + "/" + abandoned))
    let handle = try StoreHandle(openingForWriting: store)
    _ = try handle.load()
    XCTAssertEqual(externalFiles()?.contains(abandoned), true, "a reader leaves them")
    try handle.claim()
    XCTAssertEqual(externalFiles()?.contains(abandoned), false)
  }

  // MARK: Missing and damaged files

  func testAMissingFileNamesTheObjectAndTheFile() throws {
    let photo = bytes(threshold)
    try StoreFile.save(graph([("Red", .null, .null), ("Blue", .data(photo), .null)]), to: store)
    let file = externalFolder + "/" + hash(photo)
    try FileManager.default.removeItem(atPath: file)
    assertLoadFails(
      "entity Tie, attribute photo, object Tie/p2: the external data file \(file) is missing "
        + "(a store's external data files are copied, moved and restored with it)")
    XCTAssertThrowsError(try StoreFile.load(from: store)) {
      guard case StoreError.invalidFile(_, let inner) = $0 else { return XCTFail("\($0)") }
      XCTAssertEqual(
        inner,
        .externalDataUnreadable(
          entity: "Tie", attribute: "photo", key: 2, path: file, problem: "is missing"))
    }
  }

  func testATruncatedFileIsReported() throws {
    let photo = bytes(threshold)
    try StoreFile.save(graph([("Red", .data(photo), .null)]), to: store)
    let file = externalFolder + "/" + hash(photo)
    try photo.prefix(100).write(to: URL(fileURLWithPath: file))
    assertLoadFails(
      "entity Tie, attribute photo, object Tie/p1: the external data file \(file) is 100 bytes "
        + "long, but the store's value is \(threshold) bytes (the file was cut short or changed) "
        + "(a store's external data files are copied, moved and restored with it)")
  }

  func testAFileWithOtherBytesIsReported() throws {
    let photo = bytes(threshold)
    try StoreFile.save(graph([("Red", .data(photo), .null)]), to: store)
    let file = externalFolder + "/" + hash(photo)
    var damaged = photo
    damaged[500] ^= 0xFF
    try damaged.write(to: URL(fileURLWithPath: file))
    assertLoadFails(
      "entity Tie, attribute photo, object Tie/p1: the external data file \(file) does not hold "
        + "the value it is named after (its SHA-256 differs: the file was changed or damaged) "
        + "(a store's external data files are copied, moved and restored with it)")
  }

  func testADamagedFileIsReplacedWhenTheValueIsSavedAgain() throws {
    let photo = bytes(threshold)
    let saved = graph([("Red", .data(photo), .null)])
    try StoreFile.save(saved, to: store)
    let file = externalFolder + "/" + hash(photo)
    try photo.prefix(100).write(to: URL(fileURLWithPath: file))
    try StoreFile.save(saved, to: store)
    XCTAssertEqual(try StoreFile.load(from: store), saved)
  }

  func testSalvageLeavesOutTheEntityWhoseFileIsMissing() throws {
    let photo = bytes(threshold)
    try StoreFile.save(graph([("Red", .data(photo), .null)]), to: store)
    let file = externalFolder + "/" + hash(photo)
    try FileManager.default.removeItem(atPath: file)
    let (salvaged, skipped) = try StoreFile.salvage(from: store)
    XCTAssertEqual(salvaged.table("Tie").count, 0)
    XCTAssertEqual(salvaged.table("Shelf").count, 1)
    XCTAssertEqual(
      skipped,
      [
        .externalDataUnreadable(
          entity: "Tie", attribute: "photo", key: 1, path: file, problem: "is missing")
      ])
  }

  // MARK: Failed saves

  func testASaveThatCannotWriteTheFilesLeavesTheStoreAndItsFilesAndKeepsTheChanges() throws {
    let old = bytes(threshold, seed: 1)
    let handle = try StoreHandle(openingForWriting: store)
    let interpreter = Interpreter(
      context: Context(graph: graph([("Red", .data(old), .null)])), store: .file(handle),
      clock: Date.init)
    try handle.save(interpreter.context.graph)
    let storeBytes = try Data(contentsOf: URL(fileURLWithPath: store))
    guard runSystemCommand(["mount", "--bind", externalFolder, externalFolder]) == 0 else {
      throw XCTSkip("cannot bind-mount a folder here to make it read-only")
    }
    defer { runSystemCommand(["umount", externalFolder]) }
    guard runSystemCommand(["mount", "-o", "remount,bind,ro", externalFolder]) == 0 else {
      throw XCTSkip("cannot make a folder read-only here")
    }

    try interpreter.edit {
      $0.update(ObjectID(entity: "Tie", key: 1), attribute: 1, to: .data(bytes(threshold, seed: 2)))
    }
    XCTAssertThrowsError(try interpreter.run("save")) {
      XCTAssertEqual(
        "\($0)",
        "cannot save \(self.store): cannot write the external data files (nothing was saved): "
          + "cannot create a temporary file in \(self.externalFolder): Read-only file system")
    }
    XCTAssertTrue(interpreter.context.hasChanges, "the changes stay pending")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), storeBytes)
    XCTAssertEqual(externalFiles(), [hash(old)])
    XCTAssertEqual(try StoreFile.load(from: store), graph([("Red", .data(old), .null)]))
  }

  func testAFullDiskWhileWritingTheFilesLeavesTheOldStore() throws {
    let mountPoint = folder + "/small"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
    guard runSystemCommand(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint]) == 0
    else {
      throw XCTSkip("cannot mount a small tmpfs here to fill it")
    }
    defer { runSystemCommand(["umount", mountPoint]) }
    let path = mountPoint + "/ties.bowq"
    let small = graph([("Red", .data(bytes(threshold, seed: 1)), .null)])
    try StoreFile.save(small, to: path)
    let storeBytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let large = graph([("Red", .data(bytes(threshold * 3, seed: 2)), .null)])
    XCTAssertThrowsError(try StoreFile.save(large, to: path)) {
      XCTAssertTrue(
        "\($0)".hasPrefix(
          "cannot save \(path): cannot write the external data files (nothing was saved): "),
        "\($0)")
      XCTAssertTrue("\($0)".hasSuffix("No space left on device"), "\($0)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), storeBytes)
    XCTAssertEqual(try StoreFile.load(from: path), small)
  }

  // MARK: The reference in the column

  private func storeWithReference(_ reference: PropertyList, version: PropertyList = 2)
    throws -> PropertyList
  {
    guard case .dictionary(var root) = try StoreCodec.encode(graph([("Red", .null, .null)])),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"]
    else { throw XCTSkip("unexpected layout") }
    columns["photo"] = [reference]
    columns["photo.nulls"] = nil
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    root["version"] = version
    return .dictionary(root)
  }

  private func assertDecodeFails(
    _ plist: PropertyList, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(
      try StoreCodec.decode(plist, externalData: ExternalDataFolder(store: store)), file: file,
      line: line
    ) {
      XCTAssertEqual("\($0)", expected, file: file, line: line)
    }
  }

  func testReferencesAreCheckedStrictly() throws {
    let hash = String(repeating: "a", count: 64)
    assertDecodeFails(
      try storeWithReference(["external": .string(hash), "length": 5], version: 1),
      "entity Tie, attribute photo, row 0: expected data, found a dictionary")
    assertDecodeFails(
      try storeWithReference(["external": "ABC", "length": 5]),
      "entity Tie, attribute photo, row 0: a value kept in an external file needs its SHA-256 "
        + "(64 lowercase hexadecimal digits) under \"external\"; found a string")
    assertDecodeFails(
      try storeWithReference(["external": .string(hash)]),
      "entity Tie, attribute photo, row 0: a value kept in an external file needs its length in "
        + "bytes under \"length\"; found nothing")
    assertDecodeFails(
      try storeWithReference(["external": .string(hash), "length": 5, "name": "x"]),
      "entity Tie, attribute photo, row 0: a value kept in an external file has only "
        + "\"external\" and \"length\", found \"name\"")
    XCTAssertThrowsError(
      try StoreCodec.decode(storeWithReference(["external": .string(hash), "length": 5]))
    ) {
      XCTAssertEqual(
        "\($0)",
        "entity Tie, attribute photo, row 0: the value is kept in the external data file \(hash), "
          + "which is read only with the store file (StoreFile.load)")
    }
  }

  func testAReferenceInAColumnNotMarkedExternalIsRefused() throws {
    guard case .dictionary(var root) = try storeWithReference(.data(Data())),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"]
    else { return XCTFail("unexpected layout") }
    columns["scan"] = [["external": .string(String(repeating: "a", count: 64)), "length": 5]]
    columns["scan.nulls"] = nil
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    assertDecodeFails(
      .dictionary(root), "entity Tie, attribute scan, row 0: expected data, found a dictionary")
  }

}
