import Foundation
import XCTest

/// `bowq --store Photos.sqlite` through the binary: Photos.app's own library database, whose
/// model cache Apple's Core Data wrote, opens and answers as raw SQL does, and stays as it
/// was.
final class CoreDataPhotosCommandTests: XCTestCase {
  func testPhotosLibraryOpensAndAnswersWithoutChangingTheFile() throws {
    let home = try makeHome()
    let store = try Bowq.coreDataFixture("Photos/Photos.sqlite", in: home)
    let before = try Data(contentsOf: store)
    let result = try Bowq.run(
      [
        "--store", store.path, "-c", "count GenericAsset", "-c",
        "count Asset where albums.@count > 0", "-c",
        "fetch Album select title where assets.@count > 1 sort by title", "-c",
        "count Person where mergeCandidates.@count > 0",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    // select count(*) from ZGENERICASSET: 7; select count(distinct Z_34ASSETS) from
    // Z_26ASSETS: 4; the albums of more than one asset in Z_26ASSETS; select
    // count(distinct Z_45MERGECANDIDATES) from Z_45MERGECANDIDATES: 11
    XCTAssertEqual(result.stdout, "7\n4\ntitle\n-------------\nMulti Keyword\nPumpkin Farm\n11\n")
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(try Data(contentsOf: store), before)
    XCTAssertFalse(FileManager.default.fileExists(atPath: store.path + "-wal"))
  }
}
