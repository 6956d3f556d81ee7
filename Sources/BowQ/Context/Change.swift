/// One pending change of the context, relative to the last save.
public enum Change: Hashable, Sendable {
  case inserted(ObjectID, [AttributeValue])
  case updated(ObjectID, [AttributeChange])
  case deleted(ObjectID, [AttributeValue])
  /// An entity was defined or redefined.
  case entityDefined(String)

  public struct AttributeValue: Hashable, Sendable {
    public var name: String
    public var value: Value
  }

  public struct AttributeChange: Hashable, Sendable {
    public var name: String
    public var old: Value
    public var new: Value
  }
}
