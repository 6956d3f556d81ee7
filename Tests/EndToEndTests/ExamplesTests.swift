import Foundation
import XCTest

/// Every script in Examples/ runs through the real binary and prints exactly its `.out`
/// file (standard output and error together). Each script's header says how it is run
/// (`-- run with: bowq …`) and, when not 0, its exit status (`-- exit status: N`).
///
/// After an intended change of output, regenerate the files with
/// `UPDATE_EXPECTED=1 swift test --filter ExamplesTests` and review the diff.
final class ExamplesTests: XCTestCase {
  func testEveryExamplePrintsItsExpectedOutput() throws {
    let folder = Bowq.root.appendingPathComponent("Examples")
    let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".bowq") }.sorted()
    XCTAssertGreaterThanOrEqual(scripts.count, 3, "Examples/ should hold the tutorial scripts")
    let update = ProcessInfo.processInfo.environment["UPDATE_EXPECTED"] == "1"
    for script in scripts {
      let text = try String(contentsOf: folder.appendingPathComponent(script), encoding: .utf8)
      let header = try XCTUnwrap(
        text.split(separator: "\n").first { $0.hasPrefix("-- run with: bowq ") },
        "\(script) has no `-- run with: bowq …` line")
      let words = header.dropFirst("-- run with: bowq ".count).split(separator: " ").map(
        String.init)
      XCTAssertEqual(words.last, "Examples/\(script)", "\(script): the run line names another file")
      let status =
        text.split(separator: "\n").first { $0.hasPrefix("-- exit status: ") }
        .flatMap { Int32($0.dropFirst("-- exit status: ".count)) } ?? 0

      let result = try Bowq.run(words, home: try makeHome(), mergingOutput: true)
      let expectedURL = folder.appendingPathComponent(
        script.replacingOccurrences(of: ".bowq", with: ".out"))
      if update {
        try result.output.write(to: expectedURL, atomically: true, encoding: .utf8)
      }
      let expected = try String(contentsOf: expectedURL, encoding: .utf8)
      XCTAssertEqual(result.output, expected, "\(script) printed something else")
      XCTAssertEqual(result.status, status, "\(script) exited with \(result.status)")
    }
  }
}
