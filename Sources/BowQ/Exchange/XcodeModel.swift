/// A data model read from Xcode (see ``XcodeModelReader``): bowq's ``Model`` of it, the
/// version read, and notes on what the file held that the model does not represent.
public struct XcodeModel: Hashable, Sendable {
  /// The entities, in the order of the file, with inheritance flattened.
  public var model: Model
  /// The name of the `.xcdatamodel` version read, without its extension (`Model 2`), or nil
  /// when a `contents` file outside a version folder was read.
  public var version: String?
  /// One sentence per thing read but not represented, or represented differently: which
  /// version of a bundle was chosen, skipped transient properties, fetch requests,
  /// configurations, flattened inheritance, ordered to-manys kept unordered, and so on. For
  /// the shell to print after loading.
  public var notes: [String]
  /// Each sub-entity's parent (`parentEntity`), by name.
  public var parents: [String: String]
  /// The entities marked `isAbstract`.
  public var abstractEntities: Set<String>

  public init(
    model: Model, version: String?, notes: [String], parents: [String: String] = [:],
    abstractEntities: Set<String> = []
  ) {
    self.model = model
    self.version = version
    self.notes = notes
    self.parents = parents
    self.abstractEntities = abstractEntities
  }
}
