import BowQ
import Foundation

/// A tie as the app shows it: the BowTie entity's properties this program reads.
struct BowTie: Decodable {
  var name: String
  var searchKey: String
  var rating: Double
  var timesWorn: Int32
  var lastWorn: Date?
}

/// Why the sample data could not be read.
struct SampleDataError: Error, CustomStringConvertible {
  var description: String
}

// A store of its own in a temporary folder, with the sample's model.
let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("bowq-swift-store-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let container = ObjectContainer(
  path: folder.appendingPathComponent("ties.bowq").path, model: BowTiesSample.modelSource)
let context = try container.newContext()

// Insert the sample data once, as the sample app does on its first launch.
let allTies = ObjectFetchRequest(entityName: "BowTie")
if try context.count(for: allTies) == 0 {
  guard
    let ties = try PropertyListSerialization.propertyList(
      from: BowTiesSample.plist, format: nil) as? [[String: Any]]
  else { throw SampleDataError(description: "SampleData.plist is not a list of ties") }
  for tie in ties {
    try context.insert(
      "BowTie",
      [
        "name": tie["name"], "searchKey": tie["searchKey"], "rating": tie["rating"],
        "timesWorn": tie["timesWorn"], "isFavorite": tie["isFavorite"],
        "lastWorn": tie["lastWorn"], "id": (tie["id"] as? String).flatMap(UUID.init(uuidString:)),
      ])
  }
  try context.save()
}
print("ties in the store: \(try context.count(for: allTies))")

// Fetch the tie the segmented control picks by its search key.
let red = try context.fetch(BowTie.self, where: "searchKey == %@", "R")
for tie in red { print("\(tie.name): rated \(tie.rating), worn \(tie.timesWorn) times") }

// Rate it, and save.
let picked = ObjectFetchRequest(
  entityName: "BowTie", predicate: try FormatPredicate(format: "searchKey == %@", "R"))
guard let tie = try context.fetch(picked).first else {
  throw SampleDataError(description: "no tie has the search key R")
}
try context.update(tie, ["rating": 4, "timesWorn": 5, "lastWorn": Date()])
try context.save()
print("rated 4: \(try context.fetch(BowTie.self, picked)[0].rating)")

// A rating the model's rule (0 to 5) refuses: save says why, with Core Data's error code.
try context.update(tie, ["rating": 6])
do {
  try context.save()
} catch let error as SaveError {
  for problem in error.errors { print("save refused (\(problem.code.rawValue)): \(problem)") }
  context.rollback()
}
print("still rated: \(try context.fetch(BowTie.self, picked)[0].rating)")
