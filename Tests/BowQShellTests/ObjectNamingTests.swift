import BowQ
import XCTest

@testable import BowQShell

/// Every format names the objects a fetch returns, in the one form `why`, `show` and
/// `changes` use (issue 26, item 4): a leading column in table, box and csv, an `"object"`
/// key in JSON; `select` rows are values and name none.
final class ObjectNamingTests: XCTestCase {
  private let ties = ResultSetFixtures.objects(
    ResultSetFixtures.result(
      [("name", .string), ("rating", .double)],
      [[.string("Red"), .double(4.5)], [.string("Blue"), .null]]))

  func testTableAndBoxLeadWithTheObject() {
    XCTAssertEqual(
      TableRenderer().render(ties),
      """
      object     name  rating
      ---------  ----  ------
      BowTie/p1  Red      4.5
      BowTie/p2  Blue     nil

      """)
    XCTAssertEqual(
      BoxRenderer().render(ties),
      """
      ┌───────────┬──────┬────────┐
      │ object    │ name │ rating │
      ├───────────┼──────┼────────┤
      │ BowTie/p1 │ Red  │    4.5 │
      │ BowTie/p2 │ Blue │    nil │
      └───────────┴──────┴────────┘

      """)
  }

  func testCSVAndJSONNameTheObjectFirst() {
    XCTAssertEqual(
      CSVRenderer().render(ties), "object,name,rating\nBowTie/p1,Red,4.5\nBowTie/p2,Blue,\n")
    XCTAssertEqual(
      JSONRenderer(isLineDelimited: true).render(ties),
      """
      {"object":"BowTie/p1","name":"Red","rating":4.5}
      {"object":"BowTie/p2","name":"Blue","rating":null}

      """)
  }

  /// A sub-entity's object is named by its own entity, as `why` and `show` name it.
  func testASubEntitysObjectIsNamedByItsOwnEntity() {
    var books = ResultSetFixtures.result([("title", .string)], [[.string("Maus")]])
    books.entity = "Book"
    books.ids = [ObjectID(entity: "GraphicNovel", key: 3)]
    XCTAssertEqual(CSVRenderer().render(books), "object,title\nGraphicNovel/p3,Maus\n")
  }

  /// A result that has a column named `object` keeps it; the objects' column steps aside.
  func testAnAttributeNamedObjectKeepsItsName() {
    let result = ResultSetFixtures.objects(
      ResultSetFixtures.result([("object", .string)], [[.string("lamp")]]))
    XCTAssertEqual(CSVRenderer().render(result), "_object,object\nBowTie/p1,lamp\n")
  }

  func testSelectRowsNameNoObject() {
    let values = ResultSetFixtures.result([("name", .string)], [[.string("Red")]])
    XCTAssertEqual(TableRenderer().render(values), "name\n----\nRed\n")
    XCTAssertEqual(JSONRenderer(isLineDelimited: true).render(values), "{\"name\":\"Red\"}\n")
  }
}
