import Foundation

/// Writes the `NSKeyedArchiver` archive of one of Foundation's standard values, as
/// Foundation archives it and Core Data's `NSSecureUnarchiveFromData` transformer stores a
/// Transformable attribute: `$objects` starts with `$null`; a string, number or data is held
/// inline, a date, UUID or URL is an object (`NS.time`, `NS.uuidbytes`, or `NS.relative`
/// with a nil `NS.base`) whose `$class` names `NSDate`, `NSUUID` or `NSURL`; `$top`'s
/// `root` is the value's UID. ``KeyedArchive`` reads it back as the same ``ArchivedValue``.
enum KeyedArchiveEncoder {
  /// The archive of `value`; nil for a value that is not one of those scalars (a
  /// collection, an object of another class, a reference, or null).
  static func archive(_ value: ArchivedValue) -> Data? {
    var builder = BinaryPlistBuilder(capacity: 256)
    var objects = [builder.string("$null")]
    /// For a value archived as an object: its class, its fields, and the objects its
    /// fields refer to, which follow the object and its class in `$objects`.
    var instance: (className: String, keys: [String], values: [Int], referred: [Int])?
    switch value {
    case .string(let s): objects.append(builder.string(s))
    case .integer(let i): objects.append(builder.integer(i))
    case .unsignedInteger(let u): objects.append(builder.unsignedInteger(u))
    case .real(let d): objects.append(builder.real(d))
    case .bool(let b): objects.append(builder.bool(b))
    case .data(let d): objects.append(d.withUnsafeBytes { builder.data($0) })
    case .date(let date):
      let seconds = builder.real(date.timeIntervalSinceReferenceDate)
      instance = ("NSDate", ["NS.time"], [seconds], [])
    case .uuid(let uuid):
      let bytes = withUnsafeBytes(of: uuid.uuid) { builder.data($0) }
      instance = ("NSUUID", ["NS.uuidbytes"], [bytes], [])
    case .url(let text):
      let relative = builder.string(text)
      // $null, the URL, its class, then the relative string: UID 3.
      instance = (
        "NSURL", ["NS.base", "NS.relative"], [builder.uid(0), builder.uid(3)], [relative]
      )
    case .null, .array, .set, .dictionary, .object, .reference:
      return nil
    }
    do {
      if let instance {
        let object = builder.reserveContainer()
        let description = builder.reserveContainer()
        objects += [object, description] + instance.referred
        let keys = (instance.keys + ["$class"]).map { builder.string($0) }
        let classUID = builder.uid(2)
        try builder.setDictionary(object, keys: keys, values: instance.values + [classUID])
        let names = [instance.className, "NSObject"].map { UInt32(builder.string($0)) }
        let chain = builder.reserveContainer()
        builder.setArray(chain, elements: names)
        let descriptionKeys = ["$classname", "$classes"].map { builder.string($0) }
        let className = builder.string(instance.className)
        try builder.setDictionary(description, keys: descriptionKeys, values: [className, chain])
      }
      let references = try objects.map(BinaryPlistBuilder.reference)
      let list = builder.reserveContainer()
      builder.setArray(list, elements: references)
      let top = builder.reserveContainer()
      let rootKey = builder.string("root")
      let rootUID = builder.uid(1)
      try builder.setDictionary(top, keys: [rootKey], values: [rootUID])
      let archiveKeys = ["$archiver", "$version", "$top", "$objects"].map { builder.string($0) }
      let archiver = builder.string("NSKeyedArchiver")
      let version = builder.integer(100_000)
      let archive = builder.reserveContainer()
      try builder.setDictionary(
        archive, keys: archiveKeys, values: [archiver, version, top, list])
      return builder.finish(top: archive)
    } catch {
      return nil
    }
  }
}
