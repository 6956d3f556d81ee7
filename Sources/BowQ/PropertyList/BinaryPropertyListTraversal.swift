/// Walks the object graph of a binary property list from any object, either building the
/// ``PropertyList`` it holds or only checking it, with the graph rules of the format: a
/// container may not contain itself, and containers nest at most
/// ``BinaryPropertyListReader/maximumDepth`` deep.
///
/// One traversal keeps its state across walks: the containers on the current path (so a
/// caller that reads containers itself, as the store decoder does, registers them with
/// ``enter(_:at:)`` and a walk below them still finds cycles back to them), and the objects
/// already checked or decoded. Each object is therefore checked once however often it is
/// referenced, and a decoded value shares the storage of every repeated sub-object: shared
/// references cost time and memory linear in the file, never their expanded size.
///
/// Walks are iterative: nesting costs heap, not stack.
struct BinaryPlistTraversal {
  let scanner: BinaryPlistScanner
  /// The containers being read, outermost first.
  private var path: [Int] = []
  private var onPath: PagedBitSet
  /// Objects checked completely, with everything below them.
  private var checked: PagedBitSet
  /// Decoded containers and strings and data, by index, when walks build values.
  private var decoded: [Int: PropertyList] = [:]

  init(_ scanner: BinaryPlistScanner) {
    self.scanner = scanner
    onPath = PagedBitSet(capacity: scanner.objectCount)
    checked = PagedBitSet(capacity: scanner.objectCount)
  }

  /// Puts a container on the path before its children are read: it must not be on the path
  /// already (a cycle) and the path must have room for it. `refAt` is the position of the
  /// reference that led to it, for the error; nil for the top object.
  mutating func enter(_ index: Int, at refAt: Int?) throws {
    if onPath.contains(index) {
      let objects = (path + [index]).map(String.init).joined(separator: " → ")
      throw PropertyListError(
        .cycle, at: refAt, "object \(index) contains itself (objects \(objects))")
    }
    guard path.count <= BinaryPropertyListReader.maximumDepth else {
      throw PropertyListError(
        .tooDeep, at: refAt,
        "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
    }
    onPath.insert(index)
    path.append(index)
  }

  /// Takes the innermost container off the path.
  mutating func leave() {
    if let index = path.popLast() { onPath.remove(index) }
  }

  /// How many containers are on the path.
  var depth: Int { path.count }

  /// Takes containers off the path until `depth` are left, as a caller that goes on after a
  /// walk failed inside them must.
  mutating func leave(toDepth depth: Int) {
    while path.count > depth { leave() }
  }

  /// Whether the object and everything below it is known to be valid.
  func isChecked(_ index: Int) -> Bool {
    checked.contains(index)
  }

  /// The value of object `index` and everything below it.
  mutating func decode(_ index: Int, at refAt: Int?) throws -> PropertyList {
    try walk(index, at: refAt, building: true)!
  }

  /// Lets go of the values decoded so far (objects stay checked), so that a reader that
  /// decodes one small value after another keeps only the one at hand; a value decoded
  /// again afterwards is built anew.
  mutating func forgetDecoded() {
    if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
  }

  /// Checks object `index` and everything below it without keeping any value.
  mutating func validate(_ index: Int, at refAt: Int?) throws {
    _ = try walk(index, at: refAt, building: false)
  }

  /// An array or dictionary being walked.
  private struct Frame {
    var index: Int
    var refsStart: Int
    var count: Int
    var position = 0
    /// The dictionary's keys, checked when the frame is opened; nil for an array.
    var keys: [String]?
    var entryByKey: [String: Int] = [:]
    var children: [PropertyList] = []
  }

  private mutating func walk(_ root: Int, at rootRef: Int?, building: Bool) throws
    -> PropertyList?
  {
    if let value = try known(root, building: building) { return value }
    if !building, checked.contains(root) { return nil }
    guard scanner.isContainer(root) else { return try scalar(root, building: building) }
    var stack = [try open(root, at: rootRef, building: building)]
    var step = 0
    while true {
      try Interrupt.check(every: step)
      step += 1
      let last = stack.count - 1
      if stack[last].position == stack[last].count {
        let done = stack.removeLast()
        leave()
        checked.insert(done.index)
        var value: PropertyList?
        if building {
          if let keys = done.keys {
            value = .dictionary(
              PropertyListDictionary(
                uniqueKeys: keys, values: done.children, indexByKey: done.entryByKey))
          } else {
            value = .array(done.children)
          }
          decoded[done.index] = value
        }
        if stack.isEmpty { return value }
        if let value { stack[stack.count - 1].children.append(value) }
        continue
      }
      let skip = stack[last].keys == nil ? 0 : stack[last].count
      let refAt = stack[last].refsStart + (skip + stack[last].position) * scanner.refSize
      stack[last].position += 1
      let ref = try scanner.reference(at: refAt, in: stack[last].index)
      if let value = try known(ref, building: building) {
        stack[last].children.append(value)
      } else if checked.contains(ref), !building {
        continue
      } else if scanner.isContainer(ref) {
        stack.append(try open(ref, at: refAt, building: building))
      } else if let value = try scalar(ref, building: building) {
        stack[last].children.append(value)
      }
    }
  }

  /// The value of an object already decoded, or of a number or Boolean (cheaper to decode
  /// again than to remember), when building.
  private func known(_ index: Int, building: Bool) throws -> PropertyList? {
    guard building else { return nil }
    if let value = decoded[index] { return value }
    guard checked.contains(index) else { return nil }
    switch scanner.marker(of: index) >> 4 {
    case 0x0, 0x1, 0x2, 0x3: return try scanner.scalar(index)
    default: return nil
    }
  }

  private mutating func scalar(_ index: Int, building: Bool) throws -> PropertyList? {
    guard building else {
      // Data is checked by where its bytes are, without copying them.
      if scanner.marker(of: index) >> 4 == 0x4 {
        _ = try scanner.dataPosition(index)
      } else {
        _ = try scanner.scalar(index)
      }
      checked.insert(index)
      return nil
    }
    let value = try scanner.scalar(index)
    checked.insert(index)
    switch value {
    case .string, .data: decoded[index] = value
    default: break
    }
    return value
  }

  private mutating func open(_ index: Int, at refAt: Int?, building: Bool) throws -> Frame {
    try enter(index, at: refAt)
    let (count, refsStart, isDictionary) = try scanner.container(index)
    var frame = Frame(index: index, refsStart: refsStart, count: count)
    if building { frame.children.reserveCapacity(count) }
    if isDictionary {
      let (keys, entryByKey) = try scanner.dictionaryKeys(
        of: index, refsStart: refsStart, count: count)
      frame.keys = keys
      frame.entryByKey = entryByKey
    }
    return frame
  }
}
