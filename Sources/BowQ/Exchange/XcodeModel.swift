/// A data model read from Xcode (see ``XcodeModelReader``): bowq's ``Model`` of it, the
/// version read, and notes on what the file held that the model does not represent.
public struct XcodeModel: Hashable, Sendable {
  /// The entities, in the order of the file, each sub-entity naming its parent and holding
  /// its ancestors' properties first.
  public var model: Model
  /// The name of the `.xcdatamodel` version read, without its extension (`Model 2`), or nil
  /// when a `contents` file outside a version folder was read.
  public var version: String?
  /// One sentence per thing read but not represented, or represented differently: which
  /// version of a bundle was chosen, skipped transient properties, fetch requests,
  /// configurations, and so on. For the shell to print after loading.
  public var notes: [String]
  /// Each entity's `renamingIdentifier`, by the entity's name: the name it had in an earlier
  /// version of the model.
  public var renamingIdentifiers: [String: String]

  public init(
    model: Model, version: String?, notes: [String], renamingIdentifiers: [String: String] = [:]
  ) {
    self.model = model
    self.version = version
    self.notes = notes
    self.renamingIdentifiers = renamingIdentifiers
  }
}
