/// A `where` clause as SwiftData's `#Predicate` (Foundation's `Predicate` macro), bound to
/// `let predicate`, with the `FetchDescriptor` of a fetch or count, or why it has none:
/// `#Predicate` is Swift code over a model's properties, so NSPredicate's string options,
/// collection operators other than `@count`, LIKE and MATCHES have no form in it. Key
/// paths go through relationships (`bowTie.owner?.name`), an optional is unwrapped where it
/// is ordered (`flatMap { $0 > date } ?? false`), ANY, ALL and NONE become `contains(where:)`
/// and `allSatisfy`, and a `$variable` is a Swift constant of its name that the predicate
/// captures. A constant the macro cannot build inline, such as a UUID or a date, is
/// declared on a line before it, as an app captures it.
public enum SwiftDataPredicate: Hashable, Sendable {
  /// The `#Predicate` expression, over an instance of a type named after the entity, after
  /// the `let` lines of the constants it captures.
  case code(String)
  /// Why the predicate has no `#Predicate` form.
  case unavailable(String)

  /// The `#Predicate` of `syntax` over objects of `entity`, bound to `let predicate`, with
  /// `using` after it (a fetch's descriptor).
  static func translating(
    _ syntax: PredicateSyntax, on entity: Entity, model: Model = Model(), using: [String] = []
  ) -> SwiftDataPredicate {
    var translator = Translator(entity: entity, model: model)
    do {
      let body = try translator.predicate(syntax)
      return .code(
        (translator.constants.map { "let \($0.name) = \($0.value)" }
          + ["let predicate = #Predicate<\(entity.name)> { \(translator.variable) in \(body) }"]
          + using).joined(separator: "\n"))
    } catch {
      return .unavailable(error.reason)
    }
  }

  /// The Swift that sets `assignments` on each fetched object, as `object.key = value`;
  /// nil when one has no Swift form here (a relationship, a value of another type).
  static func settingLines(_ assignments: [Assignment], on entity: Entity) -> [String]? {
    var setter = Translator(entity: entity, model: Model(), root: "object")
    var lines: [String] = []
    for assignment in assignments {
      guard case .expression(let e) = assignment.value, assignment.op == .set,
        let line = try? setter.assignment(assignment.key.text, e), setter.constants.isEmpty
      else { return nil }
      lines.append(line)
    }
    return lines
  }

  /// What uses the predicate in a fetch or count: a `FetchDescriptor` with `sortBy` and
  /// `fetchLimit`, fetched or counted; nothing for other statements, or for a sort that
  /// `SortDescriptor` cannot write (a key path, a case-insensitive comparison).
  static func descriptorLines(for statement: Statement, on entity: Entity) -> [String] {
    switch statement.kind {
    case .fetch(let request) where request.select == nil:
      var sorts: [String] = []
      for key in request.sort {
        guard case .keyPath(let path) = key.key.kind, path.count == 1,
          case .key(let name) = path[0], entity.index(ofAttribute: name) != nil
        else { return [] }
        var arguments = ["\\\(entity.name).\(name)"]
        switch key.comparison {
        case .compare: break
        case .localizedStandard: arguments.append("comparator: .localizedStandard")
        case .localized: arguments.append("comparator: .localized")
        case .caseInsensitive, .localizedCaseInsensitive: return []
        }
        if !key.ascending { arguments.append("order: .reverse") }
        sorts.append("SortDescriptor(\(arguments.joined(separator: ", ")))")
      }
      let sortBy = sorts.isEmpty ? "" : ", sortBy: [\(sorts.joined(separator: ", "))]"
      var lines = [
        "\(request.limit == nil && request.offset == nil ? "let" : "var") descriptor = "
          + "FetchDescriptor<\(entity.name)>(predicate: predicate\(sortBy))"
      ]
      if let limit = request.limit { lines.append("descriptor.fetchLimit = \(limit)") }
      if let offset = request.offset { lines.append("descriptor.fetchOffset = \(offset)") }
      return lines + ["let results = try context.fetch(descriptor)"]
    case .count:
      return [
        "let count = try context.fetchCount(FetchDescriptor<\(entity.name)>(predicate: predicate))"
      ]
    case .delete:
      return [
        "for object in try context.fetch(FetchDescriptor<\(entity.name)>(predicate: predicate)) {",
        "  context.delete(object)", "}", "try context.save()",
      ]
    case .update(_, _, let assignments):
      guard let setting = settingLines(assignments, on: entity) else { return [] }
      return
        ["for object in try context.fetch(FetchDescriptor<\(entity.name)>(predicate: predicate)) {"]
        + setting.map { "  " + $0 } + ["}", "try context.save()"]
    default:
      return []
    }
  }

