import Foundation
import XCTest

/// `make install` as a user runs it: the installed bowq works from anywhere, with the sample
/// data and the lessons inside it, and its man page and completions name its options.
/// (`scripts/check-install.sh`, run by `make test`, checks the release build `make install`
/// makes, with the Swift toolchain out of reach.)
final class InstallTests: XCTestCase {
  var home: URL!
  var prefix: URL!

  override func setUpWithError() throws {
    home = try makeHome()
    prefix = home.appendingPathComponent("prefix")
    let install = try run(
      "/bin/bash",
      [
        Bowq.root.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path,
        "--binary", Bowq.binary.path,
      ])
    XCTAssertEqual(install.status, 0, install.stderr)
    XCTAssertTrue(install.stdout.contains("\(prefix.path)/bin is not on your PATH"), install.stdout)
  }

  /// Runs `executable arguments…` in `home` with no variable of the test's environment.
  private func run(_ executable: String, _ arguments: [String], input: String = "") throws
    -> Bowq.Result
  {
    try Bowq.run(
      arguments, input: input, home: home,
      environment: ["BOWQ_SAMPLE_DATA": "", "PATH": "/usr/bin:/bin"],
      executable: URL(fileURLWithPath: executable), directory: home)
  }

  func testTheInstalledBinaryRunsTheTourAndTheTutorialFromAnywhere() throws {
    let bowq = prefix.appendingPathComponent("bin/bowq").path
    let tour = try run(
      bowq, ["-c", #"fetch BowTie where searchKey == "R""#, "-c", "set rating = 4", "-c", "save"])
    XCTAssertEqual(tour.status, 0, tour.stderr)
    XCTAssertTrue(tour.stdout.contains("Red Bow Tie"), tour.stdout)
    let reopened = try run(bowq, ["-c", #"count BowTie where searchKey == "R" AND rating == 4"#])
    XCTAssertEqual(reopened.stdout, "1\n", reopened.stderr)
    let lesson = try run(bowq, ["--memory"], input: ".tutorial 2\ncount BowTie\n")
    XCTAssertEqual(lesson.status, 0, lesson.stderr)
    XCTAssertTrue(lesson.stdout.contains("Lesson 2 of 11"), lesson.stdout)
    XCTAssertTrue(lesson.stdout.contains("✓ Done."), lesson.stdout)
  }

  func testTheManPageAndCompletionsNameEveryOption() throws {
    let manPage = try String(
      contentsOf: prefix.appendingPathComponent("share/man/man1/bowq.1"), encoding: .utf8)
    XCTAssertTrue(manPage.hasPrefix(".TH BOWQ 1"), manPage)
    XCTAssertTrue(manPage.contains(".SH SYNOPSIS\n.nf\nbowq [OPTIONS] [FILE [ARGUMENT...]]\n"))
    XCTAssertTrue(manPage.contains("\n.SH ENVIRONMENT\n"), manPage)
    let completion = prefix.appendingPathComponent("share/bash-completion/completions/bowq").path
    let completed = try run(
      "/bin/bash",
      [
        "-c",
        "source '\(completion)'; COMP_WORDS=(bowq --wri); COMP_CWORD=1; _bowq; echo \"${COMPREPLY[@]}\"; "
          + "COMP_WORDS=(bowq --format j); COMP_CWORD=2; _bowq; echo \"${COMPREPLY[@]}\"",
      ])
    XCTAssertEqual(completed.stdout, "--write-core-data\njson jsonl\n", completed.stderr)
    for file in ["share/zsh/site-functions/_bowq", "share/fish/vendor_completions.d/bowq.fish"] {
      let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
      XCTAssertTrue(text.contains("write-core-data"), file)
      XCTAssertTrue(text.contains("table box json jsonl csv line"), file)
    }
  }

  func testUninstallRemovesWhatInstallPut() throws {
    let uninstall = try run(
      "/bin/bash",
      [
        Bowq.root.appendingPathComponent("scripts/install.sh").path, "--uninstall", "--prefix",
        prefix.path,
      ])
    XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
    let left = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).filter { path in
      let attributes = try FileManager.default.attributesOfItem(
        atPath: prefix.appendingPathComponent(path).path)
      return attributes[.type] as? FileAttributeType != .typeDirectory
    }
    XCTAssertEqual(left, [])
  }
}
