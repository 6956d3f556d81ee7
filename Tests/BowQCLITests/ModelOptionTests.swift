import BowQShell
import XCTest

@testable import BowQCLI

/// `--model PATH`: the model of a Core Data SQLite store given with `--store`.
final class ModelOptionTests: XCTestCase {
  private func parse(_ arguments: String...) throws(CommandLineError) -> Invocation {
    try CommandLineOptions.parse(arguments)
  }

  func testModelGoesWithTheStore() throws {
    XCTAssertEqual(
      try parse("--store", "App.sqlite", "--model", "App.momd", "-c", "count Book"),
      .run(
        RunOptions(
          store: .file("App.sqlite"), modelPath: "App.momd", source: .commands(["count Book"]))))
    XCTAssertEqual(
      try parse("--model=Model.xcdatamodeld", "--store=App.sqlite"),
      .run(RunOptions(store: .file("App.sqlite"), modelPath: "Model.xcdatamodeld")))
  }

  func testModelNeedsAStoreAndIsGivenOnce() {
    XCTAssertThrowsError(try parse("--model", "App.momd")) {
      XCTAssertEqual($0 as? CommandLineError, .modelWithoutStore)
      XCTAssertEqual(
        ($0 as? CommandLineError)?.description,
        "bowq: '--model' needs '--store PATH' naming a Core Data SQLite store")
    }
    XCTAssertThrowsError(try parse("--store", "a.sqlite", "--model", "a.mom", "--model", "b.mom")) {
      XCTAssertEqual($0 as? CommandLineError, .repeatedOption("--model"))
    }
    XCTAssertThrowsError(try parse("--store", "a.sqlite", "--model")) {
      XCTAssertEqual($0 as? CommandLineError, .missingArgument(option: "--model"))
    }
    XCTAssertThrowsError(try parse("plist", "a.plist", "--model", "a.mom")) {
      XCTAssertEqual($0 as? CommandLineError, .optionNotForPlist("--model"))
    }
  }

  func testTheHelpTextNamesIt() {
    let help = CommandLineOptions.helpText(defaultStorePath: "/d")
    XCTAssertTrue(
      help.contains(
        "      --model PATH     the app's model: an .xcdatamodeld, .xcdatamodel, .momd\n"
          + "                       or .mom"),
      help)
  }
}
