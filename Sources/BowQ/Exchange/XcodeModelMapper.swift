/// Maps the `<model>` element of an Xcode data model onto bowq's ``Model``: entities in
/// file order with their parents, references between entities checked. What it reads
/// but does not represent goes to ``notes``.
struct XcodeModelMapper {
  /// The `contents` file, for messages.
  let path: String
  /// Notes in the order met (see ``XcodeModel/notes``).
  var notes: [String] = []
  /// The elements whose `<userInfo>` entries were ignored, for one note at the end.
  private var userInfoOwners: [String] = []

  init(path: String) {
    self.path = path
  }

  /// One `<entity>` as written, before it receives its parent's properties.
  struct DeclaredEntity {
    var name: String
    var parent: String?
    var line: Int
    var isAbstract = false
    var attributes: [Attribute] = []
    var relationships: [Relationship] = []
    /// The line of each property kept, for messages.
    var lines: [String: Int] = [:]
    /// Uniqueness constraints as written: attribute names and the line.
    var constraints: [(names: [String], line: Int)] = []
    /// Fetch indexes (and `indexed="YES"` attributes) as written, with the line.
    var indexes: [(index: IndexDefinition, line: Int)] = []
    /// Properties read but not kept (transient, composite).
    var skipped: Set<String> = []
  }

  /// The model of `root`.
  mutating func model(from root: XcodeModelElement) throws(XcodeModelError) -> Model {
    guard root.name == "model" else {
      throw .notAModel(path: path, reason: "its root element is <\(root.name)>, not <model>")
    }
    var declared: [DeclaredEntity] = []
    var index: [String: Int] = [:]
    for child in root.children {
      switch child.name {
      case "entity":
        let entity = try declare(child)
        guard index[entity.name] == nil else {
          throw .duplicateEntity(path: path, line: child.line, entity: entity.name)
        }
        index[entity.name] = declared.count
        declared.append(entity)
      case "fetchRequest":
        notes.append(
          "fetch request \(Value.quoted(child["name"] ?? "")) ignored (\(Self.describeFetch(child))): "
            + "bowq keeps no stored fetch requests; run it as a fetch statement")
      case "configuration":
        let members = child.children(named: "memberEntity").compactMap { $0["name"] }
        notes.append(
          "configuration \(Value.quoted(child["name"] ?? "")) (\(members.joined(separator: ", "))) "
            + "ignored: bowq keeps every entity in one store")
      default:
        break
      }
    }
    let chains = try chains(of: declared, index: index)
    try checkInheritedNames(in: declared, chains: chains)
    var constraints: [[[String]]] = []
    var indexes: [[IndexDefinition]] = []
    for i in declared.indices {
      declared[i].relationships = try checkedRelationships(
        of: i, in: declared, chains: chains, index: index)
      constraints.append(try checkedConstraints(of: i, in: declared, chain: chains[i]))
      indexes.append(try checkedIndexes(of: i, in: declared, chain: chains[i]))
    }
    if !userInfoOwners.isEmpty {
      notes.append("userInfo entries ignored on \(userInfoOwners.joined(separator: ", "))")
    }
    var model = Model()
    for i in declared.indices {
      var entity = Self.flattened(chains[i], declared, constraints)
      for j in chains[i] {
        for index in indexes[j] where !entity.indexes.contains(where: { $0.name == index.name }) {
          entity.indexes.append(index)
        }
      }
      model.define(entity)
    }
    return model
  }

