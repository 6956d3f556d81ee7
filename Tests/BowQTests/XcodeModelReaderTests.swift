import Foundation
import XCTest

@testable import BowQ

/// Models in the shapes of real Xcode projects (written here from the published format),
/// each checked down to the exact ``Model`` and notes, and the errors for broken ones.
final class XcodeModelReaderTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("XcodeModelReaderTests")
  }

  /// Writes `text` at `relative` inside the test's folder and returns the full path.
  @discardableResult
  private func write(_ text: String, to relative: String) throws -> String {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private func path(_ relative: String) -> String {
    folder.appendingPathComponent(relative).path
  }

  /// A `contents` file wrapping `body` in a `<model>` element, as Xcode 14 writes it.
  private func contents(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
    lastSavedToolsVersion="21754" systemVersion="22E261" minimumToolsVersion="Automatic" \
    sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
    \(body)
    </model>
    """
  }

  /// The error reading `path` throws, or a failure when it reads.
  private func readError(
    _ path: String, file: StaticString = #filePath, line: UInt = #line
  ) -> XcodeModelError? {
    do {
      let read = try XcodeModelReader.read(at: path)
      XCTFail("read a model: \(read.model.entities.map(\.name))", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  /// The error for a single-version bundle whose model body is `body`; the body's first
  /// line is line 3 of the file (``badContents``).
  private func bodyError(
    _ body: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> XcodeModelError? {
    try write(contents(body), to: "Bad.xcdatamodeld/Bad.xcdatamodel/contents")
    return readError(path("Bad.xcdatamodeld"), file: file, line: line)
  }

  private var badContents: String { path("Bad.xcdatamodeld/Bad.xcdatamodel/contents") }

  // MARK: - Real-world shapes

  /// The BowTies model as Xcode writes it: `header` is the `<model …>` line, each attribute
  /// carries `extra` XML attributes after its type (`usesScalarValueType`, `syncable`), and
  /// `withIDAndURL` adds the UUID and URI attributes of the current tutorial.
  private func bowTiesContents(
    entity: String, className: String, header: String, rating: String, tintColor: String,
    withIDAndURL: Bool = true, syncable: Bool = false
  ) -> String {
    func scalar(_ yes: Bool) -> String {
      syncable ? " syncable=\"YES\"" : " usesScalarValueType=\"\(yes ? "YES" : "NO")\""
    }
    let plain = syncable ? " syncable=\"YES\"" : ""
    var attributes = [
      #"<attribute name="isFavorite" optional="YES" attributeType="Boolean"\#(scalar(true))/>"#,
      #"<attribute name="lastWorn" optional="YES" attributeType="Date"\#(scalar(false))/>"#,
      #"<attribute name="name" optional="YES" attributeType="String"\#(plain)/>"#,
      #"<attribute name="photoData" optional="YES" attributeType="Binary" "#
        + #"allowsExternalBinaryDataStorage="YES"\#(plain)/>"#,
      #"<attribute name="rating" optional="YES" attributeType="Double" \#(rating)"#
        + #"defaultValueString="0.0"\#(scalar(true))/>"#,
      #"<attribute name="searchKey" optional="YES" attributeType="String"\#(plain)/>"#,
      #"<attribute name="timesWorn" optional="YES" attributeType="Integer 32" "#
        + #"defaultValueString="0"\#(scalar(true))/>"#,
      #"<attribute name="tintColor" optional="YES" attributeType="Transformable"\#(tintColor)\#(plain)/>"#,
    ]
    if withIDAndURL {
      attributes.insert(
        #"<attribute name="id" optional="YES" attributeType="UUID"\#(scalar(false))/>"#, at: 0)
      attributes.append(#"<attribute name="url" optional="YES" attributeType="URI"/>"#)
    }
    return """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      \(header)
          <entity name="\(entity)" representedClassName="\(className)" syncable="YES">
      \(attributes.map { "        " + $0 }.joined(separator: "\n"))
          </entity>
          <elements>
              <element name="\(entity)" positionX="-54" positionY="-9" width="128" height="179"/>
          </elements>
      </model>
      """
  }

  /// The BowTies entity that reading ``bowTiesContents`` gives.
  private func bowTiesModel(
    entity: String, ratingBounded: Bool, tintColor: AttributeType, withIDAndURL: Bool = true
  ) -> Model {
    var attributes = [
      Attribute(name: "isFavorite", type: .bool, isOptional: true),
      Attribute(name: "lastWorn", type: .date, isOptional: true),
      Attribute(name: "name", type: .string, isOptional: true),
      Attribute(name: "photoData", type: .binary, isOptional: true, allowsExternalStorage: true),
      Attribute(
        name: "rating", type: .double, isOptional: true, defaultValue: .double(0),
        minimum: ratingBounded ? .double(0) : nil, maximum: ratingBounded ? .double(5) : nil),
      Attribute(name: "searchKey", type: .string, isOptional: true),
      Attribute(name: "timesWorn", type: .int32, isOptional: true, defaultValue: .int(0)),
      Attribute(name: "tintColor", type: tintColor, isOptional: true),
    ]
    if withIDAndURL {
      attributes.insert(Attribute(name: "id", type: .uuid, isOptional: true), at: 0)
      attributes.append(Attribute(name: "url", type: .uri, isOptional: true))
    }
    return Model(entities: [Entity(name: entity, attributes: attributes)])
  }

  private let secureTransformer = AttributeType.transformable(
    ValueTransformerName(rawValue: "NSSecureUnarchiveFromData")!)

  /// BowTies as the current tutorial ships it: UUID, URI, Transformable without a
  /// transformer, rating bounded 0…5, photo data stored externally.
  func testBowTiesModern() throws {
    try write(
      bowTiesContents(
        entity: "BowTies", className: "BowTies",
        header:
          #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="18154" systemVersion="20G95" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
        rating: #"minValueString="0" maxValueString="5" "#, tintColor: ""),
      to: "BowTies.xcdatamodeld/BowTies.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: path("BowTies.xcdatamodeld"))

    XCTAssertEqual(
      read.model,
      bowTiesModel(entity: "BowTies", ratingBounded: true, tintColor: secureTransformer))
    XCTAssertEqual(read.version, "BowTies")
    XCTAssertEqual(
      read.notes,
      [
        "BowTies.tintColor: Transformable (no valueTransformerName) read as "
          + "Transformable(NSSecureUnarchiveFromData); bowq keeps its values as opaque binary data"
      ])
  }

  /// BowTies with the secure `ColorAttributeTransformer` and `UIColor`, read from the
  /// `.xcdatamodel` folder: the tint color becomes bowq's Color.
  func testBowTiesWithColorTransformer() throws {
    try write(
      bowTiesContents(
        entity: "BowTie", className: "BowTie",
        header:
          #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="17709" systemVersion="19H2" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
        rating: "",
        tintColor: #" valueTransformerName="ColorAttributeTransformer" customClassName="UIColor""#),
      to: "BowTies.xcdatamodeld/BowTies.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: path("BowTies.xcdatamodeld/BowTies.xcdatamodel"))

    XCTAssertEqual(
      read.model,
      bowTiesModel(entity: "BowTie", ratingBounded: false, tintColor: .transformable(.color)))
    XCTAssertEqual(read.version, "BowTies")
    XCTAssertEqual(
      read.notes,
      [
        "BowTie.tintColor: Transformable (ColorAttributeTransformer, UIColor) read as "
          + "Transformable(Color): red, green and blue 0–255, without alpha or color space"
      ])
  }

  /// BowTies saved by Xcode 7 (`macOSVersion`, `syncable` everywhere, no UUID or URI,
  /// a module-qualified class), read from the `contents` file itself.
  func testBowTiesXcode7Format() throws {
    let file = try write(
      bowTiesContents(
        entity: "Bowtie", className: "Bow_Ties.Bowtie",
        header:
          #"<model userDefinedModelVersionIdentifier="" type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="7701" systemVersion="14F27" minimumToolsVersion="Automatic" macOSVersion="Automatic" iOSVersion="Automatic">"#,
        rating: #"minValueString="0" maxValueString="5" "#, tintColor: "", withIDAndURL: false,
        syncable: true),
      to: "Bow Ties/Bow_Ties.xcdatamodeld/Bow_Ties.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: file)

    XCTAssertEqual(
      read.model,
      bowTiesModel(
        entity: "Bowtie", ratingBounded: true, tintColor: secureTransformer, withIDAndURL: false))
    XCTAssertEqual(read.version, "Bow_Ties")
    XCTAssertEqual(
      read.notes,
      [
        "Bowtie.tintColor: Transformable (no valueTransformerName) read as "
          + "Transformable(NSSecureUnarchiveFromData); bowq keeps its values as opaque binary data"
      ])
  }

  /// The first version of the ntfy-like model; the bundle's current version is the second.
  private let ntfyVersion1 = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="20086" systemVersion="21F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        <entity name="Notification" representedClassName="Notification" syncable="YES" codeGenerationType="class">
            <attribute name="attachmentUrl" optional="YES" attributeType="String"/>
            <attribute name="id" attributeType="String"/>
        </entity>
    </model>
    """

  private let ntfyVersion2 = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="20086" systemVersion="21F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        <entity name="Notification" representedClassName="Notification" syncable="YES" codeGenerationType="class">
            <attribute name="click" optional="YES" attributeType="String"/>
            <attribute name="id" attributeType="String"/>
            <attribute name="message" attributeType="String"/>
            <attribute name="priority" optional="YES" attributeType="Integer 16" minValueString="1" maxValueString="5" defaultValueString="3" usesScalarValueType="YES"/>
            <attribute name="time" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            <relationship name="subscription" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Subscription" inverseName="notifications" inverseEntity="Subscription"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="id"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="Preference" representedClassName="Preference" syncable="YES" codeGenerationType="class">
            <attribute name="key" optional="YES" attributeType="String"/>
            <attribute name="value" optional="YES" attributeType="String"/>
        </entity>
        <entity name="Subscription" representedClassName="Subscription" syncable="YES" codeGenerationType="class">
            <attribute name="baseUrl" attributeType="String"/>
            <attribute name="lastNotificationTime" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="topic" attributeType="String" minValueString="1" maxValueString="64" regularExpressionString="^[-_A-Za-z0-9]{1,64}$"/>
            <relationship name="notifications" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Notification" inverseName="subscription" inverseEntity="Notification"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="baseUrl"/>
                    <constraint value="topic"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="User" representedClassName="User" syncable="YES" codeGenerationType="class">
            <attribute name="baseUrl" attributeType="String"/>
            <attribute name="password" attributeType="String"/>
            <attribute name="username" attributeType="String"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="baseUrl"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <elements>
            <element name="Notification" positionX="-54" positionY="9" width="128" height="164"/>
            <element name="Subscription" positionX="-262.4760131835938" positionY="11.46405029296875" width="128" height="104"/>
            <element name="User" positionX="-162" positionY="81" width="128" height="74"/>
            <element name="Preference" positionX="-162" positionY="81" width="128" height="59"/>
        </elements>
    </model>
    """

  private let currentVersion = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>_XCCurrentVersionName</key>
        <string>Model 2.xcdatamodel</string>
    </dict>
    </plist>
    """

  /// ntfy-like: a versioned bundle, string length and pattern, Integer 16 bounds and
  /// default, single and compound uniqueness, a Cascade to-many with a Nullify inverse.
  func testNtfyVersionedModel() throws {
    try write(ntfyVersion1, to: "ntfy.xcdatamodeld/Model.xcdatamodel/contents")
    try write(ntfyVersion2, to: "ntfy.xcdatamodeld/Model 2.xcdatamodel/contents")
    try write(currentVersion, to: "ntfy.xcdatamodeld/.xccurrentversion")

    let read = try XcodeModelReader.read(at: path("ntfy.xcdatamodeld"))

    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(
          name: "Notification",
          attributes: [
            Attribute(name: "click", type: .string, isOptional: true),
            Attribute(name: "id", type: .string, isUnique: true),
            Attribute(name: "message", type: .string),
            Attribute(
              name: "priority", type: .int16, isOptional: true, defaultValue: .int(3),
              minimum: .int(1), maximum: .int(5)),
            Attribute(name: "time", type: .int64, defaultValue: .int(0)),
          ],
          relationships: [
            Relationship(
              name: "subscription", destination: "Subscription", isToMany: false, isOptional: true,
              inverse: "notifications", deleteRule: .nullify)
          ]),
        Entity(
          name: "Preference",
          attributes: [
            Attribute(name: "key", type: .string, isOptional: true),
            Attribute(name: "value", type: .string, isOptional: true),
          ]),
        Entity(
          name: "Subscription",
          attributes: [
            Attribute(name: "baseUrl", type: .string),
            Attribute(name: "lastNotificationTime", type: .int64, defaultValue: .int(0)),
            Attribute(
              name: "topic", type: .string, minLength: 1, maxLength: 64,
              pattern: "^[-_A-Za-z0-9]{1,64}$"),
          ],
          relationships: [
            Relationship(
              name: "notifications", destination: "Notification", isToMany: true, isOptional: true,
              inverse: "subscription", deleteRule: .cascade)
          ],
          uniquenessConstraints: [["baseUrl", "topic"]]),
        Entity(
          name: "User",
          attributes: [
            Attribute(name: "baseUrl", type: .string, isUnique: true),
            Attribute(name: "password", type: .string),
            Attribute(name: "username", type: .string),
          ]),
      ]))
    XCTAssertEqual(read.version, "Model 2")
    XCTAssertEqual(
      read.notes,
      [
        "read version \"Model 2\", the current version named in .xccurrentversion "
          + "(the bundle has 2 versions: Model, Model 2)"
      ])
  }

  /// MagicalRecord-like: every scalar type with defaults, an abstract parent and its
  /// subentity, relationships without inverses, to-ones written `minCount="1" maxCount="1"`,
  /// userInfo dictionaries.
  func testMagicalRecordScalarTypesAndInheritance() throws {
    try write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="12140" systemVersion="16E189a" minimumToolsVersion="Xcode 7.3" sourceLanguage="Objective-C" userDefinedModelVersionIdentifier="">
          <entity name="AbstractRelatedEntity" representedClassName="AbstractRelatedEntity" isAbstract="YES" syncable="YES">
              <attribute name="sampleBaseAttribute" optional="YES" attributeType="String" syncable="YES"/>
          </entity>
          <entity name="ConcreteRelatedEntity" representedClassName="ConcreteRelatedEntity" parentEntity="AbstractRelatedEntity" syncable="YES">
              <attribute name="sampleConcreteAttribute" optional="YES" attributeType="String" syncable="YES"/>
          </entity>
          <entity name="MappedEntity" representedClassName="MappedEntity" syncable="YES">
              <attribute name="mappedEntityID" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="nestedAttribute" optional="YES" attributeType="String" syncable="YES">
                  <userInfo>
                      <entry key="mappedKeyName" value="attributeValue.nestedValue"/>
                  </userInfo>
              </attribute>
              <userInfo>
                  <entry key="distinctAttribute" value="mappedEntityID"/>
              </userInfo>
          </entity>
          <entity name="SingleEntityWithNoRelationships" representedClassName="SingleEntityWithNoRelationships" syncable="YES">
              <attribute name="booleanTestAttribute" optional="YES" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="colorTestAttribute" optional="YES" attributeType="Transformable" customClassName="NSColor" syncable="YES"/>
              <attribute name="dateTestAttribute" optional="YES" attributeType="Date" defaultDateTimeInterval="-86400" minDateTimeInterval="-978307200" maxDateTimeInterval="946684800" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="decimalTestAttribute" optional="YES" attributeType="Decimal" defaultValueString="12.50" maxValueString="1000" syncable="YES"/>
              <attribute name="doubleTestAttribute" optional="YES" attributeType="Double" defaultValueString="0.0" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="floatTestAttribute" optional="YES" attributeType="Float" defaultValueString="0.5" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="int16TestAttribute" optional="YES" attributeType="Integer 16" defaultValueString="-32768" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="int32TestAttribute" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="int64TestAttribute" optional="YES" attributeType="Integer 64" defaultValueString="9223372036854775807" usesScalarValueType="NO" syncable="YES"/>
              <attribute name="notInJsonAttribute" optional="YES" attributeType="String" defaultValueString="Set From Core Data Model Editor" syncable="YES"/>
              <attribute name="nullTestAttribute" optional="YES" attributeType="Integer 64" usesScalarValueType="NO" syncable="YES"/>
          </entity>
          <entity name="SingleRelatedEntity" representedClassName="SingleRelatedEntity" syncable="YES">
              <attribute name="mappedStringAttribute" optional="YES" attributeType="String" syncable="YES"/>
              <relationship name="testAbstractToManyRelationship" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="AbstractRelatedEntity" syncable="YES">
                  <userInfo>
                      <entry key="relatedByAttribute" value="sampleBaseAttribute"/>
                  </userInfo>
              </relationship>
              <relationship name="testAbstractToOneRelationship" optional="YES" minCount="1" maxCount="1" deletionRule="Cascade" destinationEntity="AbstractRelatedEntity" syncable="YES"/>
              <relationship name="testConcreteToManyRelationship" toMany="YES" minCount="1" maxCount="0" deletionRule="Deny" destinationEntity="ConcreteRelatedEntity" syncable="YES"/>
              <relationship name="testConcreteToOneRelationship" minCount="1" maxCount="1" deletionRule="No Action" destinationEntity="ConcreteRelatedEntity" syncable="YES"/>
              <relationship name="testMappedToManyRelationship" optional="YES" toMany="YES" maxCount="3" destinationEntity="MappedEntity" syncable="YES"/>
          </entity>
          <elements>
              <element name="AbstractRelatedEntity" positionX="0" positionY="0" width="128" height="60"/>
          </elements>
      </model>
      """,
      to: "Tests/Fixtures/Sample Model/TestModel.xcdatamodeld/TestModel.xcdatamodel/contents")

    let read = try XcodeModelReader.read(
      at: path("Tests/Fixtures/Sample Model/TestModel.xcdatamodeld"))

    let base = Attribute(name: "sampleBaseAttribute", type: .string, isOptional: true)
    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(name: "AbstractRelatedEntity", attributes: [base], isAbstract: true),
        Entity(
          name: "ConcreteRelatedEntity",
          attributes: [
            base, Attribute(name: "sampleConcreteAttribute", type: .string, isOptional: true),
          ], parent: "AbstractRelatedEntity"),
        Entity(
          name: "MappedEntity",
          attributes: [
            Attribute(
              name: "mappedEntityID", type: .int16, isOptional: true, defaultValue: .int(0)),
            Attribute(name: "nestedAttribute", type: .string, isOptional: true),
          ]),
        Entity(
          name: "SingleEntityWithNoRelationships",
          attributes: [
            Attribute(
              name: "booleanTestAttribute", type: .bool, isOptional: true, defaultValue: .bool(true)
            ),
            Attribute(name: "colorTestAttribute", type: .transformable(.color), isOptional: true),
            Attribute(
              name: "dateTestAttribute", type: .date, isOptional: true,
              defaultValue: .date(Date(timeIntervalSinceReferenceDate: -86400)),
              minimum: .date(Date(timeIntervalSince1970: 0)),
              maximum: .date(Date(timeIntervalSinceReferenceDate: 946_684_800))),
            Attribute(
              name: "decimalTestAttribute", type: .decimal, isOptional: true,
              defaultValue: .decimal(Decimal(string: "12.50")!), maximum: .decimal(1000)),
            Attribute(
              name: "doubleTestAttribute", type: .double, isOptional: true, defaultValue: .double(0)
            ),
            Attribute(
              name: "floatTestAttribute", type: .float, isOptional: true, defaultValue: .double(0.5)
            ),
            Attribute(
              name: "int16TestAttribute", type: .int16, isOptional: true, defaultValue: .int(-32768)
            ),
            Attribute(
              name: "int32TestAttribute", type: .int32, isOptional: true, defaultValue: .int(0)),
            Attribute(
              name: "int64TestAttribute", type: .int64, isOptional: true, defaultValue: .int(.max)),
            Attribute(
              name: "notInJsonAttribute", type: .string, isOptional: true,
              defaultValue: .string("Set From Core Data Model Editor")),
            Attribute(name: "nullTestAttribute", type: .int64, isOptional: true),
          ]),
        Entity(
          name: "SingleRelatedEntity",
          attributes: [Attribute(name: "mappedStringAttribute", type: .string, isOptional: true)],
          relationships: [
            Relationship(
              name: "testAbstractToManyRelationship", destination: "AbstractRelatedEntity",
              isToMany: true, isOptional: true, deleteRule: .cascade),
            Relationship(
              name: "testAbstractToOneRelationship", destination: "AbstractRelatedEntity",
              isToMany: false, isOptional: true, deleteRule: .cascade),
            Relationship(
              name: "testConcreteToManyRelationship", destination: "ConcreteRelatedEntity",
              isToMany: true, isOptional: false, deleteRule: .deny, minCount: 1),
            Relationship(
              name: "testConcreteToOneRelationship", destination: "ConcreteRelatedEntity",
              isToMany: false, isOptional: false, deleteRule: .noAction),
            Relationship(
              name: "testMappedToManyRelationship", destination: "MappedEntity",
              isToMany: true, isOptional: true, deleteRule: .nullify, maxCount: 3),
          ]),
      ]))
    XCTAssertEqual(read.version, "TestModel")
    XCTAssertEqual(
      read.notes,
      [
        "SingleEntityWithNoRelationships.colorTestAttribute: Transformable (NSColor) read as "
          + "Transformable(Color): red, green and blue 0–255, without alpha or color space",
        "userInfo entries ignored on MappedEntity.nestedAttribute, MappedEntity, "
          + "SingleRelatedEntity.testAbstractToManyRelationship",
      ])
  }

  /// CoreStore-like: an ordered to-many (kept ordered, without a note), reflexive
  /// relationships with inverses, configurations, no `<elements>` block; class names
  /// qualified by the test module.
  func testCoreStoreOrderedReflexiveAndConfigurations() throws {
    try write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22222" systemVersion="22G91" minimumToolsVersion="Xcode 4.3" sourceLanguage="Objective-C" userDefinedModelVersionIdentifier="">
          <entity name="TestEntity1" representedClassName="CoreStoreTests.TestEntity1" syncable="YES">
              <attribute name="testData" optional="YES" attributeType="Binary" syncable="YES"/>
              <attribute name="testDecimal" optional="YES" attributeType="Decimal" syncable="YES"/>
              <attribute name="testEntityID" optional="YES" attributeType="Integer 64" usesScalarValueType="NO" syncable="YES"/>
              <relationship name="testToManyUnordered" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="TestEntity1" inverseName="testToOne" inverseEntity="TestEntity1" syncable="YES"/>
              <relationship name="testToOne" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="TestEntity1" inverseName="testToManyUnordered" inverseEntity="TestEntity1" syncable="YES"/>
          </entity>
          <entity name="TestEntity2" representedClassName="CoreStoreTests.TestEntity2" syncable="YES">
              <attribute name="testString" optional="YES" attributeType="String" syncable="YES"/>
              <relationship name="testToManyOrdered" optional="YES" toMany="YES" deletionRule="Nullify" ordered="YES" destinationEntity="TestEntity2" inverseName="testToOne" inverseEntity="TestEntity2" syncable="YES"/>
              <relationship name="testToOne" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="TestEntity2" inverseName="testToManyOrdered" inverseEntity="TestEntity2" syncable="YES"/>
          </entity>
          <configuration name="Config1">
              <memberEntity name="TestEntity1"/>
          </configuration>
          <configuration name="Config2">
              <memberEntity name="TestEntity2"/>
          </configuration>
      </model>
      """, to: "CoreStoreTests/Model.xcdatamodeld/Model.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: path("CoreStoreTests/Model.xcdatamodeld") + "/")

    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(
          name: "TestEntity1",
          attributes: [
            Attribute(name: "testData", type: .binary, isOptional: true),
            Attribute(name: "testDecimal", type: .decimal, isOptional: true),
            Attribute(name: "testEntityID", type: .int64, isOptional: true),
          ],
          relationships: [
            Relationship(
              name: "testToManyUnordered", destination: "TestEntity1", isToMany: true,
              isOptional: true, inverse: "testToOne"),
            Relationship(
              name: "testToOne", destination: "TestEntity1", isToMany: false, isOptional: true,
              inverse: "testToManyUnordered"),
          ]),
        Entity(
          name: "TestEntity2",
          attributes: [Attribute(name: "testString", type: .string, isOptional: true)],
          relationships: [
            Relationship(
              name: "testToManyOrdered", destination: "TestEntity2", isToMany: true,
              isOptional: true, inverse: "testToOne", isOrdered: true),
            Relationship(
              name: "testToOne", destination: "TestEntity2", isToMany: false, isOptional: true,
              inverse: "testToManyOrdered"),
          ]),
      ]))
    XCTAssertEqual(read.version, "Model")
    XCTAssertEqual(
      read.notes,
      [
        "configuration \"Config1\" (TestEntity1) ignored: bowq keeps every entity in one store",
        "configuration \"Config2\" (TestEntity2) ignored: bowq keeps every entity in one store",
      ])
  }

  /// Bitwarden-like: required attributes, compound uniqueness on (userId, id), class names
  /// starting with the current module's `.`; a `contents` file outside any version folder.
  func testBitwardenCompoundUniqueness() throws {
    let file = try write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22225" systemVersion="22G120" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
          <entity name="CipherData" representedClassName=".CipherData" syncable="YES">
              <attribute name="id" attributeType="String"/>
              <attribute name="modelData" attributeType="Binary"/>
              <attribute name="userId" attributeType="String"/>
              <uniquenessConstraints>
                  <uniquenessConstraint>
                      <constraint value="userId"/>
                      <constraint value="id"/>
                  </uniquenessConstraint>
              </uniquenessConstraints>
          </entity>
          <entity name="FolderData" representedClassName=".FolderData" syncable="YES">
              <attribute name="id" attributeType="String"/>
              <attribute name="modelData" optional="YES" attributeType="Binary"/>
              <attribute name="userId" attributeType="String"/>
              <uniquenessConstraints>
                  <uniquenessConstraint>
                      <constraint value="userId"/>
                      <constraint value="id"/>
                  </uniquenessConstraint>
              </uniquenessConstraints>
          </entity>
          <entity name="PasswordHistoryData" representedClassName=".PasswordHistoryData" syncable="YES">
              <attribute name="lastUsedDate" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
              <attribute name="password" attributeType="String"/>
              <attribute name="userId" attributeType="String"/>
          </entity>
      </model>
      """, to: "Bitwarden-contents.xml")

    let read = try XcodeModelReader.read(at: file)

    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(
          name: "CipherData",
          attributes: [
            Attribute(name: "id", type: .string),
            Attribute(name: "modelData", type: .binary),
            Attribute(name: "userId", type: .string),
          ],
          uniquenessConstraints: [["userId", "id"]]),
        Entity(
          name: "FolderData",
          attributes: [
            Attribute(name: "id", type: .string),
            Attribute(name: "modelData", type: .binary, isOptional: true),
            Attribute(name: "userId", type: .string),
          ],
          uniquenessConstraints: [["userId", "id"]]),
        Entity(
          name: "PasswordHistoryData",
          attributes: [
            Attribute(name: "lastUsedDate", type: .date, isOptional: true),
            Attribute(name: "password", type: .string),
            Attribute(name: "userId", type: .string),
          ]),
      ]))
    XCTAssertNil(read.version)
    XCTAssertEqual(read.notes, [])
  }

  /// Everything the format can say that bowq does not keep, each with its note: fetch
  /// requests, fetched properties, transient and derived properties, composite attributes,
  /// a subentity's inherited relationship and constraint. Its indexes are kept.
  func testFeaturesBowqDoesNotRepresent() throws {
    try write(
      contents(
        """
            <entity name="Person" representedClassName="Person" syncable="YES">
                <attribute name="name" attributeType="String" indexed="YES"/>
                <attribute name="initials" optional="YES" attributeType="String" derived="YES" derivationExpression="uppercase:(name)"/>
                <attribute name="scratch" optional="YES" transient="YES" attributeType="Undefined"/>
                <attribute name="address" optional="YES" attributeType="Composite" composite="Address"/>
                <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                <relationship name="ties" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Tie" inverseName="owner" inverseEntity="Tie"/>
                <relationship name="favorite" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Tie" inverseName="admirer" inverseEntity="Tie"/>
                <fetchedProperty name="favoriteTies" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Tie" predicateString="rating &gt; 4"/>
                </fetchedProperty>
                <fetchIndex name="byName">
                    <fetchIndexElement property="name" type="Binary" order="ascending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="name"/>
                        <index value="initials"/>
                    </compoundIndex>
                </compoundIndexes>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                    </uniquenessConstraint>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                        <constraint value="scratch"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Employee" parentEntity="Person" syncable="YES">
                <attribute name="badge" attributeType="Integer 32" defaultValueString="1"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                        <constraint value="badge"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Tie" syncable="YES">
                <attribute name="rating" attributeType="Double" defaultValueString="0.0"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="ties" inverseEntity="Person"/>
                <relationship name="admirer" optional="YES" maxCount="1" transient="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="favorite" inverseEntity="Person"/>
            </entity>
            <fetchRequest name="TopTies" entity="Tie" predicateString="rating &gt;= 4 AND owner != nil"/>
        """), to: "People.xcdatamodeld/People.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: path("People.xcdatamodeld"))

    let strings = ValueTransformerName(rawValue: "NSSecureUnarchiveFromData")!
    let personAttributes = [
      Attribute(name: "name", type: .string, isUnique: true),
      Attribute(name: "initials", type: .string, isOptional: true),
      Attribute(name: "tags", type: .transformable(strings), isOptional: true),
    ]
    let personRelationships = [
      Relationship(
        name: "ties", destination: "Tie", isToMany: true, isOptional: true, inverse: "owner",
        deleteRule: .cascade),
      Relationship(name: "favorite", destination: "Tie", isToMany: false, isOptional: true),
    ]
    let personIndexes = [
      IndexDefinition(on: "name"),
      IndexDefinition(name: "byName", elements: [.init(attribute: "name")]),
      IndexDefinition(
        name: "name_initials", elements: [.init(attribute: "name"), .init(attribute: "initials")]),
    ]
    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(
          name: "Person", attributes: personAttributes, relationships: personRelationships,
          indexes: personIndexes),
        Entity(
          name: "Employee",
          attributes: personAttributes + [
            Attribute(name: "badge", type: .int32, defaultValue: .int(1))
          ],
          relationships: personRelationships, uniquenessConstraints: [["name", "badge"]],
          indexes: personIndexes, parent: "Person"),
        Entity(
          name: "Tie",
          attributes: [Attribute(name: "rating", type: .double, defaultValue: .double(0))],
          relationships: [
            Relationship(
              name: "owner", destination: "Person", isToMany: false, isOptional: true,
              inverse: "ties")
          ]),
      ]))
    XCTAssertEqual(
      read.notes,
      [
        "Person.initials: derived attribute (uppercase:(name)) kept as a plain attribute; "
          + "bowq does not compute it",
        "Person.scratch: transient attribute skipped (bowq keeps only stored properties)",
        "Person.address: composite attribute skipped (bowq has no composite type)",
        "Person.tags: Transformable (NSSecureUnarchiveFromData, [String]) read as "
          + "Transformable(NSSecureUnarchiveFromData); bowq keeps its values as opaque binary data",
        "Person.favoriteTies: fetched property ignored (a fetch of Tie where rating > 4); "
          + "run it as a fetch statement",
        "Tie.admirer: transient relationship skipped (bowq keeps only stored properties)",
        "fetch request \"TopTies\" ignored (a fetch of Tie where rating >= 4 AND owner != nil): "
          + "bowq keeps no stored fetch requests; run it as a fetch statement",
        "Person.favorite: inverse Tie.admirer is transient and skipped, so the relationship has "
          + "no inverse",
        "Person: uniqueness constraint (name, scratch) ignored: scratch is skipped",
      ])
  }

  // MARK: - Choosing a version

  /// Without `.xccurrentversion` the last version by name is read, numbers compared as
  /// numbers; a lone version needs no note.
  func testLastVersionByNameWithoutCurrentVersionFile() throws {
    for (i, name) in ["Model", "Model 2", "Model 10"].enumerated() {
      try write(
        contents(
          "<entity name=\"V\"><attribute name=\"v\(i)\" attributeType=\"String\"/></entity>"),
        to: "Versions.xcdatamodeld/\(name).xcdatamodel/contents")
    }
    try write("not a version", to: "Versions.xcdatamodeld/notes.txt")

    let read = try XcodeModelReader.read(at: path("Versions.xcdatamodeld"))

    XCTAssertEqual(read.version, "Model 10")
    XCTAssertEqual(read.model.entity(named: "V")?.attributes.map(\.name), ["v2"])
    XCTAssertEqual(
      read.notes,
      [
        "read version \"Model 10\", the last by name (there is no .xccurrentversion; "
          + "the bundle has 3 versions: Model, Model 2, Model 10)"
      ])

    try write(contents(""), to: "Single.xcdatamodeld/Only.xcdatamodel/contents")
    let single = try XcodeModelReader.read(at: path("Single.xcdatamodeld"))
    XCTAssertEqual(single.version, "Only")
    XCTAssertEqual(single.model, Model())
    XCTAssertEqual(single.notes, [])
  }

  func testUnreadableCurrentVersionFileFallsBackToTheLastVersion() throws {
    try write(ntfyVersion1, to: "ntfy.xcdatamodeld/Model.xcdatamodel/contents")
    try write(ntfyVersion2, to: "ntfy.xcdatamodeld/Model 2.xcdatamodel/contents")
    try write("<plist><dict></dict></plist>", to: "ntfy.xcdatamodeld/.xccurrentversion")

    let read = try XcodeModelReader.read(at: path("ntfy.xcdatamodeld"))

    XCTAssertEqual(read.version, "Model 2")
    XCTAssertEqual(
      read.notes,
      [
        "read version \"Model 2\", the last by name (.xccurrentversion is not a property list "
          + "with _XCCurrentVersionName; the bundle has 2 versions: Model, Model 2)"
      ])
  }

  func testCurrentVersionNamingAMissingVersion() throws {
    try write(ntfyVersion1, to: "ntfy.xcdatamodeld/Model.xcdatamodel/contents")
    try write(ntfyVersion2, to: "ntfy.xcdatamodeld/Model 3.xcdatamodel/contents")
    try write(currentVersion, to: "ntfy.xcdatamodeld/.xccurrentversion")

    let error = readError(path("ntfy.xcdatamodeld"))

    XCTAssertEqual(
      error,
      .missingCurrentVersion(
        bundle: path("ntfy.xcdatamodeld"), version: "Model 2", available: ["Model", "Model 3"]))
    XCTAssertEqual(
      error?.description,
      "\(path("ntfy.xcdatamodeld")): .xccurrentversion names version \"Model 2\", which the "
        + "bundle does not have (it has \"Model\", \"Model 3\"). Did you mean \"Model 3\"?")
  }

  // MARK: - Errors

  func testMissingPath() {
    let missing = path("Nowhere.xcdatamodeld")
    XCTAssertEqual(readError(missing), .notFound(path: missing))
    XCTAssertEqual(
      readError(missing)?.description,
      "no Xcode data model at \(missing) (expected a .xcdatamodeld bundle, a .xcdatamodel "
        + "folder or its contents file)")
  }

  func testEmptyBundle() throws {
    try FileManager.default.createDirectory(
      atPath: path("Empty.xcdatamodeld"), withIntermediateDirectories: true)
    try write("", to: "Empty.xcdatamodeld/.xccurrentversion")

    XCTAssertEqual(
      readError(path("Empty.xcdatamodeld")), .emptyBundle(path: path("Empty.xcdatamodeld")))
    XCTAssertEqual(
      readError(path("Empty.xcdatamodeld"))?.description,
      "\(path("Empty.xcdatamodeld")) holds no model version (no .xcdatamodel folder inside)")
  }

  func testAModelSavedBeforeXcode4NamesTheEditingClassesItsElementsArchive() throws {
    // Xcode 3 kept a model as a keyed archive of its own editing classes in `elements`
    // (and the diagram in `layout`); this one is built as such an archive.
    var w = KeyedArchiveWriter()
    let attribute = w.object(
      ["XDDevAttribute", "XDDevProperty", "NSObject"], [("name", w.string("title"))])
    let entity = w.object(
      ["XDDevEntity", "NSObject"],
      [("name", w.string("Recipe")), ("attributes", w.array([attribute]))])
    let model = w.object(["XDPMModel", "NSObject"], [("entities", w.array([entity]))])
    let folder = URL(fileURLWithPath: path("Recipes.xcdatamodel"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try w.binary(root: model).write(to: folder.appendingPathComponent("elements"))
    try write("diagram", to: "Recipes.xcdatamodel/layout")
    XCTAssertEqual(
      readError(path("Recipes.xcdatamodel")),
      .notAModel(
        path: path("Recipes.xcdatamodel"),
        reason: "it has no contents file: it was last saved before Xcode 4, whose elements file "
          + "is an NSKeyedArchiver archive of Xcode's own editing classes (XDDevAttribute, "
          + "XDDevEntity, XDPMModel), not of the model Core Data reads, and Apple does not "
          + "document them. Give the compiled model with --model instead (the .mom or .momd "
          + "inside the built app, or momc's output for this folder on a Mac), or open the "
          + "model in Xcode and save it in the current format"))
  }

  func testPathsThatHoldNoModel() throws {
    try write("hello", to: "Plain/readme.txt")
    XCTAssertEqual(
      readError(path("Plain")),
      .notAModel(
        path: path("Plain"),
        reason: "a folder with neither a contents file nor .xcdatamodel versions"))

    try write("binary", to: "Old.xcdatamodel/elements")
    XCTAssertEqual(
      readError(path("Old.xcdatamodel")),
      .notAModel(
        path: path("Old.xcdatamodel"),
        reason: "it has no contents file: it was last saved before Xcode 4, whose elements file "
          + "should be an NSKeyedArchiver archive of Xcode's editing classes, and this one is "
          + "not. Give the compiled model with --model instead (the .mom or .momd inside the "
          + "built app, or momc's output for this folder on a Mac), or open the model in Xcode "
          + "and save it in the current format"))

    try FileManager.default.createDirectory(
      atPath: path("Hollow.xcdatamodeld/Hollow.xcdatamodel"), withIntermediateDirectories: true)
    XCTAssertEqual(
      readError(path("Hollow.xcdatamodeld")),
      .notAModel(
        path: path("Hollow.xcdatamodeld/Hollow.xcdatamodel"),
        reason: "the version folder has no contents file"))

    let compiled = try write("bplist00\u{1}\u{2}", to: "App.momd/App.mom")
    XCTAssertEqual(
      readError(compiled),
      .notAModel(
        path: compiled,
        reason: "it is a binary property list, as in a compiled .mom; "
          + "read the .xcdatamodeld from the app's source instead"))

    let plist = try write(currentVersion, to: "Info.plist")
    XCTAssertEqual(
      readError(plist), .notAModel(path: plist, reason: "its root element is <plist>, not <model>"))
  }

  func testMalformedXMLGivesLineAndColumn() throws {
    let file = try write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel">
          <entity name="BowTie">
              <attribute name="rating" attributeType="Double" optional="YES" optional="NO"/>
          </entity>
      </model>
      """, to: "Broken.xcdatamodel/contents")

    let error = readError(path("Broken.xcdatamodel"))

    XCTAssertEqual(
      error,
      .malformedXML(
        path: file, line: 4, column: 85, message: "an attribute appears twice in one element"))
    XCTAssertEqual(
      error?.description, "\(file):4:85: malformed XML: an attribute appears twice in one element")
  }

  func testMalformedXMLUnclosedElementAndEmptyFile() throws {
    let unclosed = try write(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model>
          <entity name="BowTie">
      </model>
      """, to: "Unclosed.xcdatamodel/contents")
    XCTAssertEqual(
      readError(unclosed),
      .malformedXML(
        path: unclosed, line: 4, column: 9,
        message: "a closing tag does not match the element it closes"))

    let empty = try write("", to: "Empty.xcdatamodel/contents")
    XCTAssertEqual(
      readError(empty),
      .malformedXML(
        path: empty, line: 1, column: 1,
        message: "the file is empty or does not start with an element"))
  }

  func testUnknownAttributeTypeSuggestsTheFormatName() throws {
    let cases: [(written: String, suggestion: String?)] = [
      ("Integer32", "Integer 32"), ("Int16", "Integer 16"), ("Bool", "Boolean"),
      ("Binary Data", "Binary"), ("Strnig", "String"), ("Quaternion", nil),
    ]
    for (written, suggestion) in cases {
      let error = try bodyError(
        """
            <entity name="Notification">
                <attribute name="priority" attributeType="\(written)"/>
            </entity>
        """)
      XCTAssertEqual(
        error,
        .unknownAttributeType(
          path: badContents, line: 4, entity: "Notification", attribute: "priority", type: written,
          suggestion: suggestion), written)
    }
    let error = try bodyError(
      """
          <entity name="Notification">
              <attribute name="priority" attributeType="Integer32"/>
          </entity>
      """)
    XCTAssertEqual(
      error?.description,
      "\(badContents):4: Notification.priority: unknown attributeType \"Integer32\". "
        + "Did you mean \"Integer 32\"?")
  }

  func testUnsupportedAttributeTypes() throws {
    XCTAssertEqual(
      try bodyError(
        """
            <entity name="E">
                <attribute name="anything" optional="YES" attributeType="Undefined"/>
            </entity>
        """),
      .unsupportedAttributeType(
        path: badContents, line: 4, entity: "E", attribute: "anything", type: "Undefined",
        reason: "is only allowed on transient attributes; choose a type or mark it transient"))
    XCTAssertEqual(
      try bodyError(
        """
            <entity name="E">
                <attribute name="owner" attributeType="ObjectID"/>
            </entity>
        """),
      .unsupportedAttributeType(
        path: badContents, line: 4, entity: "E", attribute: "owner", type: "ObjectID",
        reason: "is not a type a stored attribute can have"))
  }

  func testMissingDestinationEntity() throws {
    let error = try bodyError(
      """
          <entity name="Notification">
              <relationship name="subscription" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Subscriptoin"/>
          </entity>
          <entity name="Subscription"/>
      """)
    XCTAssertEqual(
      error,
      .unknownDestination(
        path: badContents, line: 4, entity: "Notification", relationship: "subscription",
        destination: "Subscriptoin", suggestion: "Subscription"))
    XCTAssertEqual(
      error?.description,
      "\(badContents):4: Notification.subscription: destination entity \"Subscriptoin\" is not "
        + "an entity of the model. Did you mean \"Subscription\"?")
  }

  func testInverseMissingOnTheDestination() throws {
    let error = try bodyError(
      """
          <entity name="Notification">
              <relationship name="subscription" optional="YES" maxCount="1" destinationEntity="Subscription" inverseName="notification"/>
          </entity>
          <entity name="Subscription">
              <relationship name="notifications" optional="YES" toMany="YES" destinationEntity="Notification" inverseName="subscription"/>
          </entity>
      """)
    XCTAssertEqual(
      error,
      .unknownInverse(
        path: badContents, line: 4, entity: "Notification", relationship: "subscription",
        destination: "Subscription", inverse: "notification", suggestion: "notifications"))
    XCTAssertEqual(
      error?.description,
      "\(badContents):4: Notification.subscription: inverse \"notification\" is not a "
        + "relationship of Subscription. Did you mean \"notifications\"?")
  }

  func testInversesThatDoNotPointBack() throws {
    XCTAssertEqual(
      try bodyError(
        """
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" destinationEntity="C" inverseName="b"/>
            </entity>
            <entity name="C"/>
        """),
      .mismatchedInverse(
        path: badContents, line: 4, entity: "A", relationship: "b", destination: "B", inverse: "a",
        reason: "points to C, not A"))
    XCTAssertEqual(
      try bodyError(
        """
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a"/>
                <relationship name="other" optional="YES" maxCount="1" destinationEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" destinationEntity="A" inverseName="other"/>
            </entity>
        """),
      .mismatchedInverse(
        path: badContents, line: 4, entity: "A", relationship: "b", destination: "B", inverse: "a",
        reason: "has other as its inverse, not b"))
    let oneSided = try bodyError(
      """
          <entity name="A">
              <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a"/>
          </entity>
          <entity name="B">
              <relationship name="a" optional="YES" maxCount="1" destinationEntity="A"/>
          </entity>
      """)
    XCTAssertEqual(
      oneSided?.description,
      "\(badContents):4: A.b: its inverse B.a has no inverse; set its inverse to b as well")
  }

  func testInvalidValues() throws {
    let cases: [(attribute: String, key: String, value: String, reason: String)] = [
      (
        #"<attribute name="p" attributeType="Integer 16" defaultValueString="three"/>"#,
        "defaultValueString", "three", "expected a number"
      ),
      (
        #"<attribute name="p" attributeType="Integer 16" maxValueString="70000"/>"#,
        "maxValueString", "70000", "70000 is out of range for p (Int16 holds -32768…32767)"
      ),
      (
        #"<attribute name="p" attributeType="Integer 32" minValueString="1.5"/>"#,
        "minValueString", "1.5", "1.5 is not a whole number, and p is Int32"
      ),
      (
        #"<attribute name="p" attributeType="Float" maxValueString="1e300"/>"#,
        "maxValueString", "1e300",
        "p (Float) cannot hold 1e+300: it is outside Float's range (about ±3.4e38)"
      ),
      (
        #"<attribute name="p" attributeType="Boolean" defaultValueString="maybe"/>"#,
        "defaultValueString", "maybe", "expected YES or NO"
      ),
      (
        #"<attribute name="p" attributeType="Decimal" defaultValueString="12,50"/>"#,
        "defaultValueString", "12,50", "expected a decimal number such as 12.50"
      ),
      (
        #"<attribute name="p" attributeType="String" maxValueString="-1"/>"#,
        "maxValueString", "-1", "expected a whole number, 0 or more"
      ),
      (
        #"<attribute name="p" attributeType="String" regularExpressionString="[a-"/>"#,
        "regularExpressionString", "[a-", "not a valid regular expression"
      ),
      (
        #"<attribute name="p" attributeType="Date" defaultDateTimeInterval="soon"/>"#,
        "defaultDateTimeInterval", "soon",
        "expected seconds since 2001-01-01 00:00:00 UTC, such as 0 or -86400"
      ),
      (
        #"<relationship name="p" toMany="YES" destinationEntity="E" minCount="few"/>"#,
        "minCount", "few", "expected a whole number, 0 or more"
      ),
      (
        #"<relationship name="p" destinationEntity="E" deletionRule="Casade"/>"#,
        "deletionRule", "Casade",
        "expected Nullify, Cascade, Deny or No Action. Did you mean \"Cascade\"?"
      ),
    ]
    for (attribute, key, value, reason) in cases {
      XCTAssertEqual(
        try bodyError("<entity name=\"E\">\n\(attribute)\n</entity>"),
        .invalidValue(
          path: badContents, line: 4, entity: "E", property: "p", key: key, value: value,
          reason: reason), attribute)
    }
    XCTAssertEqual(
      try bodyError(
        "<entity name=\"E\">\n<relationship name=\"p\" destinationEntity=\"E\" deletionRule=\"Casade\"/>\n</entity>"
      )?.description,
      "\(badContents):4: E.p: deletionRule=\"Casade\": expected Nullify, Cascade, Deny or No Action. "
        + "Did you mean \"Cascade\"?")
  }

  /// A pattern whose repetition can take exponential time is refused as MATCHES refuses it.
  func testPatternsThatCanTakeExponentialTimeAreRefused() throws {
    let error = try bodyError(
      "<entity name=\"E\">\n<attribute name=\"p\" attributeType=\"String\" regularExpressionString=\"(a|aa)+\"/>\n</entity>"
    )
    guard case .invalidValue(_, _, _, _, let key, let value, let reason)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(key, "regularExpressionString")
    XCTAssertEqual(value, "(a|aa)+")
    XCTAssertTrue(reason.contains("exponential time"), reason)
  }

  /// Rules written on attributes of a type they do not apply to are ignored with a note;
  /// empty values count as absent.
  func testRulesOnTheWrongTypeAreNoted() throws {
    try write(
      contents(
        """
            <entity name="E">
                <attribute name="flag" attributeType="Boolean" minValueString="0" maxValueString="1" defaultValueString="NO"/>
                <attribute name="count" optional="YES" attributeType="Integer 32" regularExpressionString="[0-9]+" allowsExternalBinaryDataStorage="YES" defaultValueString=""/>
                <attribute name="blob" optional="YES" attributeType="Binary" defaultValueString="AAAA"/>
                <attribute name="title" attributeType="String" defaultValueString=""/>
            </entity>
        """), to: "Rules.xcdatamodel/contents")

    let read = try XcodeModelReader.read(at: path("Rules.xcdatamodel"))

    XCTAssertEqual(
      read.model,
      Model(entities: [
        Entity(
          name: "E",
          attributes: [
            Attribute(name: "flag", type: .bool, defaultValue: .bool(false)),
            Attribute(name: "count", type: .int32, isOptional: true),
            Attribute(name: "blob", type: .binary, isOptional: true),
            Attribute(name: "title", type: .string, defaultValue: .string("")),
          ])
      ]))
    XCTAssertEqual(
      read.notes,
      [
        "E.flag: minValueString ignored (bowq bounds numbers and string lengths; flag is Bool)",
        "E.flag: maxValueString ignored (bowq bounds numbers and string lengths; flag is Bool)",
        "E.count: regularExpressionString ignored (patterns apply to String attributes)",
        "E.count: allowsExternalBinaryDataStorage ignored (bowq stores only Binary externally)",
        "E.blob: defaultValueString ignored (the model editor offers no default for Binary Data)",
      ])
  }

  func testMissingXMLAttributes() throws {
    XCTAssertEqual(
      try bodyError(
        "<entity name=\"E\">\n<attribute name=\"rating\" optional=\"YES\"/>\n</entity>"),
      .missingXMLAttribute(
        path: badContents, line: 4, entity: "E", element: "<attribute name=\"rating\">",
        attribute: "attributeType"))
    XCTAssertEqual(
      try bodyError(
        "<entity name=\"E\">\n<relationship name=\"owner\" maxCount=\"1\"/>\n</entity>")?
        .description,
      "\(badContents):4: entity E: <relationship name=\"owner\"> has no destinationEntity")
    XCTAssertEqual(
      try bodyError("<entity representedClassName=\"E\"/>")?.description,
      "\(badContents):3: <entity> has no name")
  }

  func testDuplicateNames() throws {
    XCTAssertEqual(
      try bodyError("<entity name=\"E\"/>\n<entity name=\"E\"/>"),
      .duplicateEntity(path: badContents, line: 4, entity: "E"))
    XCTAssertEqual(
      try bodyError(
        """
        <entity name="E">
        <attribute name="a" attributeType="String"/>
        <relationship name="a" destinationEntity="E"/>
        </entity>
        """),
      .duplicateProperty(path: badContents, line: 5, entity: "E", property: "a", inheritedFrom: nil)
    )
    let inherited = try bodyError(
      """
      <entity name="Parent">
      <attribute name="a" attributeType="String"/>
      </entity>
      <entity name="Child" parentEntity="Parent">
      <attribute name="a" attributeType="String"/>
      </entity>
      """)
    XCTAssertEqual(
      inherited,
      .duplicateProperty(
        path: badContents, line: 7, entity: "Child", property: "a", inheritedFrom: "Parent"))
    XCTAssertEqual(
      inherited?.description,
      "\(badContents):7: entity Child defines a, which it already inherits from Parent")
  }

  func testBrokenInheritance() throws {
    let unknown = try bodyError(
      "<entity name=\"Child\" parentEntity=\"Parnet\"/>\n<entity name=\"Parent\"/>")
    XCTAssertEqual(
      unknown,
      .unknownParentEntity(
        path: badContents, line: 3, entity: "Child", parent: "Parnet", suggestion: "Parent"))
    XCTAssertEqual(
      unknown?.description,
      "\(badContents):3: entity Child: parentEntity \"Parnet\" is not an entity of the model. "
        + "Did you mean \"Parent\"?")

    let cycle = try bodyError(
      """
      <entity name="A" parentEntity="B"/>
      <entity name="B" parentEntity="C"/>
      <entity name="C" parentEntity="A"/>
      """)
    XCTAssertEqual(cycle, .inheritanceCycle(path: badContents, line: 3, entities: ["A", "B", "C"]))
    XCTAssertEqual(
      cycle?.description,
      "\(badContents):3: entities inherit from each other in a loop: A → B → C → A")
  }

  func testConstraintOnAnUnknownAttribute() throws {
    let error = try bodyError(
      """
      <entity name="User">
      <attribute name="baseUrl" attributeType="String"/>
      <uniquenessConstraints>
      <uniquenessConstraint>
      <constraint value="baseURL"/>
      </uniquenessConstraint>
      </uniquenessConstraints>
      </entity>
      """)
    XCTAssertEqual(
      error,
      .unknownConstraintAttribute(
        path: badContents, line: 6, entity: "User", name: "baseURL", suggestion: "baseUrl"))
    XCTAssertEqual(
      error?.description,
      "\(badContents):6: entity User: uniqueness constraint names \"baseURL\", which is not an "
        + "attribute of User. Did you mean \"baseUrl\"?")
  }

  /// A model read from Xcode works as a store's model: objects insert with its defaults
  /// and its rules hold at validation.
  func testReadModelValidatesAsCoreDataWould() throws {
    try write(ntfyVersion2, to: "ntfy.xcdatamodel/contents")
    let model = try XcodeModelReader.read(at: path("ntfy.xcdatamodel")).model
    let notification = try XCTUnwrap(model.entity(named: "Notification"))
    XCTAssertEqual(notification.newRow[notification.index(ofAttribute: "priority")!], .int(3))
    let priority = notification.attribute(named: "priority")!
    XCTAssertEqual(Validator.check(.int(6), against: priority)?.0, .numberTooLarge)
    let topic = try XCTUnwrap(model.entity(named: "Subscription")?.attribute(named: "topic"))
    XCTAssertEqual(
      Validator.check(.string("bad topic!"), against: topic)?.0, .stringPatternMatching)
    XCTAssertNil(Validator.check(.string("alerts"), against: topic))
  }
}
