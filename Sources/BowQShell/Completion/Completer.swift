import BowQ
import Foundation

/// Completes the word before the cursor from what the line says so far and the model:
/// statement keywords and dot-commands at the start of a line, entity names after `fetch`
/// and the other statements that name one, property names in predicates and lists (through
/// relationships after `owner.`), operators and their `[cd]` modifiers, the arguments of
/// dot-commands, and file names inside the quotes of `import`, `export` and `.read`.
///
/// The context is read with bowq's own ``Lexer``; any line, however malformed, gives a
/// completion, at worst ``Completion/none``.
public struct Completer: Sendable {
  /// The entities whose names and properties are offered.
  public var model: Model
  /// Where relative file names start.
  public var workingDirectory: String

  /// A completer for `model`, with file names relative to `workingDirectory`.
  public init(
    model: Model, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) {
    self.model = model
    self.workingDirectory = workingDirectory
  }

  /// The completions of the word that ends `line`, the text before the cursor.
  public func complete(_ line: String) -> Completion {
    let start = line.drop { $0 == " " || $0 == "\t" }
    if start.hasPrefix(".") { return completeDotCommand(start) }
    if case .openString = Lexer.ending(of: line) { return completeInsideString(line) }
    return completeStatement(line)
  }

  // MARK: Dot-commands

  /// A dot-command's name, or its first argument as the command's usage lines spell it:
  /// `FILE` a file name, `Entity` an entity, `FORMAT` an output format, and a word in small
  /// letters (`set`, `on|off`) itself.
  private func completeDotCommand(_ text: Substring) -> Completion {
    guard let nameEnd = text.firstIndex(of: " ") else {
      return Completion(fragment: String(text), candidates: DotCommand.all.map(\.name))
    }
    guard let command = DotCommand.named(text[..<nameEnd].lowercased()) else { return .none }
    let argument = text[nameEnd...].drop { $0 == " " }
    let placeholders = command.usage.flatMap { usage in
      usage.synopsis.split(separator: " ").dropFirst().first.map { word in
        word.trimmingCharacters(in: ["[", "]"]).split(separator: "|").map(String.init)
      } ?? []
    }
    if placeholders.contains("FILE") { return files(argument) }
    guard !argument.contains(" ") else { return .none }
    let fragment = String(argument)
    var candidates: [String] = []
    for placeholder in placeholders {
      switch placeholder {
      case "Entity": candidates += model.entities.map(\.name)
      case "FORMAT": candidates += OutputFormat.allCases.map(\.rawValue)
      case placeholder.lowercased(): candidates.append(placeholder)
      default: continue
      }
    }
    return Completion(fragment: fragment, candidates: candidates)
  }

  // MARK: Statements

  /// The statements whose second word is an entity.
  private static let entityStatements: Set<StatementKeyword> = [
    .fetch, .count, .insert, .update, .delete, .export, .show,
  ]

  /// The words after which a predicate expects a key path.
  private static let predicateStarts: Set<String> = ["where", "having", "and", "or", "not"]

  /// The word operators of predicates, as Apple spells them.
  private static let operatorWords = [
    "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN", "BETWEEN",
  ]

  /// What may begin a comparison besides a key path.
  private static let comparisonStarts = ["NOT", "ANY", "ALL", "NONE", "SOME", "SELF", "SUBQUERY"]

  /// Punctuation after which a predicate expects an operand.
  private static let operandStarts: Set<Punctuation> = [
    .leftParen, .comma, .equal, .assign, .notEqual, .less, .lessOrEqual, .greater,
    .greaterOrEqual, .and, .or, .not, .plus, .minus, .star, .slash, .rightBracket,
  ]

  /// The clauses of each statement that names an entity, in the order they are written.
  private static func clauses(of statement: StatementKeyword) -> [String] {
    switch statement {
    case .fetch: return ["select", "where", "group", "having", "sort", "limit", "offset"]
    case .count, .delete, .show: return ["where"]
    case .update: return ["where", "set"]
    case .export: return ["where", "to", "as"]
    default: return []
    }
  }