  /// An `<entity>` element with its own properties and constraints.
  private mutating func declare(_ element: XcodeModelElement) throws(XcodeModelError)
    -> DeclaredEntity
  {
    guard let name = element["name"], !name.isEmpty else {
      throw .missingXMLAttribute(
        path: path, line: element.line, entity: nil, element: element.tag, attribute: "name")
    }
    var entity = DeclaredEntity(
      name: name, parent: element["parentEntity"], line: element.line,
      isAbstract: element.flag("isAbstract"))
    for child in element.children {
      switch child.name {
      case "attribute", "relationship":
        try declareProperty(child, in: &entity)
      case "fetchedProperty":
        let request =
          child.children(named: "fetchRequest").first.map(Self.describeFetch) ?? "no fetch request"
        notes.append(
          "\(name).\(child["name"] ?? ""): fetched property ignored (\(request)); run it as a fetch statement"
        )
      case "fetchIndex":
        if let index = fetchIndex(child, in: name) { entity.indexes.append((index, child.line)) }
      case "compoundIndexes":
        for compound in child.children(named: "compoundIndex") {
          let names = compound.children(named: "index").compactMap { $0["value"] }
          guard !names.isEmpty else { continue }
          let index = IndexDefinition(
            name: names.joined(separator: "_"),
            elements: names.map { IndexDefinition.Element(attribute: $0) })
          entity.indexes.append((index, compound.line))
        }
      case "uniquenessConstraints":
        for constraint in child.children(named: "uniquenessConstraint") {
          var names: [String] = []
          for value in constraint.children(named: "constraint").compactMap({ $0["value"] })
          where !names.contains(value) {
            names.append(value)
          }
          if !names.isEmpty { entity.constraints.append((names, constraint.line)) }
        }
      case "userInfo":
        noteUserInfo(child, owner: name)
      default:
        break
      }
    }
    return entity
  }

  /// Adds an `<attribute>` or `<relationship>` to `entity`, or notes why it is skipped.
  private mutating func declareProperty(
    _ element: XcodeModelElement, in entity: inout DeclaredEntity
  ) throws(XcodeModelError) {
    guard let name = element["name"], !name.isEmpty else {
      throw .missingXMLAttribute(
        path: path, line: element.line, entity: entity.name, element: element.tag, attribute: "name"
      )
    }
    guard entity.lines[name] == nil, !entity.skipped.contains(name) else {
      throw .duplicateProperty(
        path: path, line: element.line, entity: entity.name, property: name, inheritedFrom: nil)
    }
    for child in element.children(named: "userInfo") {
      noteUserInfo(child, owner: "\(entity.name).\(name)")
    }
    if element.flag("transient") {
      notes.append(
        "\(entity.name).\(name): transient \(element.name) skipped (bowq keeps only stored properties)"
      )
      entity.skipped.insert(name)
      return
    }
    if element.name == "relationship" {
      entity.relationships.append(try relationship(element, named: name, in: entity.name))
    } else if let attribute = try attribute(element, named: name, in: entity.name) {
      entity.attributes.append(attribute)
      if element.flag("indexed") {
        entity.indexes.append((IndexDefinition(on: name), element.line))
      }
    } else {
      entity.skipped.insert(name)
      return
    }
    entity.lines[name] = element.line
  }

  private mutating func noteUserInfo(_ element: XcodeModelElement, owner: String) {
    if !element.children(named: "entry").isEmpty { userInfoOwners.append(owner) }
  }

  /// `a fetch of Entity where predicate`, for notes.
  private static func describeFetch(_ request: XcodeModelElement) -> String {
    let fetch = "a fetch of \(request["entity"] ?? "?")"
    guard let predicate = request["predicateString"], !predicate.isEmpty else { return fetch }
    return "\(fetch) where \(predicate)"
  }

  /// Each entity's chain of ancestors: the root first, the entity last.
  private func chains(
    of declared: [DeclaredEntity], index: [String: Int]
  ) throws(XcodeModelError) -> [[Int]] {
    var chains = [[Int]?](repeating: nil, count: declared.count)
    for i in declared.indices where chains[i] == nil {
      var walk: [Int] = []
      var onWalk: Set<Int> = []
      var base: [Int] = []
      var current = i
      while true {
        if let known = chains[current] {
          base = known
          break
        }
        guard onWalk.insert(current).inserted else {
          throw .inheritanceCycle(
            path: path, line: declared[current].line,
            entities: walk[walk.firstIndex(of: current)!...].map { declared[$0].name })
        }
        walk.append(current)
        guard let parent = declared[current].parent else { break }
        guard let j = index[parent] else {
          let name = declared[current].name
          throw .unknownParentEntity(
            path: path, line: declared[current].line, entity: name, parent: parent,
            suggestion: NameSuggestion.closest(
              to: parent, among: declared.map(\.name).filter { $0 != name }))
        }
        current = j
      }
      for k in walk.reversed() {
        base.append(k)
        chains[k] = base
      }
    }
    return chains.map { $0! }
  }

