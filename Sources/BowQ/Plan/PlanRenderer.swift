/// Words a chosen plan for `explain` and `explain analyze`, after the planner has picked its
/// steps (as SQLite's `where.c` picks its loops, then prints them): each step from its
/// operation and the statement's syntax it holds (``PlanStep/Syntax``), a step that reads an
/// external source as the source describes it, the objects or rows a step is expected to
/// give when its text does not say, and — analysed — the rows each step gave and the time it
/// took. All of a plan's wording is here; the planner and the executor hold none.
struct PlanRenderer {
  /// The source a plan's external step reads, which words that step.
  var external: (any ExternalSource)?

  /// The lines of `plan`, each step followed by what `estimates` expects it to give
  /// (``PlanEstimate/rows(of:)``; none when nil): `filter rating > 3 (about 2,410 objects)`.
  func lines(of plan: QueryPlan, estimates: [PlanEstimate.Rows?]? = nil) -> [String] {
    texts(of: plan, estimates: estimates).flatMap { $0.split(separator: "\n").map(String.init) }
  }

  /// The lines of an analysed run of `plan`: each step with its estimate, the rows it gave
  /// and the time it took (`→ 12 rows in 0.125 ms`).
  func analyzed(
    _ plan: QueryPlan, estimates: [PlanEstimate.Rows?],
    statistics: [PlanExecutor.StepStatistics]
  ) -> [String] {
    let texts = texts(of: plan, estimates: estimates)
    return zip(plan.steps.indices, statistics).map { index, statistics in
      let rows =
        if case .count = plan.steps[index].operation { "\(statistics.rows)" } else {
          "\(statistics.rows) row\(statistics.rows == 1 ? "" : "s")"
        }
      let time = statistics.nanoseconds.map { " in " + Self.milliseconds($0) } ?? ""
      return "\(texts[index]) → \(rows)\(time)"
    }
  }

