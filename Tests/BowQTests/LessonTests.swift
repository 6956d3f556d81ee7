import BowQ
import Foundation
import XCTest

/// Every step of every lesson is judged by its result: its answer passes, a plausible wrong
/// statement fails with the step's first hint, and a differently spelled right one passes.
final class LessonTests: XCTestCase {
  static let sample = GrammarTests.packageRoot.appendingPathComponent("SampleData.plist").path

  /// A plausible wrong statement and a differently spelled right one (statements separated
  /// by `;` run in turn, the last judged), for each step of each lesson in order.
  static let tries: [[(wrong: String, right: String)]] = [
    [
      ("fetch BowTie where rating > 3", "fetch BowTie where TRUEPREDICATE sort by name"),
      ("fetch BowTie where rating == 4", "fetch BowTie where rating BETWEEN {4.4, 4.6}"),
      (
        "count BowTie where isFavorite == NO",
        "fetch BowTie select count() where isFavorite == TRUE"
      ),
    ],
    [
      ("fetch BowTie", "fetch BowTie select count()"),
      ("count BowTie", "import \(Value.quoted(sample)) into BowTie"),
      ("count BowTie where searchKey == \"R\"", "count BowTie where rating >= 0"),
      ("count BowTie", "SAVE"),
    ],
    [
      ("fetch BowTie where searchKey == \"r\"", "fetch BowTie where searchKey ==[c] \"r\""),
      ("fetch BowTie where rating >= 3", "fetch BowTie where NOT rating <= 3"),
      (
        "count BowTie where isFavorite == YES OR timesWorn > 5",
        "count BowTie where timesWorn > 5 AND isFavorite == TRUE"
      ),
      (
        "fetch BowTie where searchKey IN {\"R\", \"G\"}",
        "fetch BowTie where searchKey == \"R\" OR searchKey == \"G\" OR searchKey == \"B\""
      ),
    ],
    [
      ("fetch BowTie sort by rating", "fetch BowTie sort by rating desc, name"),
      (
        "fetch BowTie sort by timesWorn limit 3",
        "fetch BowTie where timesWorn >= 5 sort by timesWorn desc"
      ),
      (
        "fetch BowTie sort by name limit 3",
        "fetch BowTie where searchKey IN {\"I\", \"O\", \"R\"} sort by name"
      ),
    ],
    [
      (
        "fetch BowTie where name CONTAINS \"blue\"",
        "fetch BowTie where name BEGINSWITH[c] \"BLUE\""
      ),
      ("fetch BowTie where name LIKE \"????? Bow\"", "fetch BowTie where searchKey == \"G\""),
      (
        "fetch BowTie where name MATCHES \"[AEIOU]\"",
        "fetch BowTie where name BEGINSWITH \"O\" OR name BEGINSWITH \"I\""
      ),
      (
        "fetch BowTie where name CONTAINS[c] \"creme\"",
        "fetch BowTie where name BEGINSWITH[cd] \"CREME\""
      ),
    ],
    [
      ("fetch BowTie where lastWorn != nil", "fetch BowTie where url == nil"),
      (
        "count BowTie where NOT lastWorn >= CAST(\"2024-01-01T00:00:00Z\", \"NSDate\")",
        "count BowTie where searchKey IN {\"G\", \"I\"}"
      ),
      ("fetch BowTie where url == nil", "fetch BowTie where searchKey != \"P\""),
    ],
    [
      ("fetch BowTie select sum(rating)", "fetch BowTie select avg(rating) as average"),
      ("fetch Person where ties.@count >= 2", "fetch Person where ties.@count == 3"),
      (
        "fetch Person where ties.@avg.rating > 4",
        "fetch Person where ties.@avg.rating BETWEEN {4, 5}"
      ),
      (
        "fetch Person where ANY ties.timesWorn > 3",
        "fetch Person where SUBQUERY(ties, $x, $x.timesWorn >= 4).@count > 1"
      ),
    ],
    [
      (
        "update BowTie where searchKey == \"O\" set rating = 7",
        "fetch BowTie where searchKey == \"R\"; set rating = 3.5 + 3.5"
      ),
      ("count BowTie", "changes all"),
      ("count BowTie", "validate"),
      ("save", "undo"),
    ],
    [
      ("fetch BowTie where searchKey == \"P\"", "count BowTie where name ==[c] \"polka dot\""),
      (
        "insert BowTie name = \"Polka Dot\", searchKey = \"D\"",
        "insert BowTie searchKey = \"P\", name = \"Polka Dot\""
      ),
      (
        "update BowTie where searchKey == \"P\" set timesWorn = 2",
        "update BowTie where name == \"Polka Dot\" set timesWorn = timesWorn + 1"
      ),
      ("delete BowTie where rating <= 2", "delete BowTie where searchKey == \"G\""),
    ],
    [
      (
        "fetch BowTie where owner.name == \"Ben\"",
        "fetch BowTie where searchKey IN {\"R\", \"O\", \"Y\"}"
      ),
      ("fetch Person where ALL ties.rating == 5", "fetch Person where ties.@max.rating == 5"),
      (
        "update BowTie where searchKey == \"G\" set owner = Person where name == \"Ann\"",
        "fetch Person where name == \"Cy\"; set ties += BowTie where searchKey == \"G\""
      ),
      ("delete BowTie where owner.name == \"Ben\"", "delete Person where ties.@count == 2"),
    ],
    [
      ("delete BowTie where isFavorite == YES", "delete BowTie where NOT isFavorite == YES"),
      ("redo", "rollback"),
      ("undo", "delete BowTie where isFavorite == NO"),
    ],
  ]