  /// A statement's word, its entity, and the clause the cursor is in.
  private func completeStatement(_ line: String) -> Completion {
    var lexer = Lexer(line)
    var tokens: [Token] = []
    while true {
      guard let token = try? lexer.next() else { return .none }
      if token.kind == .endOfInput { break }
      tokens.append(token)
    }
    var fragment = ""
    if let last = tokens.last, case .identifier(let word) = last.kind,
      last.range.end.offset == line.utf8.count
    {
      fragment = word
      tokens.removeLast()
    }
    let lineIsEmpty = tokens.isEmpty
    var statement = tokens[...]
    if let separator = tokens.lastIndex(where: {
      $0.kind == .newline || $0.kind == .punctuation(.semicolon)
    }) {
      statement = tokens[(separator + 1)...]
    }
    if Self.word(statement.first) == "explain" {
      statement = statement.dropFirst()
      if statement.isEmpty {
        return Self.keywords(
          ["analyze"] + StatementKeyword.allCases.map(\.word), fragment: fragment)
      }
      if Self.word(statement.first) == "analyze" { statement = statement.dropFirst() }
    }
    guard let first = Self.word(statement.first) else {
      let keywords = Self.keywords(StatementKeyword.allCases.map(\.word), fragment: fragment)
      guard lineIsEmpty, fragment.isEmpty else { return keywords }
      return Completion(fragment: "", candidates: keywords.candidates + DotCommand.all.map(\.name))
    }
    guard let keyword = StatementKeyword(word: first) else { return .none }
    if statement.count == 1 {
      if Self.entityStatements.contains(keyword) {
        return Completion(fragment: fragment, candidates: model.entities.map(\.name))
      }
      return keyword == .import ? Self.keywords(["model"], fragment: fragment) : .none
    }
    return completeClause(
      Array(statement), keyword: keyword, fragment: fragment)
  }

  /// The completions inside a statement past its first word.
  private func completeClause(_ statement: [Token], keyword: StatementKeyword, fragment: String)
    -> Completion
  {
    let previous = statement[statement.count - 1]
    let previousWord = Self.word(previous)
    if keyword == .import {
      return previousWord == "into"
        ? Completion(fragment: fragment, candidates: model.entities.map(\.name)) : .none
    }
    let entity = Self.entityStatements.contains(keyword) ? self.entity(statement[1]) : nil
    if previous.kind == .punctuation(.dot) {
      return properties(ofPathEndingAt: statement.count - 1, in: statement, from: entity, fragment)
    }
    if previous.kind == .punctuation(.leftBracket), statement.count >= 2,
      let word = Self.word(statement[statement.count - 2]),
      Self.operatorWords.contains(word.uppercased())
    {
      return Completion(fragment: fragment, candidates: ["c]", "d]", "cd]"])
    }
    if statement.count == 2, Self.entityStatements.contains(keyword) {
      if keyword == .insert { return properties(of: entity, fragment) }
      return Self.keywords(Self.clauses(of: keyword), fragment: fragment)
    }
    let clause =
      statement.lazy.compactMap { Self.word($0) }
      .last { Self.clauseWords.contains($0) }
      ?? (keyword == .insert || keyword == .set ? "set" : "")
    switch clause {
    case "select", "set":
      let listStarts = previousWord == clause || previous.kind == .punctuation(.comma)
      return listStarts ? properties(of: entity, fragment) : .none
    case "group", "sort":
      if previousWord == clause { return Self.keywords(["by"], fragment: fragment) }
      if previousWord == "by" || previous.kind == .punctuation(.comma) {
        return properties(of: entity, fragment)
      }
      let later = Self.clauses(of: keyword).drop { $0 != clause }.dropFirst()
      return Self.keywords((clause == "sort" ? ["asc", "desc"] : []) + later, fragment: fragment)
    case "where", "having":
      return completePredicate(previous, keyword: keyword, clause: clause, entity: entity, fragment)
    case "as":
      return Self.keywords(["json", "jsonl", "csv", "xml", "binary"], fragment: fragment)
    default:
      return .none
    }
  }

  /// The words that open a clause; the last one before the cursor decides what comes next.
  private static let clauseWords: Set<String> = [
    "select", "where", "group", "having", "sort", "limit", "offset", "set", "to", "as",
  ]

  /// In a predicate: an operand after a connective or an operator, an operator after a key,
  /// and a connective or the next clause after a value.
  private func completePredicate(
    _ previous: Token, keyword: StatementKeyword, clause: String, entity: Entity?,
    _ fragment: String
  ) -> Completion {
    let previousWord = Self.word(previous)
    let expectsOperand: Bool
    switch previous.kind {
    case .punctuation(let punctuation): expectsOperand = Self.operandStarts.contains(punctuation)
    case .identifier(let word):
      expectsOperand =
        Self.predicateStarts.contains(word.lowercased())
        || Self.operatorWords.contains(word.uppercased())
    default: expectsOperand = false
    }
    if expectsOperand {
      let words = Self.keywords(Self.comparisonStarts, fragment: fragment, uppercase: true)
      return Completion(
        fragment: fragment,
        candidates: properties(of: entity, fragment).candidates + words.candidates)
    }
    if case .identifier = previous.kind,
      previousWord.map({ !Self.clauseWords.contains($0) }) ?? false
    {
      return Self.keywords(Self.operatorWords, fragment: fragment, uppercase: true)
    }
    let later = Self.clauses(of: keyword).drop { $0 != clause }.dropFirst()
    return Self.keywords(["and", "or"] + later, fragment: fragment)
  }