  /// A duration in milliseconds with three decimals: `0.125 ms`.
  static func milliseconds(_ nanoseconds: UInt64) -> String {
    let thousandths = (nanoseconds + 500) / 1000
    let fraction = String(thousandths % 1000)
    return
      "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }

  /// The text of each step, with its estimate when it has one; a step's text may run over
  /// several lines.
  func texts(of plan: QueryPlan, estimates: [PlanEstimate.Rows?]? = nil) -> [String] {
    let read = plan.steps.lazy.compactMap { step -> ExternalScan? in
      if case .external(let scan) = step.operation { return scan }
      return nil
    }.first
    return plan.steps.indices.map { index in
      let text = text(of: plan.steps[index], in: plan, after: read)
      guard let estimates, index < estimates.count, let rows = estimates[index] else {
        return text
      }
      let noun = rows.areResultRows ? "row" : "object"
      let number = "\(rows.count) \(noun)\(rows.count == 1 ? "" : "s")"
      switch rows.certainty {
      case .exact: return "\(text) (\(number))"
      case .about: return "\(text) (about \(number))"
      case .atMost: return "\(text) (at most \(number))"
      }
    }
  }

  /// The name of the external source a plan reads: `SQLite`.
  private var sourceName: String { external?.name ?? "the external source" }

  /// The text of `step` of `plan`; `read` is the plan's read of an external source, when it
  /// has one, whose rows the steps after it work on in memory.
  private func text(of step: PlanStep, in plan: QueryPlan, after read: ExternalScan?) -> String {
    let syntax = step.syntax
    let entity = plan.entity.name
    switch step.operation {
    case .scan(let objects, let atMost, let entities):
      return (atMost ? "scan at most " : "scan ") + Self.count(objects, entity)
        + (entities.isEmpty ? "" : " (\(entities.joined(separator: ", ")))")
    case .indexLookup(let lookup, let objects):
      return "search index \(lookup.index.definition.name)" + Self.searched(syntax.searched)
        + " (\(Self.estimate(lookup, objects, entity)))"
    case .indexCount(let lookup):
      return "count in index \(lookup.index.definition.name)"
        + (syntax.predicate.map { " for " + PredicateFormatter.format($0) } ?? "")
        + " (\(Self.count(lookup.count(), entity)), counted in the index)"
    case .indexWalk(let walk):
      return Self.walk(walk, syntax, entity)
    case .filter:
      guard let read else {
        return "filter " + (syntax.predicate.map(PredicateFormatter.format) ?? "by the predicate")
      }
      return filterInMemory(read)
    case .sortObjects:
      guard read == nil else {
        return "sort in memory (\(sourceName) does not sort these keys as bowq does)"
      }
      return "sort by " + Self.keys(syntax.sort)
    case .topObjects(_, let count):
      return "keep the first \(count) by " + Self.keys(syntax.sort) + " (a heap, no full sort)"
    case .page(let offset, let limit):
      guard read == nil else { return "apply the limit and offset in memory" }
      var words: [String] = []
      if offset > 0 { words.append("skip \(offset)") }
      if let limit { words.append("take \(limit)") }
      return words.isEmpty ? "skip 0" : words.joined(separator: ", ")
    case .project:
      let select =
        "select \(syntax.distinct ? "distinct " : "")"
        + syntax.select.map { item in
          PredicateFormatter.format(item.expression) + (item.alias.map { " as \($0.text)" } ?? "")
        }.joined(separator: ", ")
      guard !syntax.groupBy.isEmpty else { return select }
      return "group by " + syntax.groupBy.map(PredicateFormatter.format).joined(separator: ", ")
        + ", then " + select
    case .distinct:
      return "keep distinct rows"
    case .having:
      return "having " + (syntax.predicate.map(PredicateFormatter.format) ?? "by the predicate")
    case .sortRows:
      return "sort by " + Self.keys(syntax.sort)
    case .count:
      return read == nil ? "count" : "count in memory"
    case .memberSearch(let searches):
      return "search \(Self.wording(searches, plan.entity)), each in its own table: "
        + Self.members(searches, syntax)
    case .memberCount(let searches):
      return "count in the indexes of \(Self.wording(searches, plan.entity)), "
        + "each in its own table: " + Self.members(searches, syntax)
    case .external(let scan):
      return external?.describe(scan).joined(separator: "\n") ?? "read \(sourceName)"
    }
  }

  /// The filter in memory of the conjuncts an external source's read leaves, with why the
  /// source does not apply each.
  private func filterInMemory(_ read: ExternalScan) -> String {
    let remaining = read.query.conjuncts.indices.filter { !read.access.consumed.contains($0) }
    let text = { (position: Int) in
      read.query.conjuncts[position].syntax.map(PredicateFormatter.format) ?? "a part"
    }
    return
      ([
        "filter in memory, over the rows \(sourceName) returns: "
          + remaining.map(text).joined(separator: " AND ")
      ] + remaining.map { "  not pushed: \(text($0)): \(read.access.refusals[$0] ?? "")" })
      .joined(separator: "\n")
  }

  /// A walk along an ordered index: the whole index from one end (`walk index …`), or the
  /// stretches of a search in index order (`search index … in index order`).
  private static func walk(_ walk: IndexWalk, _ syntax: PlanStep.Syntax, _ entity: String)
    -> String
  {
    let name = walk.index.definition.name
    guard let lookup = walk.lookup else {
      let filter = syntax.predicate.map { " that match " + PredicateFormatter.format($0) } ?? ""
      let kept = walk.count ?? walk.objects
      return "walk index \(name) \(walk.ascending ? "ascending" : "descending"), "
        + "keeping the first \(kept)\(filter) "
        + "(no sort; at most \(count(min(kept, walk.objects), entity)))"
    }
    let filter =
      walk.predicate == nil
      ? ""
      : syntax.predicate.map { " that match " + PredicateFormatter.format($0) }
        ?? " that match the predicate"
    let keeping =
      walk.count.map { ", keeping the first \($0)\(filter)" }
      ?? (filter.isEmpty ? "" : ", keeping those\(filter)")
    return "search index \(name)" + searched(syntax.searched) + " in index order ("
      + keys(syntax.sort) + ")\(keeping) (no sort; finds "
      + estimate(lookup, walk.objects, entity) + ")"
  }

  /// Each member's search of a hierarchy, `; `-separated: `SportCar: search index byMaker
  /// for maker == "BMW" (3 SportCar objects)`, `Car: scan 4 Car objects, filter year > 1985`.
  private static func members(_ searches: [MemberSearch], _ syntax: PlanStep.Syntax) -> String {
    searches.enumerated().map { place, search in
      let member = place < syntax.members.count ? syntax.members[place] : PlanStep.Syntax()
      let entity = search.entity.name
      guard let lookup = search.lookup else {
        return "\(entity): scan \(count(search.objects, entity))"
          + (member.predicate.map { ", filter " + PredicateFormatter.format($0) } ?? ", filter")
      }
      return "\(entity): search index \(lookup.index.definition.name)"
        + searched(member.searched) + " (\(estimate(lookup, search.objects, entity)))"
        + (search.predicate == nil
          ? "" : ", filter " + (member.predicate.map(PredicateFormatter.format) ?? "by the rest"))
    }.joined(separator: "; ")
  }

  /// `Car and its sub-entity SportCar`, `Vehicle and its sub-entities Car and Bike`: the
  /// members a search of a hierarchy reads.
  private static func wording(_ searches: [MemberSearch], _ entity: Entity) -> String {
    let names = searches.dropFirst().map(\.entity.name)
    switch names.count {
    case 0: return entity.name
    case 1: return "\(entity.name) and its sub-entity \(names[0])"
    default:
      return "\(entity.name) and its sub-entities "
        + names.dropLast().joined(separator: ", ") + " and \(names.last ?? "")"
    }
  }

  /// ` for rating == 4 AND name > "M"`: the conjuncts an index search answers, when each
  /// has its syntax.
  private static func searched(_ syntaxes: [PredicateSyntax?]) -> String {
    let written = syntaxes.compactMap { $0 }
    guard written.count == syntaxes.count else { return "" }
    return " for " + written.map(PredicateFormatter.format).joined(separator: " AND ")
  }

  /// How many objects a lookup finds, in words: exactly, `at most 3 of 64 Tie objects` where
  /// a guess would be less than one, or `about 16 of 64 Tie objects, a guess`.
  private static func estimate(_ lookup: IndexLookup, _ objects: Int, _ entity: String) -> String {
    let (found, certainty) = lookup.estimate(of: objects)
    switch certainty {
    case .exact: return count(found, entity)
    case .atMost: return "at most \(found) of \(count(objects, entity))"
    case .about: return "about \(found) of \(count(objects, entity)), a guess"
    }
  }

  /// `rating descending, name ascending`: sort keys as written.
  private static func keys(_ keys: [SortKey]) -> String {
    keys.map { key in
      "\(PredicateFormatter.format(key.key)) \(key.ascending ? "ascending" : "descending")"
        + (key.comparison == .compare ? "" : " \(key.comparison.rawValue)")
    }.joined(separator: ", ")
  }

  /// `1 Tie object`, `3 Tie objects`.
  private static func count(_ n: Int, _ entity: String) -> String {
    "\(n) \(entity) object\(n == 1 ? "" : "s")"
  }
}
