/// The table of lessons: one row per lesson, each step one row of its own, in the order of
/// the BowTies chapter and the Predicate Programming Guide. Adding a lesson is adding a row.
extension Lesson {
  /// Every lesson, numbered from 1.
  public static let all: [Lesson] = [
    model, seeding, fetching, sorting, strings, nils, aggregates, scratchPad, crud,
    relationships, undo,
  ]

  /// The lesson numbered `number`, if there is one.
  public static func numbered(_ number: Int) -> Lesson? {
    all.first { $0.number == number }
  }

  /// Where `ANY`, `@count`, SUBQUERY and delete rules have something to work on: people who
  /// own ties. Ann owns the red, orange and yellow ties, Ben the blue and indigo ones, and
  /// Cy none; deleting a person deletes their ties (cascade).
  static let people = """
    \(BowTiesSample.modelSource.dropLast())
      owner: Person? inverse ties
    }
    entity Person {
      name: String unique
      ties: [BowTie] inverse owner delete cascade
    }
    insert Person name = "Ann"
    insert Person name = "Ben"
    insert Person name = "Cy"
    update BowTie where searchKey IN {"R", "O", "Y"} set owner = Person where name == "Ann"
    update BowTie where searchKey IN {"B", "I"} set owner = Person where name == "Ben"
    """

