import Foundation

/// An `NSKeyedArchiver` archive, decoded: a binary property list whose `$objects` array holds every object once, with UID references between
/// them, `$top` names the roots, and each object's `$class` leads to its `$classname` and
/// `$classes`. `.mom` files and Core Data's model cache are such archives.
///
/// Decoding is safe against hostile archives: every reference is checked against
/// `$objects`; a shared object decodes once (its copies share storage) and an object met
/// inside itself becomes ``ArchivedValue/reference(index:className:)``; nesting is limited to
/// ``maximumDepth``; and the work decoding does — each value built, with the bytes of its
/// strings and data, and each reference followed — must stay within
/// ``PropertyListExpansion/budget(forLength:)`` of the archive's length. A value that shares
/// objects may expand far beyond that when walked in full: ``ArchivedValue/expandedSize(limit:)``
/// measures it for code that prints it whole.
public struct KeyedArchive: Hashable, Sendable {
  /// The deepest nesting of objects and inline containers accepted, as for property lists.
  public static let maximumDepth = BinaryPropertyListReader.maximumDepth

  /// `$archiver`, normally `NSKeyedArchiver`.
  public var archiver: String
  /// `$version`, normally 100000.
  public var version: Int64
  /// The roots in `$top` (usually one, `root`), in the archive's order.
  public var top: [ArchivedField]

  /// The root named `root`, which `NSKeyedArchiver.archivedData(withRootObject:)` writes.
  public var root: ArchivedValue? {
    top.first { $0.name == "root" }?.value
  }

  /// Throws ``KeyedArchiveError/Kind/tooLarge`` when the roots, walked in full with every
  /// shared object counted each time it appears, expand past `budget` values and bytes: for
  /// code that prints or converts the whole value.
  public func checkExpandedSize(budget: Int) throws(KeyedArchiveError) {
    var total = 0
    for root in top {
      total += root.value.expandedSize(limit: budget)
      guard total <= budget else {
        throw KeyedArchiveError(
          .tooLarge, object: nil,
          "the archive expands to more than \(budget) values and bytes when its shared objects "
            + "are followed (shared objects nested too deep or repeated too often)")
      }
    }
  }

  /// The most bytes a compressed archive may inflate to: far above any real model (a few
  /// kilobytes to a few megabytes), far below what would strain the memory.
  public static let maximumInflatedSize = 64 << 20

  /// Decodes the archive in `data`: a binary property list (`NSKeyedArchiver` writes
  /// `bplist00` by default, and `.mom` files are binary), an XML one (`outputFormat = .xml`,
  /// its references written `<dict><key>CF$UID</key>…`), or raw or zlib-wrapped DEFLATE data
  /// holding a binary one, as Core Data's model cache does.
  public static func decode(_ data: Data) throws(KeyedArchiveError) -> KeyedArchive {
    let binary: Data
    if data.starts(with: bplistMagic) {
      binary = data
    } else if PropertyListDecoding.looksLikeXML(data) {
      let plist: PropertyList
      do {
        plist = try PropertyListDecoding.decode(data).0
      } catch {
        throw KeyedArchiveError(.notPropertyList, object: nil, "\(error)")
      }
      return try decode(plist, budget: PropertyListExpansion.budget(forLength: data.count))
    } else {
      do {
        binary = try Inflation.inflate(data, limit: maximumInflatedSize)
      } catch {
        throw KeyedArchiveError(
          .notPropertyList, object: nil,
          "keyed archives are binary (bplist00) or XML property lists, or DEFLATE data holding a "
            + "binary one; "
            + "this is neither (\(error))")
      }
      guard binary.starts(with: bplistMagic) else {
        throw KeyedArchiveError(
          .notPropertyList, object: nil,
          "the DEFLATE data inflates to something other than a binary property list (bplist00)")
      }
    }
    let plist: PropertyList
    do {
      plist = try BinaryPropertyListReader.decode(binary, readingUIDs: true)
    } catch {
      throw KeyedArchiveError(.notPropertyList, object: nil, "\(error)")
    }
    return try decode(plist, budget: PropertyListExpansion.budget(forLength: binary.count))
  }

  private static let bplistMagic = Array("bplist".utf8)

  /// Decodes an archive already read as a property list, with its UIDs as
  /// ``PropertyList/uid(_:)`` dictionaries, whose decoding may build no more than `budget`
  /// values and bytes.
  public static func decode(_ plist: PropertyList, budget: Int) throws(KeyedArchiveError)
    -> KeyedArchive
  {
    guard let archive = plist.dictionaryValue else {
      throw KeyedArchiveError(
        .notKeyedArchive, object: nil,
        "the property list is \(plist.kindDescription), not the dictionary of a keyed archive")
    }
    guard let archiver = archive["$archiver"]?.stringValue,
      let version = archive["$version"]?.integerValue,
      let objects = archive["$objects"]?.arrayValue,
      let top = archive["$top"]?.dictionaryValue
    else {
      throw KeyedArchiveError(
        .notKeyedArchive, object: nil,
        "the property list lacks $archiver (a string), $version (an integer), $objects (an "
          + "array) or $top (a dictionary); it is not an NSKeyedArchiver archive")
    }
    var decoder = KeyedArchiveDecoder(objects: objects, budget: budget)
    var roots: [ArchivedField] = []
    for (name, value) in top {
      roots.append(ArchivedField(name: name, value: try decoder.inline(value, in: nil)))
    }
    return KeyedArchive(archiver: archiver, version: version, top: roots)
  }
}