  /// Why a part of a predicate has no `#Predicate` form.
  struct Untranslatable: Error {
    var reason: String
  }

  /// Writes predicates and expressions as Swift over one object, named `variable`.
  private struct Translator {
    let entity: Entity
    let model: Model
    /// The closure's parameter; `$0` inside `contains(where:)` and `allSatisfy`.
    var root: String?
    /// The constants declared before the `#Predicate`, in order: values the macro cannot
    /// build inline (`UUID(uuidString:)`), which it captures by name.
    var constants: [(name: String, value: String)] = []
    /// The optional key path being unwrapped by `flatMap`, which reads as `$0` inside it.
    var unwrapping: [KeyPathComponent]?
    /// The closure's parameter: the entity's name, lower camel case (`bowTie`).
    var variable: String {
      root ?? entity.name.prefix(1).lowercased() + entity.name.dropFirst()
    }

    mutating func predicate(_ p: PredicateSyntax) throws(Untranslatable) -> String {
      switch p.kind {
      case .constant(let value): return value ? "true" : "false"
      case .not(let inner): return "!(\(try predicate(inner)))"
      case .and(let operands): return try joined(operands, "&&")
      case .or(let operands): return try joined(operands, "||")
      case .comparison(let c): return try comparison(c)
      case .customSelector(_, let selector, _):
        throw Untranslatable(
          reason: "\(selector) sends an Objective-C message, which #Predicate cannot")
      }
    }

    private mutating func joined(_ operands: [PredicateSyntax], _ op: String) throws(Untranslatable)
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

    private mutating func comparison(_ c: Comparison) throws(Untranslatable) -> String {
      guard c.modifier == .direct else { return try elements(c) }
      // A string compared with a date is the date it spells, as bowq reads it.
      var c = c
      for (side, other) in [(\Comparison.lhs, c.rhs), (\Comparison.rhs, c.lhs)] {
        if case .constant(.string(let text)) = c[keyPath: side].kind,
          (try? type(of: other)) == .date, let date = try? ISO8601Dates.parse(text)
        {
          c[keyPath: side].kind = .constant(.date(date))
        }
      }
      let unwrappable: Set<ComparisonOperator> = [
        .less, .lessOrEqual, .greater, .greaterOrEqual, .between,
      ]
      if [.beginsWith, .contains].contains(c.op), unwrapping == nil,
        case .keyPath(let path) = c.lhs.kind, let resolved = try? resolve(path),
        resolved.isOptional, resolved.type == .string
      {
        // Optional chaining, which type-checks faster than flatMap; nil is not true.
        let rhs = try expression(c.rhs, unwrapped: true, beside: .string)
        let method = c.op == .beginsWith ? "starts(with: \(rhs))" : "contains(\(rhs))"
        return "(\(resolved.code))?.\(method) == true"
      }
      if unwrappable.contains(c.op), unwrapping == nil, case .keyPath(let path) = c.lhs.kind,
        let resolved = try? resolve(path), resolved.isOptional
      {
        // NSPredicate's nil is false under these operators, as `?? false` makes it.
        var inner = self
        inner.unwrapping = path
        let test = try inner.comparison(c)
        constants = inner.constants
        let optional = resolved.code.contains("?.") ? "(\(resolved.code))" : resolved.code
        return "(\(optional).flatMap { \(test) } ?? false)"
      }
      guard c.options.isEmpty else {
        throw Untranslatable(
          reason: "[\(c.options.letters)]: #Predicate compares strings exactly; "
            + "localizedStandardContains(_:) is the closest, for CONTAINS[cd]")
      }
      let ordering: Set<ComparisonOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]
      let needsValue = c.op != .equal && c.op != .notEqual
      let (lhsType, rhsType) = (try type(of: c.lhs), try type(of: c.rhs))
      if ordering.union([.between]).contains(c.op), lhsType == .uuid || rhsType == .uuid {
        throw Untranslatable(
          reason: "\(c.op.rawValue) on UUID: #Predicate compares UUIDs here only with ==, != "
            + "and IN")
      }
      let lhs = try expression(c.lhs, unwrapped: needsValue, beside: rhsType, named: name(c.rhs))
      switch c.op {
      case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
        try checkComparable(c.lhs, c.rhs)
        if let test = booleanTest(c) { return test }
        let rhs = try expression(
          c.rhs, unwrapped: ordering.contains(c.op), beside: lhsType, named: name(c.lhs))
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
          guard lhsType == .uuid else {
            values.append(try expression(element, unwrapped: true, beside: lhsType))
            continue
          }
          guard let value = CoreDataSwift.constant(element).flatMap(CoreDataSwift.swiftLiteral)
          else {
            throw Untranslatable(reason: "IN of UUIDs needs a list of UUID constants")
          }
          values.append(value)
        }
        let list = "[\(values.joined(separator: ", "))]"
        guard lhsType == .uuid else { return "\(list).contains(\(lhs))" }
        let plural = name(c.lhs) + (name(c.lhs).hasSuffix("s") ? "es" : "s")
        return "\(declare(plural, list)).contains(\(lhs))"
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
      guard case .keyPath(let path) = c.lhs.kind, let resolved = try? resolve(path),
        resolved.type == .bool, !resolved.isOptional,
        case .constant(.bool(let value)) = c.rhs.kind
      else { return nil }
      return (value == (c.op == .equal) ? "" : "!") + resolved.code
    }