  /// Runs `text` at a new run of the tutorial at `position`, and answers the verdict on
  /// its last statement.
  func verdict(of text: String, at position: TutorialPosition) throws -> StepVerdict? {
    let run = try TutorialRun(
      at: position, sampleDataPath: Self.sample, like: Self.userInterpreter())
    for statement in try Parser.parseScript(run.text(text)) {
      _ = try? run.execute(statement)
    }
    return run.verdict
  }

  static func userInterpreter() -> Interpreter {
    Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      clock: { Date(timeIntervalSince1970: 1_717_200_000) })
  }

  func testEveryLessonHasItsTriesAndIsNumberedInOrder() {
    XCTAssertEqual(Lesson.all.map(\.number), Array(1...11))
    XCTAssertEqual(Lesson.all.map(\.steps.count), Self.tries.map(\.count))
  }

  func testEveryStepPassesItsAnswerAndARightTryAndHintsAtAWrongOne() throws {
    for (lesson, tries) in zip(Lesson.all, Self.tries) {
      for (index, (step, attempt)) in zip(lesson.steps, tries).enumerated() {
        let position = TutorialPosition(lesson: lesson.number, step: index)
        let name = "lesson \(lesson.number) step \(index + 1)"
        let passed = try verdict(of: step.answer, at: position)
        XCTAssertNotNil(passed.flatMap(Self.passes), "\(name): the answer \(step.answer)")
        XCTAssertNotNil(
          try verdict(of: attempt.right, at: position).flatMap(Self.passes),
          "\(name): \(attempt.right)")
        guard case .hint = try verdict(of: attempt.wrong, at: position) else {
          return XCTFail("\(name): \(attempt.wrong) got no hint")
        }
      }
    }
  }

  /// The hint answers the mistake made, found by comparing the try with the step's answer
  /// (issue 26, item 8): another statement or entity, a missing `where`, the operator, a
  /// letter's case, an option, quotes, OR for AND, the sort, the offset; a try that only
  /// gives too many is told so before the step's own hint.
  func testTheHintAnswersTheMistakeMade() throws {
    let cases: [(TutorialPosition, String, String)] = [
      (
        TutorialPosition(lesson: 2), "fetch BowTie",
        "The step asks for `count`, not `fetch`."
      ),
      (
        TutorialPosition(lesson: 10, step: 3), "delete BowTie where owner.name == \"Ben\"",
        "The step is about Person objects, not BowTie: `… Person where …`."
      ),
      (
        TutorialPosition(lesson: 3), "fetch BowTie",
        "That takes every object: add `where` and a predicate to keep only the ones the step "
          + "wants."
      ),
      (
        TutorialPosition(lesson: 1), "fetch BowTie where rating > 3",
        "The step wants every object: leave out the `where`."
      ),
      (
        TutorialPosition(lesson: 3, step: 1), "fetch BowTie where rating >= 3",
        "rating is compared with >=; the step wants >. >= also keeps the value itself."
      ),
      (
        TutorialPosition(lesson: 3), "fetch BowTie where searchKey == \"r\"",
        "\"r\" is not \"R\": strings compare case exactly. Write searchKey's value as the data "
          + "has it, or add [c] to the operator."
      ),
      (
        TutorialPosition(lesson: 3), "fetch BowTie where searchKey == R",
        "searchKey is compared with a string, written in quotes: \"R\"."
      ),
      (
        TutorialPosition(lesson: 1, step: 1), "fetch BowTie where rating == \"4.5\"",
        "rating is not a string: write 4.5 without quotes."
      ),
      (
        TutorialPosition(lesson: 5), "fetch BowTie where name CONTAINS \"blue\"",
        "Compare name with [c] after the operator: it ignores case."
      ),
      (
        TutorialPosition(lesson: 3, step: 2),
        "count BowTie where isFavorite == YES OR timesWorn > 5",
        "Both conditions must hold: join them with AND, not OR."
      ),
      (
        TutorialPosition(lesson: 3, step: 2), "count BowTie where isFavorite == YES",
        "One condition is missing: the step also compares timesWorn (join it with AND)."
      ),
      (
        TutorialPosition(lesson: 3, step: 1), "fetch BowTie where timesWorn > 4",
        "The step is about rating, not timesWorn: compare rating."
      ),
      (
        TutorialPosition(lesson: 10, step: 1), "fetch Person where ALL ties.rating == 5",
        "ties.rating goes through a to-many: the step says ANY before it, not ALL."
      ),
      (
        TutorialPosition(lesson: 4), "fetch BowTie sort by rating",
        "`sort by rating` puts the lowest first; add `desc` for the highest first."
      ),
      (
        TutorialPosition(lesson: 4, step: 2), "fetch BowTie sort by name limit 3",
        "Skip the first 2 with `offset 2`."
      ),
      (
        TutorialPosition(lesson: 7), "fetch BowTie",
        "The step wants values, not objects: `select` what to return after the entity."
      ),
      (
        TutorialPosition(lesson: 7, step: 3), "fetch Person where ANY ties.timesWorn > 3",
        "Your predicate lets through objects the step's leaves out: it is too wide. "
          + "SUBQUERY(ties, $t, $t.timesWorn > 3) is the ties worn more than 3 times."
      ),
      (
        TutorialPosition(lesson: 11, step: 1), "redo", "The step asks for `undo`, not `redo`."
      ),
      (
        TutorialPosition(lesson: 8), "fetch BowTie where searchKey == \"O\"",
        "The comparison of searchKey is the step's; check the value it is compared with. "
          + "`update BowTie where … set rating = 7`, or fetch the tie and then `set rating = 7`."
      ),
      (
        TutorialPosition(lesson: 8), "fetch BowTie where searchKey == \"R\"; set timesWorn = 7",
        "The step changes rating, not timesWorn."
      ),
    ]
    for (position, text, hint) in cases {
      XCTAssertEqual(try verdict(of: text, at: position), .hint(hint), text)
    }
  }

  /// A try that does not parse, or whose mistake the statements do not show, gets the
  /// step's own hints in turn: fetching the objects an update changes is a way to it.
  func testWithoutAMistakeToPointAtTheStepsHintsComeInTurn() throws {
    XCTAssertEqual(
      try verdict(of: "fetch BowTie where searchKey == \"R\"", at: TutorialPosition(lesson: 8)),
      .hint(Lesson.all[7].steps[0].hints[0]))
    let run = try TutorialRun(
      at: TutorialPosition(lesson: 3), sampleDataPath: Self.sample, like: Self.userInterpreter())
    run.countUnparsedTry()
    XCTAssertEqual(run.verdict, .hint(Lesson.all[2].steps[0].hints[0]))
    run.countUnparsedTry()
    XCTAssertEqual(run.verdict, .hint(Lesson.all[2].steps[0].hints[1]))
  }

  /// The `next` of a passing verdict, or nil.
  static func passes(_ verdict: StepVerdict) -> StepVerdict.Next? {
    if case .passed(let next) = verdict { return next }
    return nil
  }

  /// What a wrong try's result shows beside the answer's: the wrong kind of result, too
  /// many or too few objects, other objects, another order, another count; nothing for a
  /// statement that failed.
  func testAWrongTrySaysHowItsResultDiffers() throws {
    let cases: [(TutorialPosition, String, StepMismatch?)] = [
      (
        TutorialPosition(lesson: 3, step: 1), "fetch BowTie where rating >= 3",
        .objectCount(found: 5, wanted: 4)
      ),
      (
        TutorialPosition(lesson: 3), "count BowTie where searchKey == \"R\"",
        .kind(wanted: .objects, found: .count)
      ),
      (TutorialPosition(lesson: 3), "fetch BowTie where searchKey == \"G\"", .otherObjects),
      (TutorialPosition(lesson: 4), "fetch BowTie sort by rating", .order),
      (TutorialPosition(lesson: 7), "fetch BowTie", .kind(wanted: .values, found: .objects)),
      (
        TutorialPosition(lesson: 1, step: 2), "fetch BowTie where isFavorite == YES",
        .kind(wanted: .count, found: .objects)
      ),
      (
        TutorialPosition(lesson: 1, step: 2), "count BowTie where isFavorite == NO",
        .count(found: 4, wanted: 3)
      ),
      (TutorialPosition(lesson: 3), "fetch BowTie where nope == 1", nil),
    ]
    for (position, text, mismatch) in cases {
      let run = try TutorialRun(
        at: position, sampleDataPath: Self.sample, like: Self.userInterpreter())
      _ = try? run.execute(try Parser.parseScript(text)[0])
      XCTAssertEqual(run.mismatch, mismatch, text)
      guard case .hint = run.verdict else { return XCTFail("\(text) passed") }
    }
  }

  func testTheAnswerComesAfterAFewWrongTries() throws {
    let run = try TutorialRun(
      at: TutorialPosition(lesson: 3, step: 1), sampleDataPath: Self.sample,
      like: Self.userInterpreter())
    let wrong = try Parser.parseScript("fetch BowTie where rating >= 3")[0]
    var verdicts: [StepVerdict?] = []
    for _ in 0..<LessonStep.triesBeforeAnswer {
      _ = try run.execute(wrong)
      verdicts.append(run.verdict)
    }
    let hint = "rating is compared with >=; the step wants >. >= also keeps the value itself."
    XCTAssertEqual(
      verdicts, [.hint(hint), .hint(hint), .answer("fetch BowTie where rating > 3")])
    XCTAssertEqual(run.wrongTries, 3)
  }

  func testDoingALessonsLastStepStartsTheNextLessonOnItsOwnData() throws {
    let run = try TutorialRun(
      at: TutorialPosition(lesson: 9, step: 3), sampleDataPath: Self.sample,
      like: Self.userInterpreter())
    _ = try run.execute(try Parser.parseScript("delete BowTie where rating < 2")[0])
    XCTAssertEqual(run.verdict, .passed(next: .lesson(finished: 9)))
    XCTAssertEqual(run.position, TutorialPosition(lesson: 10))
    XCTAssertEqual(try run.interpreter.run("count Person"), [.count(entity: "Person", 3)])
    XCTAssertEqual(try run.interpreter.run("count BowTie"), [.count(entity: "BowTie", 7)])
  }

  func testTheLastStepEndsTheTutorial() throws {
    let run = try TutorialRun(
      at: TutorialPosition(lesson: 11, step: 2), sampleDataPath: Self.sample,
      like: Self.userInterpreter())
    _ = try run.execute(try Parser.parseScript("redo")[0])
    XCTAssertEqual(run.verdict, .passed(next: .end))
    XCTAssertNil(run.step)
  }

  func testAResumedLessonHasTheDataItsEarlierStepsLeft() throws {
    let run = try TutorialRun(
      at: TutorialPosition(lesson: 9, step: 2), sampleDataPath: Self.sample,
      like: Self.userInterpreter())
    XCTAssertEqual(
      try run.interpreter.run("count BowTie where searchKey == \"P\""),
      [.count(entity: "BowTie", 1)])
    XCTAssertEqual(run.interpreter.context.changes.count, 1)
  }

  func testTheLearnersOwnInterpreterIsNeverTouched() throws {
    let user = Self.userInterpreter()
    let run = try TutorialRun(at: .start, sampleDataPath: Self.sample, like: user)
    _ = try run.execute(try Parser.parseScript("fetch BowTie")[0])
    XCTAssertTrue(user.context.graph.model.entities.isEmpty)
  }

  func testAMissingLessonOrSampleIsAnError() {
    XCTAssertThrowsError(
      try TutorialRun(
        at: TutorialPosition(lesson: 12), sampleDataPath: Self.sample,
        like: Self.userInterpreter()))
    XCTAssertThrowsError(
      try TutorialRun(
        at: .start, sampleDataPath: "/nonexistent.plist", like: Self.userInterpreter()))
  }

  /// Examples/07-tutorial.bowq walks through the lessons: every step's answer is one of its
  /// lines, in the lessons' order (its output, checked by ExamplesTests, shows each done).
  func testTheTutorialExampleTypesEveryAnswerInOrder() throws {
    let example = GrammarTests.packageRoot.appendingPathComponent("Examples/07-tutorial.bowq")
    var lines = try String(contentsOf: example, encoding: .utf8).split(separator: "\n")[...]
    for lesson in Lesson.all {
      for step in lesson.steps {
        let answer = step.answer.replacingOccurrences(
          of: "{sample}", with: "\"../SampleData.plist\"")
        guard let found = lines.firstIndex(where: { $0 == answer }) else {
          return XCTFail(
            "lesson \(lesson.number): \(answer) is not in the example after its earlier steps")
        }
        lines = lines[(found + 1)...]
      }
    }
  }

  func testThePositionReadsBackFromItsText() {
    let position = TutorialPosition(lesson: 4, step: 2)
    XCTAssertEqual(position.text, "lesson 4 step 3")
    XCTAssertEqual(TutorialPosition(text: "lesson 4 step 3\n"), position)
    XCTAssertNil(TutorialPosition(text: "lesson 40 step 1"))
    XCTAssertNil(TutorialPosition(text: "lesson 4 step 0"))
    XCTAssertNil(TutorialPosition(text: "garbage"))
  }
}
