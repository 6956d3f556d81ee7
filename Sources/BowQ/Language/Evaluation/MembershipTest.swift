/// `value IN {…}` over a constant collection: whether `value` equals an element, as
/// ``ValueComparison/equal(_:_:options:)`` decides it, found by hashing rather than by
/// comparing with every element, so `id IN %@` with thousands of IDs costs one lookup an
/// object.
///
/// Elements are kept by kind, each kind where equality is exact hashing: strings by their
/// text (folded with the comparison's options), whole numbers by value when every number of
/// the collection is one, other values that equal only themselves (object IDs, UUIDs,
/// dates, data) as they are. Numbers of mixed kinds compare by value across kinds and
/// collections element by element, so those stay a list compared in turn, as before.
struct MembershipTest {
  /// The most elements compared in turn; a longer collection is hashed.
  static let listedElements = 8

  private let options: StringOptions
  private var strings: Set<String> = []
  private var integers: Set<Int64> = []
  private var numbers: [Value] = []
  private var exact: Set<Value> = []
  private var collections: [Value] = []
  private var hasNull = false
  /// Whether every number is an integer, so ``integers`` answers for all of them.
  private var integersOnly = true

  init(_ elements: [Value], options: StringOptions) {
    self.options = options
    for element in elements {
      switch element {
      case .null: hasNull = true
      case .string(let s): strings.insert(options.isEmpty ? s : ValueComparison.fold(s, options))
      case .int(let i):
        integers.insert(i)
        numbers.append(element)
      case .collection: collections.append(element)
      case _ where element.numericValue != nil:
        integersOnly = false
        numbers.append(element)
      default: exact.insert(element)
      }
    }
  }

  /// Whether `value` equals an element.
  func contains(_ value: Value) -> Bool {
    switch value {
    case .null: return hasNull
    case .string(let s):
      return strings.contains(options.isEmpty ? s : ValueComparison.fold(s, options))
    case .int(let i) where integersOnly: return integers.contains(i)
    case .collection:
      return collections.contains { ValueComparison.equal(value, $0, options: options) }
    case _ where value.numericValue != nil:
      return numbers.contains { ValueComparison.equal(value, $0, options: options) }
    default: return exact.contains(value)
    }
  }
}
