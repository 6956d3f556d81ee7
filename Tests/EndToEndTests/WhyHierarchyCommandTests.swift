import Foundation
import XCTest

/// `why` through the binary on a three-level hierarchy: after `fetch Car`, it explains the
/// SportCars the fetch found, as `fetch` and `count` take them in.
final class WhyHierarchyCommandTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testWhyExplainsTheObjectsOfSubEntities() throws {
    let result = try Bowq.run(
      [
        "--memory", "-c",
        """
        entity Vehicle { name: String, wheels: Int16 }
        entity Car : Vehicle { doors: Int16 }
        entity SportCar : Car { topSpeed: Int32 }
        insert Vehicle name = "Cart", wheels = 2
        insert Car name = "Sedan", wheels = 4, doors = 4
        insert SportCar name = "Racer", wheels = 4, doors = 2, topSpeed = 300
        """,
        "-c", "count Car where doors < 3", "-c", "fetch Car where doors < 3",
        "-c", "why", "-c", "why not Car/p2",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      """
      1
      object       name   wheels  doors
      -----------  -----  ------  -----
      SportCar/p3  Racer       4      2
      SportCar/p3 matches doors < 3
      doors < 3: true
         doors is 2
      Car/p2 does not match doors < 3
      doors < 3: false
         doors is 4

      """)
  }
}