  /// Fails when an entity declares a property it already inherits.
  private func checkInheritedNames(
    in declared: [DeclaredEntity], chains: [[Int]]
  ) throws(XcodeModelError) {
    let names = declared.map { Set($0.lines.keys).union($0.skipped) }
    for (i, entity) in declared.enumerated() where !entity.lines.isEmpty {
      let own = entity.lines.keys.sorted()
      for ancestor in chains[i].dropLast() {
        for name in own where names[ancestor].contains(name) {
          throw .duplicateProperty(
            path: path, line: entity.lines[name]!, entity: entity.name, property: name,
            inheritedFrom: declared[ancestor].name)
        }
      }
    }
  }

  /// Entity `i`'s relationships with destinations and inverses checked. An inverse that
  /// names a skipped (transient) relationship is dropped, with a note.
  private mutating func checkedRelationships(
    of i: Int, in declared: [DeclaredEntity], chains: [[Int]], index: [String: Int]
  ) throws(XcodeModelError) -> [Relationship] {
    let entity = declared[i]
    var checked: [Relationship] = []
    for var relationship in entity.relationships {
      let line = entity.lines[relationship.name]!
      guard let d = index[relationship.destination] else {
        throw .unknownDestination(
          path: path, line: line, entity: entity.name, relationship: relationship.name,
          destination: relationship.destination,
          suggestion: NameSuggestion.closest(
            to: relationship.destination, among: declared.map(\.name)))
      }
      if let inverseName = relationship.inverse {
        let lineage = chains[d].map { declared[$0] }
        if let inverse = lineage.lazy.flatMap(\.relationships).first(where: {
          $0.name == inverseName
        }) {
          try checkInverse(
            inverse, of: relationship, in: entity.name,
            lineage: chains[i].map { declared[$0].name }, line: line)
        } else if lineage.contains(where: { $0.skipped.contains(inverseName) }) {
          notes.append(
            "\(entity.name).\(relationship.name): inverse \(relationship.destination).\(inverseName) "
              + "is transient and skipped, so the relationship has no inverse")
          relationship.inverse = nil
        } else {
          throw .unknownInverse(
            path: path, line: line, entity: entity.name, relationship: relationship.name,
            destination: relationship.destination, inverse: inverseName,
            suggestion: NameSuggestion.closest(
              to: inverseName, among: lineage.flatMap(\.relationships).map(\.name)))
        }
      }
      checked.append(relationship)
    }
    return checked
  }

  /// Fails unless `inverse`, found on the destination, keeps Core Data's rule for a pair
  /// (``InverseFault``): it points back at the entity (or an ancestor it inherits the
  /// relationship from) and names `relationship` as its own inverse.
  private func checkInverse(
    _ inverse: Relationship, of relationship: Relationship, in entity: String, lineage: [String],
    line: Int
  ) throws(XcodeModelError) {
    let reason: String
    switch relationship.inverseFault(inverse, pointsBack: lineage.contains) {
    case nil, .missing:
      return
    case .pointsElsewhere:
      reason = "points to \(inverse.destination), not \(entity)"
    case .oneSided:
      reason = "has no inverse; set its inverse to \(relationship.name) as well"
    case .namesAnother(let back):
      reason = "has \(back.inverse ?? "") as its inverse, not \(relationship.name)"
    }
    throw .mismatchedInverse(
      path: path, line: line, entity: entity, relationship: relationship.name,
      destination: relationship.destination, inverse: inverse.name, reason: reason)
  }

  /// Entity `i`'s uniqueness constraints, each naming attributes of the entity (inherited
  /// ones included). A constraint on a skipped attribute is dropped, with a note.
  private mutating func checkedConstraints(
    of i: Int, in declared: [DeclaredEntity], chain: [Int]
  ) throws(XcodeModelError) -> [[String]] {
    let entity = declared[i]
    guard !entity.constraints.isEmpty else { return [] }
    let lineage = chain.map { declared[$0] }
    let attributes = lineage.flatMap(\.attributes).map(\.name)
    var kept: [[String]] = []
    constraints: for (names, line) in entity.constraints {
      for name in names where !attributes.contains(name) {
        if lineage.contains(where: { $0.skipped.contains(name) }) {
          notes.append(
            "\(entity.name): uniqueness constraint (\(names.joined(separator: ", "))) ignored: "
              + "\(name) is skipped")
          continue constraints
        }
        throw .unknownConstraintAttribute(
          path: path, line: line, entity: entity.name, name: name,
          suggestion: NameSuggestion.closest(to: name, among: attributes))
      }
      kept.append(names)
    }
    return kept
  }