  /// The entity a token names, in any case.
  private func entity(_ token: Token) -> Entity? {
    guard let name = Self.word(token) else { return nil }
    return model.entity(named: name)
      ?? model.entities.first { $0.name.lowercased() == name }
  }

  /// The property names of `entity`, or of every entity when it is unknown.
  private func properties(of entity: Entity?, _ fragment: String) -> Completion {
    let entities = entity.map { [$0] } ?? model.entities
    return Completion(fragment: fragment, candidates: entities.flatMap(\.propertyNames))
  }

  /// The properties at the end of a key path such as `owner.address.`: each name before
  /// the dot at `dot` is followed through a relationship from `root`.
  private func properties(
    ofPathEndingAt dot: Int, in tokens: [Token], from root: Entity?, _ fragment: String
  ) -> Completion {
    var names: [String] = []
    var index = dot
    while index > 0, tokens[index].kind == .punctuation(.dot),
      case .identifier(let name) = tokens[index - 1].kind
    {
      names.insert(name, at: 0)
      index -= 2
    }
    var current = root
    for name in names {
      guard let relationship = current?.relationship(named: name) else { return .none }
      current = model.entity(named: relationship.destination)
    }
    guard let current else { return .none }
    return properties(of: current, fragment)
  }

  // MARK: Quoted file names

  /// Inside a string: file names when it is the file of an `import` or an `export`.
  private func completeInsideString(_ line: String) -> Completion {
    var lexer = Lexer(line)
    var tokens: [Token] = []
    var quoteOffset = 0
    do {
      while true {
        let token = try lexer.next()
        if token.kind == .endOfInput { return .none }
        tokens.append(token)
      }
    } catch {
      quoteOffset = error.range.start.offset
    }
    if let separator = tokens.lastIndex(where: {
      $0.kind == .newline || $0.kind == .punctuation(.semicolon)
    }) {
      tokens.removeFirst(separator + 1)
    }
    let statement = Self.word(tokens.first)
    let previous = Self.word(tokens.last)
    let takesFile =
      (statement == "import" && (previous == "import" || previous == "model"))
      || (statement == "export" && previous == "to")
    let utf8 = line.utf8
    guard takesFile, quoteOffset < utf8.count else { return .none }
    return files(Substring(String(decoding: utf8.dropFirst(quoteOffset), as: UTF8.self)))
  }

  /// The files and folders whose path begins with `typed` (after its opening quote, if it
  /// has one), relative to the working directory. Hidden files only when asked for.
  private func files(_ typed: Substring) -> Completion {
    let quote = typed.first.flatMap { $0 == "\"" || $0 == "'" ? String($0) : nil }
    let path = quote == nil ? typed : typed.dropFirst()
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    let prefix = String(path.dropFirst(folder.count))
    let directory =
      folder.hasPrefix("/") ? folder : workingDirectory + "/" + folder
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return .none
    }
    let shown = names.filter {
      $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix("."))
    }
    let candidates = shown.map { name in
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isFolder)
      return (quote ?? "") + folder + name + (isFolder.boolValue ? "/" : "")
    }
    return Completion(
      fragment: String(typed), candidates: candidates, terminator: (quote ?? "") + " ")
  }

  // MARK: Words

  /// The lowercased word of an identifier token.
  private static func word(_ token: Token?) -> String? {
    guard case .identifier(let word) = token?.kind else { return nil }
    return word.lowercased()
  }

  /// The keywords that begin with `fragment` in any case, spelt as the user started: what
  /// was typed, then the rest in capitals when the fragment is in capitals (or, when it is
  /// empty, when `uppercase`), in small letters otherwise.
  private static func keywords(_ words: [String], fragment: String, uppercase: Bool = false)
    -> Completion
  {
    let capitals =
      fragment.isEmpty
      ? uppercase : fragment == fragment.uppercased() && fragment != fragment.lowercased()
    let typed = fragment.lowercased()
    let candidates = words.filter { $0.lowercased().hasPrefix(typed) }.map { word in
      let rest = word.dropFirst(fragment.count)
      return fragment + (capitals ? rest.uppercased() : rest.lowercased())
    }
    return Completion(fragment: fragment, candidates: candidates)
  }
}
