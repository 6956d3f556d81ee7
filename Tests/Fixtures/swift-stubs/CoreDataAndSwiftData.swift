// Stubs of the Core Data and SwiftData API that `explain` prints, for the tests that compile
// its Swift on Linux, where neither framework exists and Foundation has no
// NSPredicate(format:). Declared in the program's own module, they shadow Foundation's
// classes of the same names. The Core Data forms are only type-checked (their functions
// are never called); SwiftData's ModelContext fetches as SwiftData does over the objects it
// is given: the descriptor's predicate, sort, offset and limit, so that the printed
// #Predicate and FetchDescriptor are run, not just compiled. Foundation's own Predicate
// and SortDescriptor are used as they are.

import Foundation

// MARK: Core Data

protocol NSFetchRequestResult {}

class NSManagedObject: NSFetchRequestResult {
  func setValue(_ value: Any?, forKey key: String) {}
  func value(forKey key: String) -> Any? { nil }
}

extension NSDictionary: NSFetchRequestResult {}

final class NSPredicate {
  init(format: String, _ arguments: CVarArg...) {}
  init(format: String, argumentArray: [Any]?) {}
  func withSubstitutionVariables(_ variables: [String: Any]) -> NSPredicate { self }
}

final class NSExpression {
  init(format: String, _ arguments: CVarArg...) {}
  init(forKeyPath keyPath: String) {}
  init(forFunction name: String, arguments: [Any]) {}
  static func expressionForEvaluatedObject() -> NSExpression { NSExpression(format: "SELF") }
  func expressionValue(with object: Any?, context: NSMutableDictionary?) -> Any? { nil }
}

final class NSSortDescriptor {
  init(key: String?, ascending: Bool) {}
}

enum NSFetchRequestResultType { case managedObjectResultType, dictionaryResultType }

enum NSAttributeType { case integer64AttributeType, doubleAttributeType, undefinedAttributeType }

final class NSExpressionDescription {
  var name = ""
  var expression: NSExpression?
  var expressionResultType = NSAttributeType.undefinedAttributeType
}

final class NSFetchRequest<ResultType: NSFetchRequestResult> {
  var predicate: NSPredicate?
  var sortDescriptors: [NSSortDescriptor]?
  var fetchLimit = 0
  var fetchOffset = 0
  var resultType = NSFetchRequestResultType.managedObjectResultType
  var propertiesToFetch: [Any]?
  var returnsDistinctResults = false
  var propertiesToGroupBy: [Any]?
  var havingPredicate: NSPredicate?
  init(entityName: String) {}
}

final class NSManagedObjectContext {
  func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] { [] }
  func count<T>(for request: NSFetchRequest<T>) throws -> Int { 0 }
  func delete(_ object: NSManagedObject) {}
  func save() throws {}
}

enum NSEntityDescription {
  static func insertNewObject(forEntityName name: String, into context: NSManagedObjectContext)
    -> NSManagedObject
  { NSManagedObject() }
}

// MARK: SwiftData

struct FetchDescriptor<T> {
  var predicate: Predicate<T>?
  var sortBy: [SortDescriptor<T>]
  var fetchLimit: Int?
  var fetchOffset: Int?
  init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
    self.predicate = predicate
    self.sortBy = sortBy
  }
}

/// SwiftData's context over the objects given to it.
final class ModelContext {
  let objects: [Any]
  init(_ objects: [Any]) { self.objects = objects }

  func fetch<T>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
    var found = objects.compactMap { $0 as? T }
    if let predicate = descriptor.predicate { found = try found.filter(predicate.evaluate) }
    found = found.sorted(using: descriptor.sortBy)
    let start = min(descriptor.fetchOffset ?? 0, found.count)
    let end = descriptor.fetchLimit.map { min(start + $0, found.count) } ?? found.count
    return Array(found[start..<end])
  }

  func delete<T>(_ object: T) {}
  func save() throws {}

  func fetchCount<T>(_ descriptor: FetchDescriptor<T>) throws -> Int {
    var all = descriptor
    (all.fetchLimit, all.fetchOffset) = (nil, nil)
    return try fetch(all).count
  }
}

// Darwin's comparators, which Linux's Foundation lacks; compared as code points here.
extension String.StandardComparator {
  static let localizedStandard = String.StandardComparator.lexical
  static let localized = String.StandardComparator.lexical
}
