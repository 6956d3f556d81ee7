/// A Swift type that does not fit the objects of an entity: the field, and why.
public struct ObjectMappingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The Swift type, by name.
  public var type: String
  public var entity: String
  /// The field that does not fit; nil when the type as a whole does not (an enum, an
  /// array).
  public var field: String?
  public var reason: String

  init(type: Any.Type, entity: String, _ error: EncodingError) {
    self.type = String(describing: type)
    self.entity = entity
    let context: EncodingError.Context
    switch error {
    case .invalidValue(_, let c): context = c
    @unknown default: context = .init(codingPath: [], debugDescription: "\(error)")
    }
    field = context.codingPath.first?.stringValue
    reason = context.debugDescription
  }

  init(type: Any.Type, entity: String, _ error: DecodingError) {
    self.type = String(describing: type)
    self.entity = entity
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
      .dataCorrupted(let c):
      context = c
    @unknown default:
      context = .init(codingPath: [], debugDescription: "\(error)")
    }
    field = context.codingPath.first?.stringValue
    reason = context.debugDescription
  }

  /// `BowTie.ratin does not fit BowTie: BowTie has no property ratin. Did you mean …`
  public var description: String {
    "\(type)\(field.map { "." + $0 } ?? "") does not fit \(entity): \(reason)"
  }
}
