import BowQ

/// What `explain` prints after the plan: the predicate as parsed, drawn as a tree, its
/// canonical `predicateFormat`, the Swift of a Core Data app, and the SwiftData
/// `#Predicate` or why there is none.
enum LessonRenderer {
  static func render(_ lesson: StatementLesson) -> String {
    var sections: [[String]] = []
    if let outline = lesson.predicate, let format = lesson.predicateFormat {
      sections.append(
        ["The predicate, as parsed:"] + drawing(outline).lines + ["predicateFormat: \(format)"])
    }
    if let code = lesson.coreDataSwift {
      sections.append(["In a Core Data app:"] + indented(code))
    }
    switch lesson.swiftData {
    case .code(let code)?: sections.append(["With SwiftData:"] + indented(code))
    case .unavailable(let reason)?: sections.append(["With SwiftData: no #Predicate — \(reason)"])
    case nil: break
    }
    return sections.map { "\n" + $0.map { ValueText.visible($0) + "\n" }.joined() }.joined()
  }

  private static func drawing(_ outline: PredicateOutline) -> TreeDrawing {
    TreeDrawing(
      title: WhyTreeRenderer.title(of: outline.kind, outline.text),
      children: outline.children.map(drawing))
  }

  private static func indented(_ code: String) -> [String] {
    code.split(separator: "\n").map { "  " + $0 }
  }
}