    /// An expression as Swift. `unwrapped`: the value is used as a non-optional (ordered,
    /// searched), which an optional attribute cannot be without `if let`. `beside`: the type
    /// of what it is compared with, so that a number beside a Double is written as one
    /// (`2.0`), which spares the type checker. `named`: the name a UUID constant is declared
    /// under, after what it is compared with.
    private mutating func expression(
      _ e: ExpressionSyntax, unwrapped: Bool, beside: ValueType = .unknown,
      named: String = "uuid"
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
        case .uuid: return try uuidConstant(e, named: named)
        case .date:
          return declare("date", CoreDataSwift.swiftLiteral(value) ?? "")
        default:
          throw Untranslatable(
            reason: "a \(value.kindName) constant: declare it outside the #Predicate")
        }
      case .keyPath(let path) where path == unwrapping:
        return "$0"
      case .keyPath(let path):
        let resolved = try resolve(path)
        if unwrapped, resolved.isOptional {
          throw Untranslatable(
            reason: "\(PredicateFormatter.format(e)) is optional: #Predicate must unwrap it "
              + "(flatMap or if let) to order or search it")
        }
        return resolved.code
      case .variable(let name):
        guard name.first.map({ $0.isLetter || $0 == "_" }) ?? false,
          name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name != variable
        else { throw Untranslatable(reason: "$\(name) has no Swift name to capture") }
        return name
      case .arithmetic(let op, let l, let r) where op != .power && !op.isBitwise:
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
      case .cast:
        if case .date(let date)? = CoreDataSwift.constant(e) {
          return declare("date", CoreDataSwift.swiftLiteral(.date(date)) ?? "")
        }
        return try uuidConstant(e, named: named)
      default:
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(e)): #Predicate has no form for it here")
      }
    }

    /// A UUID constant (`CAST("…", "NSUUID")`), declared before the `#Predicate` as
    /// `let name = UUID(uuidString: "…")!`: the macro allows no initializer call inline.
    private mutating func uuidConstant(_ e: ExpressionSyntax, named: String)
      throws(Untranslatable) -> String
    {
      guard let value = CoreDataSwift.constant(e), case .uuid = value,
        let literal = CoreDataSwift.swiftLiteral(value)
      else {
        throw Untranslatable(
          reason: "\(PredicateFormatter.format(e)): #Predicate has no form for it here")
      }
      return declare(named, literal)
    }

    /// Declares `let name = value` before the `#Predicate`, numbered (`id2`) when the name is
    /// taken, and returns the name.
    private mutating func declare(_ name: String, _ value: String) -> String {
      var unique = name
      var number = 2
      while unique == variable || constants.contains(where: { $0.name == unique }) {
        unique = "\(name)\(number)"
        number += 1
      }
      constants.append((unique, value))
      return unique
    }

    /// What a constant compared with `e` is named after: the attribute `e` names, or `uuid`.
    private func name(_ e: ExpressionSyntax) -> String {
      guard case .keyPath(let path) = e.kind, path.count == 1, case .key(let key) = path[0]
      else { return "uuid" }
      return key
    }

    /// A key path as Swift: through to-one relationships (`?.` after an optional one) to an
    /// attribute whose type has a Swift form, or a to-many's `@count` (`.count`).
    private func resolve(_ path: [KeyPathComponent]) throws(Untranslatable)
      -> (code: String, type: ValueType, isOptional: Bool)
    {
      var (current, code, isOptional) = (entity, variable, false)
      for (position, component) in path.enumerated() {
        let isLast = position == path.count - 1
        let key: String
        switch component {
        case .key(let name): key = name
        case .collectionOperator(let op):
          throw Untranslatable(
            reason: "@\(op): #Predicate has no collection operators but @count, of a to-many")
        case .variable(let name):
          throw Untranslatable(reason: "$\(name) names a key, which #Predicate cannot")
        }
        let link = isOptional ? "?." : "."
        if let index = current.index(ofAttribute: key) {
          guard isLast else {
            throw Untranslatable(reason: "\(key) is an attribute: the key path cannot go on")
          }
          let attribute = current.attributes[index]
          switch attribute.type {
          case .string, .bool, .int16, .int32, .int64, .double, .float, .date, .uuid:
            return (
              code + link + key, ValueType(attribute.type), isOptional || attribute.isOptional
            )
          default:
            throw Untranslatable(
              reason: "\(key) is \(attribute.type.name), compared here as Swift")
          }
        }
        guard let relationship = current.relationship(named: key),
          let destination = model.entity(named: relationship.destination)
        else { throw Untranslatable(reason: "\(key) is no property of \(current.name)") }
        if relationship.isToMany {
          guard position == path.count - 2, case .collectionOperator("count") = path[position + 1]
          else {
            throw Untranslatable(
              reason: "\(key) is a to-many: compare its elements with ANY, ALL or NONE, or "
                + "count them with @count")
          }
          return (code + link + key + ".count", .integer, isOptional)
        }
        guard !isLast else {
          throw Untranslatable(reason: "\(key) is a relationship: compare one of its attributes")
        }
        code += link + key
        isOptional = isOptional || relationship.isOptional
        current = destination
      }
      throw Untranslatable(reason: "an empty key path")
    }

    /// `object.key = value` for an attribute of a type Swift writes, the value of its type.
    mutating func assignment(_ key: String, _ e: ExpressionSyntax) throws(Untranslatable)
      -> String
    {
      guard let index = entity.index(ofAttribute: key) else {
        throw Untranslatable(reason: "\(key) is no attribute")
      }
      let attribute = entity.attributes[index]
      let type = ValueType(attribute.type)
      let valueType = try self.type(of: e)
      guard
        valueType == type || (valueType == .null && attribute.isOptional)
          || (type == .double && valueType == .integer)
      else { throw Untranslatable(reason: "\(key) is set to a value of another type") }
      return "\(variable).\(key) = \(try expression(e, unwrapped: true, beside: type))"
    }

    /// `ANY tags.name == "x"` as `bowTie.tags.contains { $0.name == "x" }`, ALL as
    /// `allSatisfy`, NONE as `!contains`: a to-many reached through non-optional to-ones,
    /// then a key path of its elements.
    private mutating func elements(_ c: Comparison) throws(Untranslatable) -> String {
      guard case .keyPath(let path) = c.lhs.kind, root == nil else {
        throw Untranslatable(
          reason: "\(c.modifier.rawValue) here needs a to-many key path of the object")
      }
      var (current, code) = (entity, variable)
      for (position, component) in path.enumerated() {
        guard case .key(let key) = component, let relationship = current.relationship(named: key),
          let destination = model.entity(named: relationship.destination)
        else { break }
        code += "." + key
        guard relationship.isToMany else {
          guard !relationship.isOptional else {
            throw Untranslatable(
              reason: "\(key) is optional: #Predicate must unwrap it before the to-many")
          }
          current = destination
          continue
        }
        var inner = Translator(entity: destination, model: model, root: "$0")
        inner.constants = constants
        var element = c
        element.modifier = .direct
        element.lhs = ExpressionSyntax(.keyPath(Array(path[(position + 1)...])), range: c.lhs.range)
        let test = try inner.comparison(element)
        constants = inner.constants
        switch c.modifier {
        case .all: return "\(code).allSatisfy { \(test) }"
        case .none: return "!\(code).contains { \(test) }"
        case .any, .direct: return "\(code).contains { \(test) }"
        }
      }
      throw Untranslatable(
        reason: "\(c.modifier.rawValue) needs a to-many relationship on its left for #Predicate")
    }

    /// The type of an operand: an attribute's, a constant's, or that of arithmetic on an
    /// attribute.
    private func type(of e: ExpressionSyntax) throws(Untranslatable) -> ValueType {
      switch e.kind {
      case .keyPath(let path):
        let resolved = try resolve(path)
        return resolved.type
      case .constant(let value): return ValueType(of: value)
      case .negate(let operand): return try type(of: operand)
      case .cast: return CoreDataSwift.constant(e).map(ValueType.init(of:)) ?? .unknown
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
          !(try resolve(path)).isOptional
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
      if known.contains(.uuid), let other = known.first(where: { $0 != .uuid }) {
        throw Untranslatable(
          reason: "a UUID compared with \(other): Swift does not compare them, and NSPredicate "
            + "finds them unequal")
      }
      if types.contains(.bool), types.contains(where: { $0.isNumeric && $0 != .bool }) {
        throw Untranslatable(reason: "a Boolean compared with a number: write true or false")
      }
    }
  }
}
