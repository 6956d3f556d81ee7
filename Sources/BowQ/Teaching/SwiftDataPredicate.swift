/// A `where` clause as SwiftData's `#Predicate` (Foundation's `Predicate` macro), or why it
/// has none: `#Predicate` is Swift code over a model's properties, so NSPredicate's string
/// options, collection operators, key paths through relationships, LIKE and MATCHES have no
/// form in it.
public enum SwiftDataPredicate: Hashable, Sendable {
  /// The `#Predicate` expression, over an instance of a type named after the entity.
  case code(String)
  /// Why the predicate has no `#Predicate` form.
  case unavailable(String)

  /// The `#Predicate` of `syntax` over objects of `entity`.
  static func translating(_ syntax: PredicateSyntax, on entity: Entity) -> SwiftDataPredicate {
    let translator = Translator(entity: entity)
    do {
      return .code(
        "#Predicate<\(entity.name)> { \(translator.variable) in "
          + "\(try translator.predicate(syntax)) }")
    } catch {
      return .unavailable(error.reason)
    }
  }

  /// Why a part of a predicate has no `#Predicate` form.
  struct Untranslatable: Error {
    var reason: String
  }

  /// Writes predicates and expressions as Swift over one object, named `variable`.
  private struct Translator {
    let entity: Entity
    /// The closure's parameter: the entity's name, lower camel case (`bowTie`).
    var variable: String { entity.name.prefix(1).lowercased() + entity.name.dropFirst() }

    func predicate(_ p: PredicateSyntax) throws(Untranslatable) -> String {
      switch p.kind {
      case .constant(let value): return value ? "true" : "false"
      case .not(let inner): return "!(\(try predicate(inner)))"
      case .and(let operands): return try joined(operands, "&&")
      case .or(let operands): return try joined(operands, "||")
      case .comparison(let c): return try comparison(c)
      }
    }

    private func joined(_ operands: [PredicateSyntax], _ op: String) throws(Untranslatable)
      -> String
    {
      var parts: [String] = []
      for operand in operands {
        let text = try predicate(operand)
        switch operand.kind {
        case .and, .or: parts.append("(\(text))")
        default: parts.append(text)
        }
      }
      return parts.joined(separator: " \(op) ")
    }

    private func comparison(_ c: Comparison) throws(Untranslatable) -> String {
      guard c.modifier == .direct else {
        throw Untranslatable(
          reason: "\(c.modifier.rawValue) compares the elements of a to-many, which "
            + "#Predicate reaches only through relationships of @Model classes")
      }
      guard c.options.isEmpty else {
        throw Untranslatable(
          reason: "[\(c.options.letters)]: #Predicate compares strings exactly; "
            + "localizedStandardContains(_:) is the closest, for CONTAINS[cd]")
      }
      let ordering: Set<ComparisonOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]
      let needsValue = c.op != .equal && c.op != .notEqual
      let (lhsType, rhsType) = (try type(of: c.lhs), try type(of: c.rhs))
      let lhs = try expression(c.lhs, unwrapped: needsValue, beside: rhsType)
      switch c.op {
      case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
        try checkComparable(c.lhs, c.rhs)
        if let test = booleanTest(c) { return test }
        let rhs = try expression(c.rhs, unwrapped: ordering.contains(c.op), beside: lhsType)
        return "\(lhs) \(c.op.rawValue) \(rhs)"
      case .beginsWith, .contains:
        guard lhsType == .string else {
          throw Untranslatable(reason: "\(c.op.rawValue) on \(lhsType)")
        }
        let rhs = try expression(c.rhs, unwrapped: true, beside: lhsType)
        return c.op == .beginsWith ? "\(lhs).starts(with: \(rhs))" : "\(lhs).contains(\(rhs))"
      case .in:
        guard case .aggregate(let elements) = c.rhs.kind else {
          throw Untranslatable(reason: "IN needs a list such as {\"R\", \"B\"} for #Predicate")
        }
        var values: [String] = []
        for element in elements {
          try checkComparable(c.lhs, element)
          values.append(try expression(element, unwrapped: true, beside: lhsType))
        }
        return "[\(values.joined(separator: ", "))].contains(\(lhs))"
      case .between:
        guard case .aggregate(let bounds) = c.rhs.kind, bounds.count == 2 else {
          throw Untranslatable(reason: "BETWEEN needs two bounds such as {1, 3} for #Predicate")
        }
        try checkComparable(c.lhs, bounds[0])
        try checkComparable(c.lhs, bounds[1])
        let low = try expression(bounds[0], unwrapped: true, beside: lhsType)
        let high = try expression(bounds[1], unwrapped: true, beside: lhsType)
        return "(\(lhs) >= \(low) && \(lhs) <= \(high))"
      case .endsWith:
        throw Untranslatable(reason: "ENDSWITH: #Predicate has starts(with:) but no hasSuffix")
      case .like:
        throw Untranslatable(reason: "LIKE: #Predicate has no wildcard patterns")
      case .matches:
        throw Untranslatable(reason: "MATCHES: #Predicate has no regular expressions")
      }
    }

    /// `key == YES` as `object.key`, `key == NO` as `!object.key` (and `!=` the other way):
    /// the Swift a person writes, which also type-checks faster than a comparison.
    private func booleanTest(_ c: Comparison) -> String? {
      guard case .keyPath(let path) = c.lhs.kind, let attribute = try? attribute(path),
        attribute.type == .bool, !attribute.isOptional,
        case .constant(.bool(let value)) = c.rhs.kind
      else { return nil }
      return (value == (c.op == .equal) ? "" : "!") + "\(variable).\(attribute.name)"
    }