  /// A `<fetchIndex>` as an index: its `<fetchIndexElement>`s name properties in order
  /// (`ascending` or `descending`); a Binary index (Core Data's B-tree) is ordered. Indexes
  /// bowq cannot keep are noted and left out: R-tree indexes and elements that are
  /// expressions rather than properties.
  private mutating func fetchIndex(_ element: XcodeModelElement, in entity: String)
    -> IndexDefinition?
  {
    let name = element["name"] ?? ""
    var elements: [IndexDefinition.Element] = []
    for child in element.children(named: "fetchIndexElement") {
      guard child["type"] != "RTree" else {
        notes.append(
          "\(entity): R-tree fetch index \(Value.quoted(name)) ignored (bowq keeps ordered and hash indexes)"
        )
        return nil
      }
      guard let property = child["property"], !property.isEmpty else {
        notes.append(
          "\(entity): fetch index \(Value.quoted(name)) ignored (an element is an expression, "
            + "which bowq does not index)")
        return nil
      }
      elements.append(
        IndexDefinition.Element(attribute: property, ascending: child["order"] != "descending"))
    }
    guard !name.isEmpty, !elements.isEmpty else {
      notes.append("\(entity): fetch index \(Value.quoted(name)) ignored (no name or no elements)")
      return nil
    }
    return IndexDefinition(name: name, elements: elements)
  }

  /// Entity `i`'s indexes, each naming distinct attributes of the entity (inherited ones
  /// included) under a name no other of its indexes has. An index on a skipped attribute
  /// is dropped, with a note; an `indexed` attribute that a fetch index of the same name
  /// already indexes adds nothing.
  private mutating func checkedIndexes(
    of i: Int, in declared: [DeclaredEntity], chain: [Int]
  ) throws(XcodeModelError) -> [IndexDefinition] {
    let entity = declared[i]
    let lineage = chain.map { declared[$0] }
    let attributes = lineage.flatMap(\.attributes).map(\.name)
    let relationships = lineage.flatMap(\.relationships).map(\.name)
    var kept: [IndexDefinition] = []
    indexes: for (index, line) in entity.indexes {
      for name in index.attributes where !attributes.contains(name) {
        if lineage.contains(where: { $0.skipped.contains(name) }) {
          notes.append(
            "\(entity.name): index \(Value.quoted(index.name)) ignored: \(name) is skipped")
          continue indexes
        }
        throw .invalidFetchIndex(
          path: path, line: line, entity: entity.name, index: index.name,
          reason: relationships.contains(name)
            ? "names the relationship \(name); an index holds attribute values"
            : "names \(Value.quoted(name)), which is not an attribute of \(entity.name)."
              + NameSuggestion.hint(for: name, among: attributes))
      }
      guard Set(index.attributes).count == index.attributes.count else {
        throw .invalidFetchIndex(
          path: path, line: line, entity: entity.name, index: index.name,
          reason: "names an attribute twice")
      }
      if let same = kept.first(where: { $0.name == index.name }) {
        if same.attributes == index.attributes { continue }
        throw .invalidFetchIndex(
          path: path, line: line, entity: entity.name, index: index.name,
          reason: "is defined twice")
      }
      kept.append(index)
    }
    return kept
  }

  /// The entity at the end of `chain` with its ancestors' properties first and every
  /// constraint of the chain: one attribute marks it unique, several form a group.
  private static func flattened(
    _ chain: [Int], _ declared: [DeclaredEntity], _ constraints: [[[String]]]
  ) -> Entity {
    var attributes = chain.flatMap { declared[$0].attributes }
    var groups: [[String]] = []
    for names in chain.flatMap({ constraints[$0] }) {
      if names.count == 1 {
        if let k = attributes.firstIndex(where: { $0.name == names[0] }) {
          attributes[k].isUnique = true
        }
      } else if !groups.contains(names) {
        groups.append(names)
      }
    }
    let own = declared[chain.last!]
    return Entity(
      name: own.name, attributes: attributes,
      relationships: chain.flatMap { declared[$0].relationships }, uniquenessConstraints: groups,
      parent: own.parent, isAbstract: own.isAbstract)
  }
}
