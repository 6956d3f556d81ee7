import Foundation
import XCTest

/// The errors, warnings and notes that teach, through the real binary on the sample store.
final class TeachingErrorsTests: XCTestCase {
  func testEachMistakeIsToldWithWhatWasMeant() throws {
    let home = try makeHome()
    func stderr(_ statements: String) throws -> String {
      try Bowq.run(["--memory", "--sample", "--keep-going", "-c", statements], home: home).stderr
    }
    let expected: [(String, String)] = [
      (
        #"fetch BowTie where searchKey == R"#,
        #"If you meant the string "R", quote it: searchKey == "R""#
      ),
      (
        #"fetch BowTie searchKey == "R""#,
        #"a predicate needs "where" before it: where searchKey == "R""#
      ),
      (
        #"fetch BowTie where isFavorite == "YES""#,
        "warning: isFavorite (a Boolean) is never equal to a string"
      ),
      (#"count BowTie where rating == "3.5""#, "write rating == 3.5"),
      (
        #"fetch BowTie where name == "red bow tie""#,
        #"note: no BowTie has name == "red bow tie", but "Red Bow Tie" differs only in case"#
      ),
      (
        #"fetch BowTie where searchKey == "R"; set rating = 7; save"#,
        "Declared in entity BowTie: rating: Double default 0 min 0 max 5"
      ),
    ]
    for (statements, message) in expected {
      let text = try stderr(statements)
      XCTAssertTrue(text.contains(message), "\(statements):\n\(text)")
    }
    let toMany = try Bowq.run(
      [
        "--memory", "-c",
        "entity P { ties: [T] inverse p }\nentity T { name: String, p: P? inverse ties }\n"
          + #"fetch P where ties.name == "x""#,
      ], home: home)
    XCTAssertEqual(toMany.status, 1)
    XCTAssertTrue(toMany.stderr.contains(#"(ANY ties.name == "x")"#), toMany.stderr)
  }
}
