import Foundation
import XCTest

@testable import BowQ

/// The Swift API in Core Data's shape: a container opens a store, a context fetches,
/// counts, inserts, changes and deletes objects, and saves — validating as Core Data does,
/// every error at once — or rolls back, undoes and redoes.
final class ObjectContextTests: XCTestCase {
  static let model = """
    entity Owner { name: String, ties: [Tie] inverse owner }
    entity Tie { name: String minLength 2, rating: Int16 default 0 min 0 max 5,
      lastWorn: Date?, owner: Owner? inverse ties }
    """

  private func context() throws -> ObjectContext {
    let context = try ObjectContainer(inMemoryWithModel: Self.model).newContext()
    let ann = try context.insert("Owner", ["name": "Ann"])
    for (name, rating) in [("Blue", 4), ("Red", 2), ("Green", 5), ("Paisley", 3)] {
      try context.insert("Tie", ["name": name, "rating": rating, "owner": ann])
    }
    return context
  }

  func testFetchRequestsFilterSortPageAndCount() throws {
    let context = try context()
    var request = ObjectFetchRequest(
      entityName: "Tie", predicate: try FormatPredicate(format: "rating >= %d", 3),
      sortDescriptors: [ObjectSortDescriptor(key: "rating", ascending: false)])
    XCTAssertEqual(
      try context.fetch(request).map(\.name),
      [.string("Green"), .string("Blue"), .string("Paisley")])
    XCTAssertEqual(try context.count(for: request), 3)
    request.fetchLimit = 1
    request.fetchOffset = 1
    XCTAssertEqual(try context.fetch(request).map { $0["name"] }, [.string("Blue")])
    XCTAssertEqual(try context.count(for: request), 1)

    let owner = try XCTUnwrap(
      context.fetch(ObjectFetchRequest(entityName: "Owner")).first)
    XCTAssertEqual(owner.objectIDs("ties").count, 4)
    XCTAssertEqual(
      Set(try context.objects("ties", of: owner).map(\.name)),
      [.string("Blue"), .string("Red"), .string("Green"), .string("Paisley")])
    let blue = try XCTUnwrap(
      context.objects("ties", of: owner).first { $0.name == .string("Blue") })
    XCTAssertEqual(try context.objects("owner", of: blue).map(\.id), [owner.id])
    XCTAssertThrowsError(try context.objects("tie", of: owner)) {
      XCTAssertTrue("\($0)".contains("Did you mean \"ties\"?"), "\($0)")
    }
    XCTAssertEqual(owner.id.entity, "Owner")
    let dictionaries = try context.fetchDictionaries(
      ObjectFetchRequest(entityName: "Owner", propertiesToFetch: ["name", "ties.@count"]))
    XCTAssertEqual(dictionaries, [["name": .string("Ann"), "ties.@count": .int(4)]])
  }

  func testMistakesAreReportedWithDidYouMean() throws {
    let context = try context()
    XCTAssertThrowsError(try context.fetch(ObjectFetchRequest(entityName: "Ties"))) {
      XCTAssertTrue("\($0)".contains("Tie"), "\($0)")
    }
    XCTAssertThrowsError(
      try context.fetch(
        ObjectFetchRequest(entityName: "Tie", predicate: try FormatPredicate(format: "ratin > 1")))
    ) { XCTAssertTrue("\($0)".contains("rating"), "\($0)") }
    let tie = try XCTUnwrap(context.fetch(ObjectFetchRequest(entityName: "Tie")).first)
    XCTAssertThrowsError(try context.update(tie, ["rating": "high"]))
  }

  func testSaveValidatesEveryChangeAndReportsEachErrorWithItsCode() throws {
    let folder = try makeTemporaryFolder("bowq-api")
    let path = folder.appendingPathComponent("ties.bowq").path
    let context = try ObjectContainer(path: path, model: Self.model).newContext()
    XCTAssertFalse(context.hasChanges)
    let tie = try context.insert("Tie", ["name": "Blue", "rating": 4])
    try context.save()
    try context.update(tie, ["rating": 9])
    try context.insert("Tie", ["name": "X"])
    XCTAssertThrowsError(try context.save()) {
      let codes = ($0 as? SaveError)?.errors.map(\.code)
      XCTAssertEqual(
        codes?.sorted { $0.rawValue < $1.rawValue }, [.numberTooLarge, .stringTooShort])
    }
    XCTAssertTrue(context.hasChanges, "nothing was saved, the changes are still pending")
    XCTAssertEqual(context.changes.count, 2)
    context.rollback()
    XCTAssertFalse(context.hasChanges)
    try context.update(tie, ["rating": 5])
    try context.save()

    // Saved, the store is free for another session; this one's next edit finds the change.
    let other = try ObjectContainer(path: path).newContext()
    try other.update(tie, ["name": "Navy"])
    try other.save()
    XCTAssertThrowsError(try context.update(tie, ["rating": 1])) {
      XCTAssertTrue("\($0)".contains("changed"), "\($0)")
    }
    try context.reload()
    XCTAssertEqual(try context.object(with: tie.id)?.name, .string("Navy"))
    try context.update(tie, ["rating": 1])
    context.rollback()

    // A new session on the file sees what was saved.
    let reader = try ObjectContainer(path: path, readOnly: true).newContext()
    XCTAssertEqual(
      try reader.fetch(ObjectFetchRequest(entityName: "Tie")).map(\.rating), [.int(5)])
    XCTAssertThrowsError(try ObjectContainer(path: path, model: Self.model).newContext()) {
      XCTAssertEqual($0 as? ObjectContainerError, .modelForExistingStore(path))
    }
  }

