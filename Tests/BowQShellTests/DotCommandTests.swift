import BowQ
import XCTest

@testable import BowQShell

/// The table of dot-commands: every spelling runs its row, and `.help` lists the rows.
final class DotCommandTests: XCTestCase {
  func testEveryNameAndAliasNamesItsOwnRow() {
    var seen: Set<String> = []
    for command in DotCommand.all {
      for spelling in [command.name] + command.aliases {
        XCTAssertTrue(seen.insert(spelling).inserted, "\(spelling) is spelled twice")
        XCTAssertEqual(DotCommand.named(spelling)?.name, command.name, spelling)
      }
      XCTAssertFalse(command.usage.isEmpty, command.name)
    }
    XCTAssertNil(DotCommand.named(".nope"))
  }

  func testAliasesRunTheirCommands() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(
      shell.run(
        script:
          ".format csv\nfetch Hat\n.entities\n.parameter set w 3\n.parameter\n.exit\ncount Hat",
        name: nil))
    XCTAssertEqual(
      capture.out,
      "object,name,width\nHat/p1,Fez,3\nHat  1 object\n$w = 3\n")
    XCTAssertEqual(capture.err, "")
  }

  func testHelpListsTheTableAlignedByCommand() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(shell.run(script: ".help", name: nil))
    let commands = capture.out.components(separatedBy: "Shell commands:\n").last
    XCTAssertEqual(
      commands,
      """
        .help             this text
        .help TOPIC       one statement or command: .help fetch, .help .mode
        .mode FORMAT      table, box, json, jsonl, csv or line
        .mode             the format in use
        .tables           the entities and how many objects each has
        .schema [Entity]     the model (as JSON in the json formats)
        .schema --diagram    the model drawn as boxes; --format mermaid|dot for documents
        .schema --format F   the same as .schema --diagram --format F
        .output FILE      write later results to FILE (replacing it)
        .output           write results to the screen again
        .once FILE        write the next statement's result to FILE
        .headers on|off   names above table, box and csv results
        .pager on|off     results taller than the screen through $PAGER
        .timer on|off     show how long each statement took
        .read FILE        run the statements of a .bowq file
        .param set NAME VALUE   give $NAME a value: 3, 4.5, "text", YES, nil, {1, 2}, CAST(…)
        .param unset NAME       forget $NAME
        .param list             the parameters and their values
        .reload           read the store again from its file, after another program changed it
        .tutorial              lessons at the prompt; again to resume them
        .tutorial N|list|off   start lesson N, list the lessons, or leave them
        .quit             leave (or Ctrl-D)

      """)
  }

  func testHelpOnATopicShowsItsStatementOrCommand() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertFalse(shell.run(script: ".help count\n.help mode\n.help cout", name: nil))
    XCTAssertEqual(
      capture.out,
      "  count Entity [where PREDICATE]\n      count objects\n"
        + "  .mode FORMAT      table, box, json, jsonl, csv or line\n"
        + "  .mode             the format in use\n")
    XCTAssertEqual(
      capture.err,
      "<stdin>:3: error: no help on cout. Did you mean \"count\"? "
        + ".help lists every statement and command.\n")
  }

  func testSchemaIsJSONInTheJSONFormatsAndFormatAloneDraws() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(shell.run(script: ".schema --format mermaid\n.mode json\n.schema Hat", name: nil))
    XCTAssertTrue(capture.out.hasPrefix("erDiagram\n  Hat {\n"), capture.out)
    XCTAssertTrue(
      capture.out.hasSuffix(
        #"[{"name":"Hat","parent":null,"abstract":false,"attributes":[{"name":"name","type":"String","optional":false,"default":null,"minimum":null,"maximum":null,"minLength":null,"maxLength":null,"pattern":null,"unique":false,"external":false},{"name":"width","type":"Int16","optional":false,"default":null,"minimum":1,"maximum":null,"minLength":null,"maxLength":null,"pattern":null,"unique":false,"external":false}],"relationships":[],"unique":[],"indexes":[]}]"#
          + "\n"), capture.out)
  }

  /// `.help` lists every statement from the parser's table of statement words, each with
  /// its form and what it does: export, import model and select … group by included.
  func testHelpListsEveryStatementOfTheKeywordTable() {
    for keyword in StatementKeyword.allCases {
      XCTAssertTrue(
        Shell.helpText.contains("  \(keyword.synopsis)\n      \(keyword.summary)\n"),
        keyword.word)
    }
    for form in ["export Entity", "import model", "group by", "having"] {
      XCTAssertTrue(Shell.helpText.contains(form), form)
    }
  }
}