  static let model = Lesson(
    number: 1, title: "The model and its attribute types",
    introduction: """
      A Core Data app starts with a model: the BowTie entity, with typed attributes —
      name and searchKey are Strings, rating a Double, timesWorn an Int32, lastWorn a Date,
      isFavorite a Bool. `.schema BowTie` shows them all. The sample's seven ties are loaded.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Fetch every BowTie.", answer: "fetch BowTie", check: .sameObjects,
        hints: ["`fetch Entity` with no `where` returns every object of the entity."],
        decoy: #"insert BowTie name = "", searchKey = "", rating = 0, timesWorn = 0"#),
      LessonStep(
        task: "rating is a Double: fetch the ties rated exactly 4.5.",
        answer: "fetch BowTie where rating == 4.5", check: .sameObjects,
        hints: [
          "Compare the attribute with a number: `where rating == …`.",
          "A Double is written as a number, not in quotes: 4.5, not \"4.5\".",
        ]),
      LessonStep(
        task: "isFavorite is a Bool: count the favourite ties.",
        answer: "count BowTie where isFavorite == YES", check: .sameCount,
        hints: [
          "`count` takes a `where` as `fetch` does.",
          "A Bool is YES or NO (TRUE and FALSE too), not a string.",
        ]),
    ])

  static let seeding = Lesson(
    number: 2, title: "Seeding sample data once",
    introduction: """
      The BowTies app fills a new store from SampleData.plist on its first launch, and only
      then: it counts the ties first, so a second launch does not import them again. This
      store has the model but no objects yet.
      """,
    setup: .modelOnly,
    steps: [
      LessonStep(
        task: "Count the ties, as the app does before seeding.", answer: "count BowTie",
        check: .sameCount, hints: ["`count BowTie` counts every tie."]),
      LessonStep(
        task: "None: seed the store with `import {sample} into BowTie`.",
        answer: "import {sample} into BowTie",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: ["Type the import as shown: `import {sample} into BowTie`."]),
      LessonStep(
        task: "Count them again: the count the app checks now keeps it from seeding twice.",
        answer: "count BowTie", check: .sameCount, hints: ["`count BowTie` counts every tie."]),
      LessonStep(
        task: "The import is pending in the scratch pad: save it.", answer: "save",
        check: .sameData(probes: ["changes"]),
        hints: ["`save` writes the pending changes; `changes` lists them."]),
    ])

  static let fetching = Lesson(
    number: 3, title: "Fetching by predicate",
    introduction: """
      `where` takes an NSPredicate format string, as NSPredicate(format:) does: comparisons
      (== != < <= > >=), AND, OR, NOT, and IN for a list of values.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Fetch the tie whose searchKey is \"R\", as the app's segmented control does.",
        answer: "fetch BowTie where searchKey == \"R\"", check: .sameObjects,
        hints: [
          "Compare searchKey with a string in quotes: `where searchKey == …`.",
          "Strings are quoted: \"R\". Unquoted, R would be taken for an attribute.",
        ]),
      LessonStep(
        task: "Fetch the ties rated above 3.", answer: "fetch BowTie where rating > 3",
        check: .sameObjects,
        hints: [
          "Above 3 leaves out a tie rated exactly 3: use >, not >=.",
          "`fetch BowTie where rating …` with the right comparison.",
        ]),
      LessonStep(
        task: "Count the favourite ties worn more than 5 times.",
        answer: "count BowTie where isFavorite == YES AND timesWorn > 5", check: .sameCount,
        hints: [
          "Both must hold: join two comparisons with AND.",
          "isFavorite == YES is one half, timesWorn > 5 the other.",
        ]),
      LessonStep(
        task: "Fetch the ties whose searchKey is one of R, G and B.",
        answer: "fetch BowTie where searchKey IN {\"R\", \"G\", \"B\"}", check: .sameObjects,
        hints: [
          "IN takes a list in braces: searchKey IN {\"R\", …}.",
          "Three letters, each a quoted string inside { }.",
        ]),
    ])

  static let sorting = Lesson(
    number: 4, title: "Sorting, limits and offsets",
    introduction: """
      A fetch request has sort descriptors, a fetch limit and a fetch offset: `sort by key
      [desc], …`, `limit N` and `offset N` after the predicate.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Fetch every tie, the best rated first.", answer: "fetch BowTie sort by rating desc",
        check: .sameObjectsInOrder,
        hints: [
          "`sort by rating` sorts lowest first; the best first is descending.",
          "Add `desc` after the key: sort by rating desc.",
        ]),
      LessonStep(
        task: "Fetch the three ties worn most often, the most worn first.",
        answer: "fetch BowTie sort by timesWorn desc limit 3", check: .sameObjectsInOrder,
        hints: [
          "Sort by timesWorn, descending, and keep only the first three.",
          "`limit 3` after the sort keeps the first three.",
        ]),
      LessonStep(
        task: "Sorted by name, skip the first two ties and fetch the next three.",
        answer: "fetch BowTie sort by name limit 3 offset 2", check: .sameObjectsInOrder,
        hints: [
          "`offset 2` skips the first two; `limit 3` keeps three of the rest.",
          "Sort by name first: without a sort, the order is not defined.",
        ]),
    ])

  static let strings = Lesson(
    number: 5, title: "String operators and their options",
    introduction: """
      Strings compare with ==, BEGINSWITH, ENDSWITH, CONTAINS, LIKE (wildcards * and ?) and
      MATCHES (a regular expression). They compare exactly unless an option follows the
      operator: [c] ignores case, [d] diacritics, [cd] both. A Crème Brûlée tie has joined
      the sample.
      """,
    setup: .sampleThen(
      "insert BowTie name = \"Crème Brûlée Bow Tie\", searchKey = \"C\", rating = 4, "
        + "id = \"3C5E7A9B-1D2F-4E6A-8B0C-2D4F6A8C0E1A\""),
    steps: [
      LessonStep(
        task: "Fetch the ties whose name contains \"blue\", in any case.",
        answer: "fetch BowTie where name CONTAINS[c] \"blue\"", check: .sameObjects,
        hints: [
          "CONTAINS compares case: \"blue\" is not in \"Blue Bow Tie\". An option fixes that.",
          "Write the option right after the operator: CONTAINS[c].",
        ]),
      LessonStep(
        task:
          "With LIKE, fetch the ties whose colour has five letters: \"?????\" then \" Bow Tie\".",
        answer: "fetch BowTie where name LIKE \"????? Bow Tie\"", check: .sameObjects,
        hints: [
          "In LIKE, ? stands for one character and * for any number.",
          "The pattern is the whole name: five ?, then \" Bow Tie\".",
        ]),
      LessonStep(
        task: "With MATCHES, fetch the ties whose name starts with a vowel.",
        answer: "fetch BowTie where name MATCHES \"[AEIOU].*\"", check: .sameObjects,
        hints: [
          "MATCHES takes a regular expression that must match the whole string.",
          "A vowel is [AEIOU]; `.*` then matches the rest of the name.",
        ]),
      LessonStep(
        task: "Fetch the ties whose name contains \"creme\", whatever its case and accents.",
        answer: "fetch BowTie where name CONTAINS[cd] \"creme\"", check: .sameObjects,
        hints: [
          "[c] ignores case only: \"è\" is still not \"e\". [d] ignores diacritics.",
          "Both options at once: CONTAINS[cd].",
        ]),
    ])

  static let nils = Lesson(
    number: 6, title: "nil",
    introduction: """
      An optional attribute may hold nil. `== nil` and `!= nil` test for it, and any other
      comparison with nil is false: a tie never worn is neither before nor after a date.
      A Polka Dot tie, never worn and without a url, has joined the sample.
      """,
    setup: .sampleThen(
      "insert BowTie name = \"Polka Dot\", searchKey = \"P\", rating = 3, "
        + "id = \"7D1B4C2A-9E3F-4A5B-8C6D-0E1F2A3B4C5D\""),
    steps: [
      LessonStep(
        task: "Fetch the ties that were never worn: their lastWorn is nil.",
        answer: "fetch BowTie where lastWorn == nil", check: .sameObjects,
        hints: [
          "Compare with nil itself: lastWorn == nil.",
          "nil is a word of the language, not a string: no quotes.",
        ]),
      LessonStep(
        task: "Count the ties last worn before 2024 — the one never worn is not among them.",
        answer: "count BowTie where lastWorn < CAST(\"2024-01-01T00:00:00Z\", \"NSDate\")",
        check: .sameCount,
        hints: [
          "A date is written CAST(\"2024-01-01T00:00:00Z\", \"NSDate\").",
          "Before is <: lastWorn < CAST(…).",
        ]),
      LessonStep(
        task: "Fetch the ties that have a url.", answer: "fetch BowTie where url != nil",
        check: .sameObjects,
        hints: ["Having a url is url not being nil: != nil."]),
    ])

  static let aggregates = Lesson(
    number: 7, title: "Aggregates, @count and SUBQUERY",
    introduction: """
      A select can aggregate: avg(rating), sum(timesWorn), count(). Through a to-many
      relationship, a key path takes collection operators (ties.@count, ties.@avg.rating),
      and SUBQUERY(ties, $t, predicate) keeps the elements that match. Ann owns the red,
      orange and yellow ties, Ben the blue and indigo ones, Cy none.
      """,
    setup: .sampleThen(people),
    steps: [
      LessonStep(
        task: "Fetch the average rating of all the ties.",
        answer: "fetch BowTie select avg(rating)", check: .sameValues,
        hints: [
          "`select` after the entity picks what a fetch returns.",
          "avg(rating) is the average of every tie's rating: fetch BowTie select avg(rating).",
        ]),
      LessonStep(
        task: "Fetch the people who own more than two ties.",
        answer: "fetch Person where ties.@count > 2", check: .sameObjects,
        hints: [
          "ties is a to-many: ties.@count is how many there are.",
          "fetch Person where ties.@count …",
        ]),
      LessonStep(
        task: "Fetch the people whose ties are rated 4 or more on average.",
        answer: "fetch Person where ties.@avg.rating >= 4", check: .sameObjects,
        hints: [
          "ties.@avg.rating is the average rating of a person's ties.",
          "4 or more is >= 4.",
        ]),
      LessonStep(
        task: "With SUBQUERY, fetch the people who own at least two ties worn more than 3 times.",
        answer: "fetch Person where SUBQUERY(ties, $t, $t.timesWorn > 3).@count >= 2",
        check: .sameObjects,
        hints: [
          "SUBQUERY(ties, $t, $t.timesWorn > 3) is the ties worn more than 3 times.",
          "Count them with .@count after the SUBQUERY, and compare: >= 2.",
        ]),
    ])

  static let scratchPad = Lesson(
    number: 8, title: "The scratch pad, validation at save and its error codes",
    introduction: """
      The context is a scratch pad: edits are pending until `save`, which validates them
      first. The model says rating: Double min 0 max 5, so a rating of 7 is taken by the
      scratch pad and refused by save, with Core Data's error code 1610.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Give the tie with searchKey \"R\" a rating of 7.",
        answer: "update BowTie where searchKey == \"R\" set rating = 7",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: [
          "`update BowTie where … set rating = 7`, or fetch the tie and then `set rating = 7`.",
          "Only the tie with searchKey \"R\" changes.",
        ]),
      LessonStep(
        task: "Nothing complained: list the pending changes.", answer: "changes",
        check: .listsChanges, hints: ["The statement is `changes`."]),
      LessonStep(
        task: "Now save, and read what validation says.", answer: "save",
        check: .refused(.numberTooLarge),
        hints: [
          "The statement is `save` (or `validate`, which checks without writing).",
          "Save the rating of 7 as it is: the error is the point of the step.",
        ]),
      LessonStep(
        task: "The change is still pending: discard it.", answer: "rollback",
        check: .sameData(probes: ["fetch BowTie", "changes"]),
        hints: ["`rollback` discards every pending change."]),
    ])

  static let crud = Lesson(
    number: 9, title: "A recipe: create, read, update, delete",
    introduction: """
      Before inserting, an app checks with a predicate that the object is not there yet;
      then it inserts, updates, and deletes in a batch with a predicate, as
      NSBatchDeleteRequest does.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Before adding a Polka Dot tie, count the ties with searchKey \"P\".",
        answer: "count BowTie where searchKey == \"P\"", check: .sameCount,
        hints: ["`count BowTie where searchKey == \"P\"`: none means no duplicate."]),
      LessonStep(
        task: "None: insert a tie named \"Polka Dot\" with searchKey \"P\".",
        answer: "insert BowTie name = \"Polka Dot\", searchKey = \"P\", rating = 3, "
          + "id = \"7D1B4C2A-9E3F-4A5B-8C6D-0E1F2A3B4C5D\"",
        check: .sameData(probes: [
          "count BowTie", "count BowTie where name == \"Polka Dot\" AND searchKey == \"P\"",
        ]),
        hints: [
          "`insert BowTie name = \"Polka Dot\", searchKey = \"P\"` — add rating and id as you like.",
          "Insert exactly one tie, named \"Polka Dot\", with searchKey \"P\".",
        ]),
      LessonStep(
        task: "Update it: the tie with searchKey \"P\" was worn once.",
        answer: "update BowTie where searchKey == \"P\" set timesWorn = 1",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: [
          "`update BowTie where searchKey == \"P\" set timesWorn = 1`.",
          "Change only timesWorn, and only of that tie.",
        ]),
      LessonStep(
        task: "Batch delete: delete every tie rated below 2.",
        answer: "delete BowTie where rating < 2",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: [
          "`delete BowTie where …`. Below 2 leaves a tie rated exactly 2. "
            + "If you deleted too much, `undo` and try again.",
          "The comparison is rating < 2.",
        ]),
    ])

  static let relationships = Lesson(
    number: 10, title: "Relationships and delete rules",
    introduction: """
      A BowTie has an owner (a to-one), a Person has ties (a to-many); each is the other's
      inverse, so setting one side sets the other. Key paths go through a to-one; a to-many
      needs ANY, ALL, NONE, @count or SUBQUERY. Deleting a person cascades to their ties.
      Ann owns the red, orange and yellow ties, Ben the blue and indigo ones, Cy none.
      """,
    setup: .sampleThen(people),
    steps: [
      LessonStep(
        task: "Fetch the ties Ann owns.", answer: "fetch BowTie where owner.name == \"Ann\"",
        check: .sameObjects,
        hints: [
          "owner is a to-one: owner.name is the name of a tie's owner.",
          "fetch BowTie where owner.name == …",
        ]),
      LessonStep(
        task: "Fetch the people who own a tie rated 5.",
        answer: "fetch Person where ANY ties.rating == 5", check: .sameObjects,
        hints: [
          "ties is a to-many: say which of them must match, with ANY.",
          "fetch Person where ANY ties.rating == 5",
        ]),
      LessonStep(
        task: "Give the tie with searchKey \"G\" to Cy.",
        answer: "update BowTie where searchKey == \"G\" set owner = Person where name == \"Cy\"",
        check: .sameData(probes: ["fetch BowTie", "fetch Person"]),
        hints: [
          "A relationship is set to objects found by a predicate: owner = Person where …",
          "update BowTie where searchKey == \"G\" set owner = Person where name == \"Cy\"",
        ]),
      LessonStep(
        task: "Delete Ben: his ties go with him (the delete rule is cascade).",
        answer: "delete Person where name == \"Ben\"",
        check: .sameData(probes: ["fetch BowTie", "fetch Person"]),
        hints: ["`delete Person where name == \"Ben\"`; `undo` first if something else went."]),
    ])

  static let undo = Lesson(
    number: 11, title: "Undo",
    introduction: """
      Each statement is one step of the context's undo manager: `undo` takes the last one
      back, `redo` makes it again, until a save.
      """,
    setup: .sample,
    steps: [
      LessonStep(
        task: "Delete every tie that is not a favourite.",
        answer: "delete BowTie where isFavorite == NO",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: ["`delete BowTie where isFavorite == NO`."]),
      LessonStep(
        task: "Take it back.", answer: "undo", check: .sameData(probes: ["fetch BowTie"]),
        hints: ["The statement is `undo`."]),
      LessonStep(
        task: "Make the deletion again.", answer: "redo",
        check: .sameData(probes: ["fetch BowTie"]),
        hints: ["The statement is `redo`."]),
    ])
}
