import BowQ
import XCTest

@testable import BowQShell

/// `changes` as a diff a person reads: a to-many shows the members it gained and lost, not
/// both whole sets.
final class ChangesRendererTests: XCTestCase {
  func testAToManyShowsWhatItGainedAndLost() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(
      after: """
        entity Book { title: String, pages: [Page] inverse book, chapters: [Page] ordered }
        entity Page { number: Int32, book: Book? inverse pages }
        insert Book title = "A"
        insert Book title = "B"
        insert Page number = 1, book = Book where title == "A"
        insert Page number = 2, book = Book where title == "A"
        insert Page number = 3, book = Book where title == "B"
        update Book where title == "A" set chapters = Page where number < 3
        save
        """, capture: capture)
    XCTAssertTrue(
      shell.run(
        script: """
          update Page where number == 2 set book = Book where title == "B"
          update Book where title == "A" set chapters = Page where number == 2
          update Book where title == "A" set chapters += Page where number == 1
          changes
          """, name: nil))
    XCTAssertEqual(
      capture.out,
      """
      ~ Book/p1: pages -{Page/p2}, chapters reordered
      ~ Book/p2: pages +{Page/p2}
      ~ Page/p2: book Book/p1 → Book/p2

      """)
  }
}
