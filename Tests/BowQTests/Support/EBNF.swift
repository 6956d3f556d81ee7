import Foundation

/// A grammar written in ISO/IEC 14977 EBNF, read into productions.
///
/// Supports what `Grammar/bowq.ebnf` uses: `=` `;` `|` `,` `[ ]` `{ }` `( )`, the exception
/// `a - b`, terminals in single or double quotes (no escapes, as in the standard), special
/// sequences `? … ?`, and nested comments `(* … *)`.
struct EBNFGrammar {
  indirect enum Node: Hashable {
    case terminal(String)
    case nonterminal(String)
    case special(String)
    case sequence([Node])
    case choice([Node])
    case optional(Node)
    case repetition(Node)
    /// `a - b`: what `a` matches, except spans `b` also matches.
    case except(Node, Node)
  }

  struct Production {
    var name: String
    var body: Node
    var line: Int
  }

  struct SyntaxError: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  private(set) var productions: [Production] = []
  private(set) var rules: [String: Node] = [:]

  init(parsing text: String) throws {
    var reader = Reader(tokens: try Reader.tokenize(text))
    while !reader.atEnd {
      let production = try reader.production()
      guard rules[production.name] == nil else {
        throw SyntaxError(line: production.line, message: "\(production.name) is defined twice")
      }
      rules[production.name] = production.body
      productions.append(production)
    }
  }

  /// The nonterminals a node refers to.
  static func references(_ node: Node) -> Set<String> {
    var names: Set<String> = []
    walk(node) { if case .nonterminal(let n) = $0 { names.insert(n) } }
    return names
  }

  /// The terminals a node spells.
  static func terminals(_ node: Node) -> Set<String> {
    var found: Set<String> = []
    walk(node) { if case .terminal(let t) = $0 { found.insert(t) } }
    return found
  }

  static func walk(_ node: Node, _ visit: (Node) -> Void) {
    visit(node)
    switch node {
    case .terminal, .nonterminal, .special: break
    case .sequence(let nodes), .choice(let nodes): for n in nodes { walk(n, visit) }
    case .optional(let n), .repetition(let n): walk(n, visit)
    case .except(let a, let b):
      walk(a, visit)
      walk(b, visit)
    }
  }

  /// The productions reachable from `starts`, the starts included.
  func reachable(from starts: [String]) -> Set<String> {
    var seen: Set<String> = []
    var pending = starts
    while let name = pending.popLast() {
      guard seen.insert(name).inserted, let body = rules[name] else { continue }
      pending.append(contentsOf: EBNFGrammar.references(body))
    }
    return seen
  }

  // MARK: Reading

  private enum Token: Equatable {
    case identifier(String)
    case terminal(String)
    case special(String)
    case symbol(Character)
  }

  private struct Reader {
    var tokens: [(token: Token, line: Int)]
    var position = 0

    var atEnd: Bool { position == tokens.count }
    var line: Int { position < tokens.count ? tokens[position].line : (tokens.last?.line ?? 1) }
    var current: Token? { position < tokens.count ? tokens[position].token : nil }

    static func tokenize(_ text: String) throws -> [(token: Token, line: Int)] {
      let chars = Array(text)
      var i = 0
      var line = 1
      var result: [(token: Token, line: Int)] = []
      func fail(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }
      while i < chars.count {
        let c = chars[i]
        if c == "\n" {
          line += 1
          i += 1
        } else if c.isWhitespace {
          i += 1
        } else if c == "(", i + 1 < chars.count, chars[i + 1] == "*" {
          let start = line
          var depth = 0
          repeat {
            if i + 1 < chars.count, chars[i] == "(", chars[i + 1] == "*" {
              depth += 1
              i += 2
            } else if i + 1 < chars.count, chars[i] == "*", chars[i + 1] == ")" {
              depth -= 1
              i += 2
            } else if i < chars.count {
              if chars[i] == "\n" { line += 1 }
              i += 1
            } else {
              throw SyntaxError(line: start, message: "unterminated comment")
            }
          } while depth > 0
        } else if c == "\"" || c == "'" || c == "?" {
          let start = line
          var j = i + 1
          while j < chars.count, chars[j] != c {
            if chars[j] == "\n" { line += 1 }
            j += 1
          }
          guard j < chars.count else {
            throw SyntaxError(
              line: start, message: "unterminated \(c == "?" ? "special sequence" : "terminal")")
          }
          let content = String(chars[(i + 1)..<j])
          if c == "?" {
            result.append((.special(content.trimmingCharacters(in: .whitespaces)), start))
          } else {
            guard !content.isEmpty else { throw fail("empty terminal") }
            result.append((.terminal(content), start))
          }
          i = j + 1
        } else if c.isLetter {
          var j = i
          while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" {
            j += 1
          }
          result.append((.identifier(String(chars[i..<j])), line))
          i = j
        } else if "=;|,[]{}()-".contains(c) {
          result.append((.symbol(c), line))
          i += 1
        } else {
          throw fail("unexpected character \"\(c)\"")
        }
      }
      return result
    }