    /// An expression as Swift. `unwrapped`: the value is used as a non-optional (ordered,
    /// searched), which an optional attribute cannot be without `if let`. `beside`: the type
    /// of what it is compared with, so that a number beside a Double is written as one
    /// (`2.0`), which spares the type checker.
    private func expression(
      _ e: ExpressionSyntax, unwrapped: Bool, beside: ValueType = .unknown
    ) throws(Untranslatable) -> String {
      switch e.kind {
      case .constant(let value):
        switch value {
        case .null: return "nil"
        case .int, .double:
          let literal = CoreDataSwift.swiftLiteral(value) ?? "0"
          return beside == .double && !literal.contains(where: { $0 == "." || $0 == "e" })
            ? literal + ".0" : literal
        case .bool, .string: return CoreDataSwift.swiftLiteral(value) ?? "nil"
        default:
          throw Untranslatable(
            reason: "a \(value.kindName) constant: declare it outside the #Predicate")
        }
      case .keyPath(let path):
        let attribute = try self.attribute(path)
        if unwrapped, attribute.isOptional {
          throw Untranslatable(
            reason: "\(attribute.name) is optional: #Predicate must unwrap it (if let) to "
              + "order or search it")
        }
        return "\(variable).\(attribute.name)"
      case .arithmetic(let op, let l, let r) where op != .power:
        let (left, right) = (try type(of: l), try type(of: r))
        if case .keyPath = l.kind, case .keyPath = r.kind, left != right {
          throw Untranslatable(
            reason: "\(PredicateFormatter.format(e)) mixes \(left) and \(right), which Swift "
              + "adds only after a conversion #Predicate does not allow")
        }
        let operandType = left == .unknown ? right : left
        return "(\(try expression(l, unwrapped: true, beside: operandType)) \(op.rawValue) "
          + "\(try expression(r, unwrapped: true, beside: operandType)))"
      case .negate(let operand):
        return "-\(try expression(operand, unwrapped: true, beside: beside))"
      default:
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(e)): #Predicate has no form for it here")
      }
    }

    /// The attribute a one-key path names, when its type has a Swift form.
    private func attribute(_ path: [KeyPathComponent]) throws(Untranslatable) -> Attribute {
      guard path.count == 1, case .key(let key) = path[0] else {
        throw Untranslatable(
          reason: "the key path \(path.count) keys long: #Predicate follows relationships of "
            + "@Model classes, and has no collection operators (@count, @avg)")
      }
      guard let index = entity.index(ofAttribute: key) else {
        throw Untranslatable(reason: "\(key) is no attribute of \(entity.name)")
      }
      let attribute = entity.attributes[index]
      switch attribute.type {
      case .string, .bool, .int16, .int32, .int64, .double, .float, .date: return attribute
      default:
        throw Untranslatable(reason: "\(key) is \(attribute.type.name), compared here as Swift")
      }
    }

    /// The type of an operand: an attribute's, a constant's, or that of arithmetic on an
    /// attribute.
    private func type(of e: ExpressionSyntax) throws(Untranslatable) -> ValueType {
      switch e.kind {
      case .keyPath(let path): return ValueType(try attribute(path).type)
      case .constant(let value): return ValueType(of: value)
      case .negate(let operand): return try type(of: operand)
      case .arithmetic(_, let l, let r):
        let left = try type(of: l)
        return left == .unknown || left == .integer ? try type(of: r) : left
      default: return .unknown
      }
    }

    /// Refuses what Swift cannot compare inside #Predicate: an integer attribute with a
    /// fraction or with a number attribute (without a conversion #Predicate does not allow), a
    /// Boolean with a number, a string with anything else, two number constants (whose types
    /// are ambiguous), and a non-optional attribute with nil.
    private func checkComparable(_ a: ExpressionSyntax, _ b: ExpressionSyntax)
      throws(Untranslatable)
    {
      for (key, constant) in [(a, b), (b, a)] {
        guard case .keyPath = key.kind, case .constant(.double(let d)) = constant.kind else {
          continue
        }
        if try type(of: key) == .integer, d != d.rounded() {
          throw Untranslatable(
            reason: "an integer attribute compared with a fraction: Swift compares them only "
              + "after a conversion #Predicate does not allow")
        }
      }
      let types = [try type(of: a), try type(of: b)]
      let isConstant = [a, b].map { if case .constant = $0.kind { true } else { false } }
      let known = types.filter { $0 != .null && $0 != .unknown }
      if known.contains(.string), known.contains(where: { $0 != .string }) {
        throw Untranslatable(
          reason: "a string compared with \(known.first { $0 != .string } ?? .unknown): Swift "
            + "does not compare them, and NSPredicate finds them unequal")
      }
      if !isConstant.contains(false), types.allSatisfy({ $0 == .integer || $0 == .double }) {
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(a)) and \(PredicateFormatter.format(b)) are both "
            + "constants, whose number types Swift cannot tell apart inside #Predicate; the "
            + "comparison does not depend on the object")
      }
      for (key, other) in [(a, b), (b, a)] {
        guard case .keyPath(let path) = key.kind, case .constant(.null) = other.kind,
          !(try attribute(path)).isOptional
        else { continue }
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(key)) is not optional, so it is never nil: "
            + "the comparison with nil is the same for every object")
      }
      if !isConstant.contains(true), types.allSatisfy({ $0 == .integer || $0 == .double }),
        types[0] != types[1]
      {
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(a)) and \(PredicateFormatter.format(b)) mix an "
            + "integer and a number, which Swift compares only after a conversion #Predicate "
            + "does not allow")
      }
      if types.contains(.bool), types.contains(where: { $0.isNumeric && $0 != .bool }) {
        throw Untranslatable(reason: "a Boolean compared with a number: write true or false")
      }
    }
  }
}
