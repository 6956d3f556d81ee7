import Foundation
import XCTest

@testable import BowQ

/// Photos.app's own library database (macOS 10.15, ``CoreDataFixtures``): a 123 KB model
/// cache of 53 entities that shares its objects heavily, inheritance (GenericAsset > Asset,
/// GenericAlbum > Album > …), `Z34_` columns of a to-one's target entity, join tables of
/// many-to-manys, a reflexive one among them. Every count is checked against raw SQL on the
/// same file, with the rows left in the file and with the whole store read.
final class CoreDataPhotosStoreTests: XCTestCase {
  private func photos() throws -> String {
    try copyCoreDataFixture("Photos/Photos.sqlite").path
  }

  /// The one integer `sql` answers.
  private func integer(_ sql: String, _ path: String) throws -> Int {
    let rows = try SQLiteConnection(readingOnly: path).rows(sql)
    guard case .integer(let n)? = rows.first?.first else {
      XCTFail("\(sql): \(rows)")
      return -1
    }
    return Int(n)
  }

  /// The answer of a `count` statement.
  private func count(_ statement: String, _ interpreter: Interpreter) throws -> Int {
    guard case .count(_, let n)? = try interpreter.run(statement).last else {
      XCTFail("\(statement) is not a count")
      return -1
    }
    return n
  }

  func testTheModelCacheDecodesWithinTheBudgetOfWorkActuallyDone() throws {
    let schema = try CoreDataStoreSchema.read(path: try photos())
    let model = try XCTUnwrap(schema.modelCache.model)
    XCTAssertEqual(model.entities.count, 53)
    XCTAssertEqual(model[entity: "Asset"]?.parent, "GenericAsset")
    XCTAssertEqual(model[entity: "GenericAsset"]?.subentities, ["Asset"])
    XCTAssertEqual(
      model[entity: "Album"]?.subentities,
      ["CloudSharedAlbum", "LegacyFaceAlbum", "PhotoStreamAlbum", "ProjectAlbum"])
  }

  func testTheCacheCostsWorkLinearInItsSizeThoughItExpandsPastTheBudget() throws {
    let path = try photos()
    let rows = try SQLiteConnection(readingOnly: path).rows("SELECT Z_CONTENT FROM Z_MODELCACHE")
    guard case .blob(let compressed)? = rows.first?.first else { return XCTFail("no cache") }
    let inflated = try Inflation.inflate(compressed, limit: KeyedArchive.maximumInflatedSize)
    let plist = try BinaryPropertyListReader.decode(inflated, readingUIDs: true)
    let objects = try XCTUnwrap(plist.dictionaryValue?["$objects"]?.arrayValue)
    let top = try XCTUnwrap(plist.dictionaryValue?["$top"]?.dictionaryValue?["root"])
    let budget = PropertyListExpansion.budget(forLength: inflated.count)
    var decoder = KeyedArchiveDecoder(objects: objects, budget: budget)
    let root = try decoder.inline(top, in: nil)
    // The work done is about one value or byte per byte of the archive (285,059 for 255,004
    // bytes), far under the budget of 16 per byte; walked in full, sharing followed, the
    // model passes that budget, which the old measure charged, and so refused the cache.
    XCTAssertLessThan(decoder.spent, 2 * inflated.count)
    XCTAssertGreaterThan(root.expandedSize(limit: budget), budget)
  }

