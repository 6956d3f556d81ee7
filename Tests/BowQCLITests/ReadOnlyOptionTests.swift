import BowQShell
import XCTest

@testable import BowQCLI

/// `--read-only`: parsed for runs, refused with options that would write or need no store.
final class ReadOnlyOptionTests: XCTestCase {
  private func parse(_ arguments: String...) throws(CommandLineError) -> Invocation {
    try CommandLineOptions.parse(arguments)
  }

  func testReadOnlyOpensTheStoreGiven() throws {
    XCTAssertEqual(
      try parse("--store", "ties.bowq", "--read-only", "-c", "count BowTie"),
      .run(
        RunOptions(store: .file("ties.bowq"), isReadOnly: true, source: .commands(["count BowTie"]))
      )
    )
    XCTAssertEqual(try parse("--read-only"), .run(RunOptions(isReadOnly: true)))
  }

  func testReadOnlyExcludesTheMemoryStoreAndSeeding() {
    XCTAssertThrowsError(try parse("--memory", "--read-only")) {
      XCTAssertEqual($0 as? CommandLineError, .conflictingOptions("--read-only", "--memory"))
    }
    XCTAssertThrowsError(try parse("--store", "new.bowq", "--sample", "--read-only")) {
      XCTAssertEqual($0 as? CommandLineError, .conflictingOptions("--read-only", "--sample"))
    }
    XCTAssertThrowsError(try parse("--read-only=yes")) {
      XCTAssertEqual($0 as? CommandLineError, .unexpectedArgument(option: "--read-only"))
    }
    XCTAssertThrowsError(try parse("plist", "a.plist", "--read-only")) {
      XCTAssertEqual($0 as? CommandLineError, .optionNotForPlist("--read-only"))
    }
  }

  func testTheHelpTextNamesIt() {
    let help = CommandLineOptions.helpText(
      defaultStorePath: "/home/a/.local/share/bowq/default.plist")
    XCTAssertTrue(help.contains("      --read-only      open the store without saving to it"), help)
  }
}
