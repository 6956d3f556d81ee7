import Foundation
import XCTest

@testable import BowQ

/// Stores are open plists: other tools read what bowq writes, and bowq's streaming decoder
/// reads a store that other writers (Python's plistlib, CoreFoundation through plutil,
/// libplist's plistutil) wrote back, with their own object order, sizes and sharing.
final class StoreCodecInteropTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-store-interop").path
  }

  /// Every attribute type, relationships of every kind, nils: the fixtures of both suites.
  private var graph: ObjectGraph {
    let parts = [StoreCodecRelationshipTests.graph, StoreFixtures.graph]
    var graph = ObjectGraph(model: Model(entities: parts.flatMap(\.model.entities)))
    for part in parts {
      for (name, table) in part.tables {
        for (key, row) in zip(table.keys, table.rows) { graph.insert(row, into: name, key: key) }
        graph.reserveKeys(in: name, below: table.nextKey)
      }
    }
    return graph
  }

  func testPlutilLintsAndPlistlibReadsASavedStore() throws {
    let path = folder + "/ties.bowq"
    try StoreFile.save(graph, to: path)
    XCTAssertTrue(try runCommand(["plutil", "-lint", path]).output.contains("OK"))
    let summary = try runCommand([
      "python3", "-c",
      """
      import plistlib, sys
      with open(sys.argv[1], "rb") as f:
          store = plistlib.load(f)
      columns = store["entities"]["BowTie"]["columns"]
      print(store["format"], store["version"], columns["owner"], columns["tags"])
      """, path,
    ])
    XCTAssertEqual(
      summary.output.trimmingCharacters(in: .whitespacesAndNewlines),
      "bowq-store 1 [1, 1, 0] [[1, 2], [1], []]")
  }

  func testStoresRewrittenByOtherWritersLoadTheSame() throws {
    let graph = graph
    let path = folder + "/ties.bowq"
    try StoreFile.save(graph, to: path)
    var rewritten: [(String, String)] = []
    let python = folder + "/python.bowq"
    try runCommand([
      "python3", "-c",
      """
      import plistlib, sys
      with open(sys.argv[1], "rb") as f:
          store = plistlib.load(f)
      with open(sys.argv[2], "wb") as f:
          plistlib.dump(store, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
      """, path, python,
    ])
    rewritten.append(("plistlib", python))
    let xml = folder + "/ties.xml"
    let cf = folder + "/cf.bowq"
    try runCommand(["plutil", "-convert", "xml1", "-o", xml, path])
    try runCommand(["plutil", "-convert", "binary1", "-o", cf, xml])
    rewritten.append(("CoreFoundation", cf))
    if isInstalled("plistutil") {
      let libplist = folder + "/libplist.bowq"
      try runCommand(["plistutil", "-i", xml, "-o", libplist, "-f", "bin"])
      rewritten.append(("libplist", libplist))
    }
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    for (writer, file) in rewritten {
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      XCTAssertNotEqual(data, original, "\(writer) wrote its own layout")
      // XML keeps whole seconds of dates only; compare with the tree decoder's view.
      XCTAssertEqual(
        try StoreCodec.decodeData(data),
        try StoreCodec.decode(BinaryPropertyListReader.decode(data)), writer)
      if writer == "plistlib" {
        XCTAssertEqual(try StoreCodec.decodeData(data), graph, writer)
      }
    }
  }
}