  func testEveryEntityCountsAsRawSQLCountsItsHierarchy() throws {
    let path = try photos()
    let file = try CoreDataStoreFile.open(path: path)
    let lazy = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let numbers = file.schema.entityNumbers.filter { $0.number < 16000 }
    XCTAssertEqual(numbers.count, 53)
    var nonEmpty = 0
    for entity in numbers {
      var hierarchy: Set<Int64> = [entity.number]
      var root = entity
      while root.parentNumber != 0,
        let parent = numbers.first(where: { $0.number == root.parentNumber })
      {
        root = parent
      }
      for candidate in numbers where candidate.number > entity.number {
        if hierarchy.contains(candidate.parentNumber) { hierarchy.insert(candidate.number) }
      }
      let list = hierarchy.sorted().map(String.init).joined(separator: ", ")
      let expected = try integer(
        "SELECT count(*) FROM Z\(root.name.uppercased()) WHERE Z_ENT IN (\(list))", path)
      nonEmpty += expected > 0 ? 1 : 0
      XCTAssertEqual(try count("count \(entity.name)", lazy), expected, entity.name)
      XCTAssertEqual(try count("count \(entity.name)", memory), expected, entity.name)
    }
    XCTAssertGreaterThan(nonEmpty, 25)
    XCTAssertEqual(try count("count GenericAsset", lazy), 7, "the Assets are GenericAssets")
    XCTAssertEqual(try count("count Album", lazy), 10)
    XCTAssertEqual(try count("count GenericAlbum", lazy), 44)
  }

  /// Photos keeps its assets' locations in an R-tree that triggers on `ZGENERICASSET` write;
  /// a save changing an asset runs them, and the store stays whole.
  func testASaveChangingAnAssetRunsItsRTreeTriggers() throws {
    let path = try photos()
    let interpreter = Interpreter.coreData(try CoreDataStoreFile.open(path: path), at: path)
    _ = try interpreter.run("update Asset where favorite == NO set favorite = YES; save")
    XCTAssertEqual(try integer("SELECT count(*) FROM ZGENERICASSET WHERE ZFAVORITE = 0", path), 0)
    XCTAssertEqual(try integer("SELECT count(*) FROM Z_RT_GenericAsset_boundedByRect", path), 7)
    let check = try SQLiteConnection(readingOnly: path).rows("PRAGMA integrity_check")
    XCTAssertEqual(check.first?.first, .text("ok"))
  }

  func testToOnesIntoAHierarchyAndJoinTablesAnswerAsRawSQL() throws {
    let path = try photos()
    let lazy = try CoreDataPushdownAgreementTests.pushed(path)
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let cases: [(String, String)] = [
      // a to-one whose target's entity is in Z34_ASSET
      ("count InternalResource where asset != nil", "SELECT count(ZASSET) FROM ZINTERNALRESOURCE"),
      (
        "count Album where keyAsset != nil",
        "SELECT count(*) FROM ZGENERICALBUM WHERE Z_ENT = 26 AND ZKEYASSET IS NOT NULL"
      ),
      (
        "count PhotosHighlight where monthKeyAsset.kind == 0",
        "SELECT count(*) FROM ZPHOTOSHIGHLIGHT h JOIN ZGENERICASSET a ON "
          + "a.Z_PK = h.ZMONTHKEYASSET AND a.Z_ENT = h.Z34_MONTHKEYASSET WHERE a.ZKIND = 0"
      ),
      // the ordered many-to-many of albums and assets, in "Z_26ASSETS"
      (
        "count Album where assets.@count > 0",
        "SELECT count(DISTINCT Z_26ALBUMS) FROM Z_26ASSETS"
      ),
      (
        "count Asset where albums.@count > 0",
        "SELECT count(DISTINCT Z_34ASSETS) FROM Z_26ASSETS"
      ),
      (
        "count Keyword where assetAttributes.@count > 1",
        "SELECT count(*) FROM (SELECT Z_37KEYWORDS FROM Z_1KEYWORDS GROUP BY 1 "
          + "HAVING count(*) > 1)"
      ),
      // a relationship that is its own inverse: "Z_45MERGECANDIDATES" with REFLEXIVE
      (
        "count Person where mergeCandidates.@count > 0",
        "SELECT count(DISTINCT Z_45MERGECANDIDATES) FROM Z_45MERGECANDIDATES"
      ),
    ]
    for (statement, sql) in cases {
      let expected = try integer(sql, path)
      XCTAssertEqual(try count(statement, lazy), expected, statement)
      XCTAssertEqual(try count(statement, memory), expected, statement)
    }
    XCTAssertEqual(try integer("SELECT count(*) FROM Z_45MERGECANDIDATES", path), 12)
    XCTAssertFalse(
      memory.notes.contains { $0.message.contains("mergeCandidates") }, "\(memory.notes)")
  }
}