    mutating func expect(_ symbol: Character) throws {
      guard current == .symbol(symbol) else {
        throw SyntaxError(line: line, message: "expected \"\(symbol)\", found \(describe(current))")
      }
      position += 1
    }

    func describe(_ token: Token?) -> String {
      switch token {
      case nil: return "end of file"
      case .identifier(let s): return s
      case .terminal(let s): return "\"\(s)\""
      case .special(let s): return "? \(s) ?"
      case .symbol(let c): return "\"\(c)\""
      }
    }

    mutating func production() throws -> Production {
      let line = self.line
      guard case .identifier(let name) = current else {
        throw SyntaxError(
          line: line, message: "expected a production name, found \(describe(current))")
      }
      position += 1
      try expect("=")
      let body = try definitions()
      try expect(";")
      return Production(name: name, body: body, line: line)
    }

    mutating func definitions() throws -> Node {
      var alternatives = [try sequence()]
      while current == .symbol("|") {
        position += 1
        alternatives.append(try sequence())
      }
      return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    mutating func sequence() throws -> Node {
      var terms = [try term()]
      while current == .symbol(",") {
        position += 1
        terms.append(try term())
      }
      return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    mutating func term() throws -> Node {
      let factor = try primary()
      guard current == .symbol("-") else { return factor }
      position += 1
      return .except(factor, try primary())
    }

    mutating func primary() throws -> Node {
      let token = current
      position += 1
      switch token {
      case .identifier(let name): return .nonterminal(name)
      case .terminal(let text): return .terminal(text)
      case .special(let text): return .special(text)
      case .symbol("["):
        let inner = try definitions()
        try expect("]")
        return .optional(inner)
      case .symbol("{"):
        let inner = try definitions()
        try expect("}")
        return .repetition(inner)
      case .symbol("("):
        let inner = try definitions()
        try expect(")")
        return inner
      default:
        position -= 1
        throw SyntaxError(line: line, message: "expected a term, found \(describe(token))")
      }
    }
  }
}

/// Decides whether a grammar derives an input, by computing for each production and start
/// position the set of positions where a match can end (memoized, so ambiguous grammars cost
/// polynomial time). The grammar must not be left-recursive.
final class EBNFMatcher<Symbol> {
  let grammar: EBNFGrammar
  let input: [Symbol]
  /// Where `terminal` matches from a position, or nil.
  let terminal: (String, [Symbol], Int) -> Int?
  /// Where a special sequence matches from a position, or nil.
  let special: (String, [Symbol], Int) -> Int?
  /// Ends for nonterminals matched outside the grammar's rules (one token of a lexical
  /// production), or nil to expand the rule.
  let override: (String, [Symbol], Int) -> Set<Int>?
  private var memo: [String: [Int: Set<Int>]] = [:]
  private var active: Set<String> = []

  init(
    grammar: EBNFGrammar, input: [Symbol],
    terminal: @escaping (String, [Symbol], Int) -> Int?,
    special: @escaping (String, [Symbol], Int) -> Int? = { _, _, _ in nil },
    override: @escaping (String, [Symbol], Int) -> Set<Int>? = { _, _, _ in nil }
  ) {
    self.grammar = grammar
    self.input = input
    self.terminal = terminal
    self.special = special
    self.override = override
  }

  /// Whether `production` derives the whole input.
  func matchesAll(_ production: String) -> Bool {
    ends(.nonterminal(production), from: 0).contains(input.count)
  }

  func ends(_ node: EBNFGrammar.Node, from start: Int) -> Set<Int> {
    switch node {
    case .terminal(let t):
      return terminal(t, input, start).map { [$0] } ?? []
    case .special(let s):
      return special(s, input, start).map { [$0] } ?? []
    case .nonterminal(let name):
      if let result = memo[name]?[start] { return result }
      if let result = override(name, input, start) {
        memo[name, default: [:]][start] = result
        return result
      }
      guard let body = grammar.rules[name] else { return [] }
      let key = "\(name)@\(start)"
      guard active.insert(key).inserted else { return [] }  // left recursion: no match
      let result = ends(body, from: start)
      active.remove(key)
      memo[name, default: [:]][start] = result
      return result
    case .sequence(let nodes):
      var positions: Set<Int> = [start]
      for n in nodes {
        var next: Set<Int> = []
        for p in positions { next.formUnion(ends(n, from: p)) }
        positions = next
        if positions.isEmpty { break }
      }
      return positions
    case .choice(let nodes):
      var result: Set<Int> = []
      for n in nodes { result.formUnion(ends(n, from: start)) }
      return result
    case .optional(let n):
      return ends(n, from: start).union([start])
    case .repetition(let n):
      var result: Set<Int> = [start]
      var frontier: Set<Int> = [start]
      while !frontier.isEmpty {
        var next: Set<Int> = []
        for p in frontier { next.formUnion(ends(n, from: p)) }
        frontier = next.subtracting(result)
        result.formUnion(frontier)
      }
      return result
    case .except(let a, let b):
      return ends(a, from: start).subtracting(ends(b, from: start))
    }
  }
}
