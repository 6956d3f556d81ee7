import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `show`'s cards as the shell draws them: the tie as the BowTies app's screen shows it,
/// with stars, the day in the locale and time zone given, and the tint colour as a
/// true-colour swatch only when colour is on; any other object as a generic card.
final class CardRendererTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  /// What `statements` print on the sample store, in `locale` and `timeZone`.
  private func output(
    _ statements: String, style: Style = .plain, format: OutputFormat = .table,
    locale: String = "en_US", timeZone: String = "UTC"
  ) throws -> String {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    try BowTiesSample.seed(
      interpreter, sampleDataPath: root.appendingPathComponent("SampleData.plist").path)
    let capture = Capture()
    let shell = Shell(
      interpreter: interpreter, format: format, output: capture.output, style: style)
    shell.settings.localeIdentifier = locale
    shell.settings.timeZone = try XCTUnwrap(TimeZone(identifier: timeZone))
    XCTAssertTrue(shell.run(script: statements, name: nil), capture.err)
    return capture.out
  }

  func testATieWithoutColourIsPlainTextWithItsColourInHexAndRGB() throws {
    XCTAssertEqual(
      try output("show BowTie/p1"),
      """
      ╭─ BowTie/p1 ─────────────────────────╮
      │ Red Bow Tie                         │
      │                                     │
      │ Rating       3.5 / 5  ★★★★☆         │
      │ Times worn   4                      │
      │ Last worn    3/1/24                 │
      │ Favourite    No                     │
      │ Tint colour  #FF0000 rgb(255, 0, 0) │
      ╰─────────────────────────────────────╯

      """)
  }

  func testATieWithColourHasATrueColourSwatchAndABoldTitle() throws {
    let shown = try output("show BowTie/p7", style: Style(isEnabled: true))
    XCTAssertTrue(shown.contains("│ \u{1B}[1mViolet Bow Tie\u{1B}[0m "), shown)
    XCTAssertTrue(
      shown.contains(
        "│ Tint colour  \u{1B}[48;2;238;130;238m      \u{1B}[0m #EE82EE rgb(238, 130, 238) │"),
      shown)
    let plain = try output("show BowTie/p7")
    XCTAssertFalse(plain.contains("\u{1B}"), plain)
    XCTAssertTrue(plain.contains("│ Tint colour  #EE82EE rgb(238, 130, 238) │"), plain)
    let lines = shown.split(separator: "\n")
    XCTAssertEqual(
      Set(lines.map { DisplayWidth.ofStyled($0) }).count, 1, "every line as wide:\n\(shown)")
  }

  func testTheDayIsInTheLocalesShortStyleAndTheTimeZoneGiven() throws {
    // Blue Bow Tie was last worn at 2024-05-02 20:45 UTC: 3 May in Tokyo.
    XCTAssertTrue(try output("show BowTie/p5").contains("│ Last worn    5/2/24 "))
    XCTAssertTrue(
      try output("show BowTie/p5", locale: "de_DE").contains("│ Last worn    02.05.24 "))
    XCTAssertTrue(
      try output("show BowTie/p5", locale: "de_DE", timeZone: "Asia/Tokyo")
        .contains("│ Last worn    03.05.24 "))
  }

  /// Halves are rounded up, as Swift's `rounded()` rounds; nothing outside 0…5 overflows.
  func testStarsRoundHalvesUp() {
    let renderer = CardRenderer(style: .plain, locale: Locale(identifier: "en_US"), timeZone: .gmt)
    XCTAssertEqual(renderer.stars(3.5, 5), "★★★★☆")
    XCTAssertEqual(renderer.stars(2.5, 5), "★★★☆☆")
    XCTAssertEqual(renderer.stars(4.49, 5), "★★★★☆")
    XCTAssertEqual(renderer.stars(0, 5), "☆☆☆☆☆")
    XCTAssertEqual(renderer.stars(5, 5), "★★★★★")
    XCTAssertEqual(renderer.stars(7, 5), "★★★★★")
    XCTAssertEqual(renderer.stars(-1, 5), "☆☆☆☆☆")
    XCTAssertEqual(renderer.stars(.nan, 5), "☆☆☆☆☆")
    XCTAssertEqual(renderer.stars(.infinity, 5), "★★★★★")
  }

  func testAnyOtherObjectGetsAGenericCard() throws {
    let capture = Capture()
    let shell = try ShellFixtures.shell(
      after: """
        entity Person { name: String, born: Date?, ties: [Tie] inverse owner }
        entity Tie { code: Int16, name: String, owner: Person? inverse ties }
        insert Person name = "Ann", born = CAST(0, "NSDate")
        insert Tie code = 1, name = "Blue\\nStripe", owner = Person where name == "Ann"
        insert Tie code = 2, name = "Polka", owner = Person where name == "Ann"
        """, capture: capture)
    shell.settings.localeIdentifier = "en_US"
    shell.settings.timeZone = .gmt
    XCTAssertTrue(shell.run(script: "show Person; show Tie/p1", name: nil), capture.err)
    // ICU puts a narrow no-break space before AM in some versions.
    XCTAssertEqual(
      capture.out.replacingOccurrences(of: "\u{202F}", with: " "),
      """
      ╭─ Person/p1 ────────────╮
      │ Ann                    │
      │                        │
      │ born  1/1/01, 12:00 AM │
      │ ties  2 Tie objects    │
      ╰────────────────────────╯
      ╭─ Tie/p1 ─────────╮
      │ Blue\\nStripe     │
      │                  │
      │ code   1         │
      │ owner  Person/p1 │
      ╰──────────────────╯

      """)
  }

  func testJSONModesWriteTheCardsAsData() throws {
    XCTAssertEqual(
      try output("show BowTie/p2", format: .json),
      #"[{"object":"BowTie/p2","title":"Orange Bow Tie","fields":{"Rating":2,"Times worn":1,"#
        + #""Last worn":"2024-01-15T18:00:00Z","Favourite":false,"#
        + #""Tint colour":{"red":255,"green":165,"blue":0}}}]"# + "\n")
  }

  func testAnEmptyResultSaysSo() throws {
    XCTAssertEqual(try output("show BowTie where rating > 5"), "(no objects to show)\n")
  }

  func testTheEnvironmentNamesTheLocaleAsACProgramReadsIt() {
    func identifier(_ environment: [String: String]) -> String {
      EnvironmentLocale.identifier(from: environment)
    }
    XCTAssertEqual(identifier([:]), "en_US_POSIX")
    XCTAssertEqual(identifier(["LANG": "C.UTF-8"]), "en_US_POSIX")
    XCTAssertEqual(identifier(["LANG": "POSIX"]), "en_US_POSIX")
    XCTAssertEqual(identifier(["LANG": "de_DE.UTF-8"]), "de_DE")
    XCTAssertEqual(identifier(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR@euro"]), "fr_FR")
    XCTAssertEqual(
      identifier(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR", "LC_ALL": "ja_JP.UTF-8"]), "ja_JP")
    XCTAssertEqual(identifier(["LANG": "de_DE", "LC_ALL": ""]), "de_DE")
  }

  func testShowIsInTheHelpAndCompletesEntitiesAndWhere() throws {
    XCTAssertTrue(Shell.helpText.contains("  show [Entity/pN | Entity [where PREDICATE]]\n"))
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(BowTiesSample.modelSource)
    let completer = Completer(model: interpreter.context.graph.model, workingDirectory: "/")
    XCTAssertEqual(completer.complete("sho").insertion, "w ")
    XCTAssertEqual(completer.complete("show Bow").candidates, ["BowTie"])
    XCTAssertEqual(completer.complete("show BowTie w").candidates, ["where"])
  }
}