  func testUndoRedoAndDeleteRules() throws {
    let context = try context()
    let red = try XCTUnwrap(
      context.fetch(
        ObjectFetchRequest(
          entityName: "Tie", predicate: try FormatPredicate(format: "name == 'Red'"))
      ).first)
    try context.delete(red)
    XCTAssertEqual(try context.count(for: ObjectFetchRequest(entityName: "Tie")), 3)
    let ann = try XCTUnwrap(context.fetch(ObjectFetchRequest(entityName: "Owner")).first)
    XCTAssertEqual(ann.objectIDs("ties").count, 3, "the inverse was nullified")
    XCTAssertTrue(context.undo())
    XCTAssertEqual(try context.count(for: ObjectFetchRequest(entityName: "Tie")), 4)
    XCTAssertTrue(context.redo())
    XCTAssertEqual(try context.count(for: ObjectFetchRequest(entityName: "Tie")), 3)
    XCTAssertNil(try context.object(with: red.id))
  }

  func testCancellingTheTaskStopsALongFetch() async throws {
    let context = try ObjectContainer(
      inMemoryWithModel: """
        entity Box { name: String, items: [Item] inverse box }
        entity Item { n: Int32, box: Box? inverse items }
        """
    ).newContext()
    try context.insert("Box", ["name": "b"])
    try context.interpreter.edit { edited in
      for n in 0..<20_000 { edited.insert([.int(Int64(n)), .null], into: "Item") }
    }
    _ = try context.interpreter.run("update Box set items = Item where n >= 0; save")
    // Each item's ANY reads all 20,000 items of its box: 400 million steps.
    let long = ObjectFetchRequest(
      entityName: "Item", predicate: try FormatPredicate(format: "ANY box.items.n < 0"))
    let token = context.interpreter.interrupt
    let checked = token.checks
    let task = Task { [context] in
      try await context.perform { try $0.count(for: long) }
    }
    while token.checks == checked { await Task.yield() }
    task.cancel()
    do {
      let count = try await task.value
      XCTFail("the count ended with \(count)")
    } catch {
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
  }

  func testTwoContextsOnTwoStoresWorkAtOnce() async throws {
    let folder = try makeTemporaryFolder("bowq-api")
    func fill(_ name: String, _ count: Int) async throws -> Int {
      let path = folder.appendingPathComponent(name).path
      let context = try ObjectContainer(path: path, model: Self.model).newContext()
      return try await context.perform { context in
        for i in 0..<count { try context.insert("Tie", ["name": "tie \(i)", "rating": i % 6]) }
        try context.save()
        return try context.count(
          for: ObjectFetchRequest(
            entityName: "Tie", predicate: try FormatPredicate(format: "rating == 5")))
      }
    }
    async let first = fill("first.bowq", 300)
    async let second = fill("second.bowq", 120)
    let (a, b) = try await (first, second)
    XCTAssertEqual([a, b], [50, 20])
    let reader = try ObjectContainer(
      path: folder.appendingPathComponent("first.bowq").path, readOnly: true
    ).newContext()
    XCTAssertEqual(try reader.count(for: ObjectFetchRequest(entityName: "Tie")), 300)
  }

  func testACoreDataStoreIsFetchedWithItsSubEntities() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let context = try ObjectContainer(path: path, readOnly: true).newContext()
    let books = try context.fetch(
      ObjectFetchRequest(
        entityName: "Book", sortDescriptors: [ObjectSortDescriptor(key: "title")]))
    XCTAssertEqual(books.map(\.entityName), ["Book", "Book", "GraphicNovel"])
    XCTAssertEqual(
      try context.count(
        for: ObjectFetchRequest(
          entityName: "Page",
          predicate: try FormatPredicate(format: "book.title BEGINSWITH %@", "title 1"))),
      99)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  func testIncludesSubentitiesFalseFetchesTheEntitysOwnObjects() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    let context = try ObjectContainer(path: path, readOnly: true).newContext()
    var own = ObjectFetchRequest(
      entityName: "Book", sortDescriptors: [ObjectSortDescriptor(key: "title", ascending: false)],
      includesSubentities: false)
    XCTAssertEqual(try context.fetch(own).map(\.entityName), ["Book", "Book"])
    XCTAssertEqual(try context.count(for: own), 2)
    XCTAssertEqual(
      try context.fetchDictionaries(
        ObjectFetchRequest(
          entityName: "Book", propertiesToFetch: ["title"], includesSubentities: false)
      ).count, 2)
    own.fetchOffset = 1
    own.fetchLimit = 5
    XCTAssertEqual(
      try context.fetch(own).map { $0["title"] }, [.string("title 1 - author 1")])
    XCTAssertEqual(try context.count(for: own), 1)
    XCTAssertEqual(try context.count(for: ObjectFetchRequest(entityName: "Book")), 3)
  }

  func testAContextWritesACoreDataStoreBackWhenAllowed() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    let unwritten = try ObjectContainer(path: path).newContext()
    let book = try XCTUnwrap(
      unwritten.fetch(
        ObjectFetchRequest(
          entityName: "Feedback", predicate: try FormatPredicate(format: "rating > 4.2"))
      ).first)
    try unwritten.update(book, ["comment": "changed"])
    XCTAssertThrowsError(try unwritten.save()) {
      XCTAssertTrue("\($0)".contains("write-core-data"), "\($0)")
    }
    let writer = try ObjectContainer(path: path, writesCoreData: true).newContext()
    try writer.update(book.id, ["comment": "the best novel"])
    try writer.save()
    let rows = try SQLiteConnection(readingOnly: path).rows(
      "SELECT ZCOMMENT FROM ZFEEDBACK WHERE Z_PK = \(book.id.key)")
    XCTAssertEqual(rows.first?.first, .text("the best novel"))
  }
}
