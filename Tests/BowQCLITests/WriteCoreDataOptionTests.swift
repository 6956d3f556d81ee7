import BowQShell
import XCTest

@testable import BowQCLI

/// `--write-core-data`: parsed for runs on a store, refused where nothing could be written
/// back, and named in `--help` with its caveat.
final class WriteCoreDataOptionTests: XCTestCase {
  private func parse(_ arguments: String...) throws(CommandLineError) -> Invocation {
    try CommandLineOptions.parse(arguments)
  }

  func testItLetsSaveWriteBackIntoTheStoreGiven() throws {
    XCTAssertEqual(
      try parse("--store", "App.sqlite", "--write-core-data", "-c", "save"),
      .run(
        RunOptions(store: .file("App.sqlite"), writesCoreData: true, source: .commands(["save"])))
    )
    XCTAssertEqual(
      try parse("--store", "App.sqlite"), .run(RunOptions(store: .file("App.sqlite"))),
      "never the default")
  }

  func testItNeedsAStoreThatCanBeWritten() {
    XCTAssertThrowsError(try parse("--write-core-data")) {
      XCTAssertEqual($0 as? CommandLineError, .writeCoreDataWithoutStore)
    }
    XCTAssertThrowsError(try parse("--memory", "--write-core-data")) {
      XCTAssertEqual($0 as? CommandLineError, .writeCoreDataWithoutStore)
    }
    XCTAssertThrowsError(try parse("--store", "App.sqlite", "--read-only", "--write-core-data")) {
      XCTAssertEqual(
        $0 as? CommandLineError, .conflictingOptions("--write-core-data", "--read-only"))
    }
    XCTAssertThrowsError(try parse("--write-core-data=yes")) {
      XCTAssertEqual($0 as? CommandLineError, .unexpectedArgument(option: "--write-core-data"))
    }
    XCTAssertThrowsError(try parse("plist", "a.plist", "--write-core-data")) {
      XCTAssertEqual($0 as? CommandLineError, .optionNotForPlist("--write-core-data"))
    }
    XCTAssertEqual(
      CommandLineError.writeCoreDataWithoutStore.description,
      "bowq: '--write-core-data' needs '--store PATH' naming a Core Data SQLite store")
  }

  func testTheHelpTextNamesItUnderStoreWithItsCaveat() throws {
    let help = CommandLineOptions.helpText(
      defaultStorePath: "/home/a/.local/share/bowq/default.plist")
    let store = try XCTUnwrap(help.range(of: "Store:"))
    let statements = try XCTUnwrap(help.range(of: "Statements:"))
    let section = help[store.upperBound..<statements.lowerBound]
    XCTAssertTrue(section.contains("--write-core-data"), help)
    XCTAssertTrue(section.contains("Core Data itself reopens such a file is not"), help)
  }

  func testTheHelpTextSaysSaveChangesACoreDataStoreOnlyWithIt() {
    let help = CommandLineOptions.helpText(defaultStorePath: "/d")
    XCTAssertTrue(
      help.contains(
        "is read in place, and changed\n  only by 'save' with --write-core-data"),
      help)
  }
}
