import Foundation
import XCTest

@testable import BowQ

/// Columns filled from unboxed values, in runs joined in order, as a store is read: each
/// must be the column that appending the same values one at a time makes.
final class ColumnBuilderTests: XCTestCase {
  /// Appends `value` to `builder` the way a reader of its form does.
  private func append(_ value: Value, to builder: inout ColumnBuilder) {
    switch value {
    case .null: builder.appendNull()
    case .int(let v) where builder.kind == .integers: builder.append(integer: v)
    case .double(let v) where builder.kind == .reals: builder.append(real: v)
    case .date(let v) where builder.kind == .dates:
      builder.append(real: v.timeIntervalSinceReferenceDate)
    case .bool(let v) where builder.kind == .booleans: builder.append(bool: v)
    case .string(var v) where builder.kind == .strings:
      v.withUTF8 { builder.append(utf8: $0) }
    default: builder.append(value)
    }
  }

  /// The column built from `values` in runs of `runLength`, joined in order.
  private func built(_ values: [Value], _ form: ColumnKind, runLength: Int) -> Column {
    var whole = ColumnBuilder(form, capacity: values.count)
    for start in stride(from: 0, to: values.count, by: runLength) {
      var run = ColumnBuilder(form, capacity: runLength)
      for value in values[start..<min(start + runLength, values.count)] {
        append(value, to: &run)
      }
      whole.append(contentsOf: run)
    }
    return whole.column()
  }

  private func appended(_ values: [Value]) -> Column {
    var column = Column()
    for value in values { column.append(value) }
    return column
  }

  private func assertSameColumn(
    _ values: [Value], _ form: ColumnKind, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let expected = appended(values)
    for runLength in [1, 3, 64, max(1, values.count)] {
      let column = built(values, form, runLength: runLength)
      XCTAssertEqual(column.kind, expected.kind, "runs of \(runLength)", file: file, line: line)
      XCTAssertEqual(column.count, values.count, file: file, line: line)
      XCTAssertEqual(column.nullCount, expected.nullCount, file: file, line: line)
      XCTAssertEqual(
        (0..<column.count).map(column.value(at:)), values, "runs of \(runLength)", file: file,
        line: line)
      XCTAssertTrue(column.holdsSameValues(as: expected), file: file, line: line)
    }
  }

  func testEveryFormReadsBackAsAppendedValuesDo() {
    let date = Date(timeIntervalSinceReferenceDate: 12.5)
    assertSameColumn(
      [.null, .int(3), .null, .int(Int64.min)] + (0..<200).map { .int($0) }, .integers)
    assertSameColumn([.double(1.5), .null, .double(-0.0)], .reals)
    assertSameColumn([.bool(true), .bool(false), .null], .booleans)
    assertSameColumn([.date(date), .null, .null], .dates)
    assertSameColumn([.null, .string("Crème"), .string(""), .null], .strings)
    assertSameColumn([.uuid(UUID()), .null, .data(Data([1, 2]))], .values)
  }

  func testAColumnOfOnlyNilsIsNilsWhateverItsForm() {
    for form in [ColumnKind.nulls, .integers, .reals, .booleans, .dates, .strings, .values] {
      let column = built([.null, .null, .null], form, runLength: 2)
      XCTAssertEqual(column.kind, .nulls, "\(form)")
      XCTAssertEqual(column.count, 3)
      XCTAssertEqual(ColumnBuilder(form).column().count, 0)
    }
  }

  /// A builder of nil rows, which no reader starts from, holds any other value boxed.
  func testABuilderOfNilsBoxesItsFirstValue() {
    var builder = ColumnBuilder(.nulls)
    builder.appendNull()
    builder.append(.int(3))
    let column = builder.column()
    XCTAssertEqual(column.kind, .values)
    XCTAssertEqual([column.value(at: 0), column.value(at: 1)], [.null, .int(3)])
  }

  func testStringsStayADictionaryWhileFewAndTurnPlainPastTheLimitAcrossRuns() {
    let few: [Value] = (0..<1000).map { $0 % 11 == 0 ? .null : .string(["R", "Bé", "B"][$0 % 3]) }
    let dictionary = built(few, .strings, runLength: 100)
    XCTAssertEqual(dictionary.strings.encoding, .dictionary)
    XCTAssertEqual((0..<few.count).map(dictionary.value(at:)), few)
    // Each run alone stays a dictionary; together they pass the limit.
    let many: [Value] = (0..<600).map { .string("tie \($0 / 2) ✓") }
    let plain = built(many, .strings, runLength: 200)
    XCTAssertEqual(plain.strings.encoding, .plain)
    XCTAssertEqual((0..<many.count).map(plain.value(at:)), many)
    // A plain run after dictionary runs, and dictionary runs after a plain one.
    let mixed: [Value] = few.prefix(300) + many + few.prefix(300)
    for runLength in [150, 300, 600] {
      let column = built(mixed, .strings, runLength: runLength)
      XCTAssertEqual((0..<mixed.count).map(column.value(at:)), mixed, "runs of \(runLength)")
    }
  }

  /// A reader that meets one object of a file in many rows appends its string again by the
  /// object alone while the column is a dictionary, and must read the bytes once it is not.
  func testAStringMetAgainByItsObjectIsAppendedWithoutItsBytes() {
    var builder = ColumnBuilder(.strings)
    var expected: [Value] = []
    func append(_ text: String, object: Int) {
      var text = text
      text.withUTF8 { builder.append(utf8: $0, object: object) }
      expected.append(.string(text))
    }
    XCTAssertFalse(builder.appendString(ofObject: 7), "nothing remembered yet")
    append("R", object: 7)
    append("Bé", object: 7 + StringColumn.dictionaryLimit)
    XCTAssertTrue(builder.appendString(ofObject: 7 + StringColumn.dictionaryLimit))
    expected.append(.string("Bé"))
    XCTAssertFalse(builder.appendString(ofObject: 7), "its slot now holds another object")
    append("R", object: 7)
    for _ in 0..<3 { XCTAssertTrue(builder.appendString(ofObject: 7)) }
    expected += Array(repeating: .string("R"), count: 3)
    builder.appendNull()
    expected.append(.null)
    XCTAssertTrue(builder.appendString(ofObject: 7), "a nil row forgets nothing")
    expected.append(.string("R"))
    for i in 0..<StringColumn.dictionaryLimit { append("tie \(i)", object: 1000 + i) }
    XCTAssertTrue(builder.isPlain)
    XCTAssertFalse(builder.appendString(ofObject: 7), "a plain column holds no codes")
    let column = builder.column()
    XCTAssertEqual((0..<expected.count).map(column.value(at:)), expected)
  }

  func testARunStartedPlainAfterAPlainRunJoinsAsAppendedValuesDo() {
    let many: [Value] = (0..<900).map { $0 % 13 == 0 ? .null : .string("tie \($0 % 400)") }
    var first = ColumnBuilder(.strings)
    for value in many[..<450] { append(value, to: &first) }
    XCTAssertTrue(first.isPlain)
    var second = ColumnBuilder(.strings, plain: true)
    for value in many[450...] { append(value, to: &second) }
    var whole = ColumnBuilder(.strings, capacity: many.count)
    whole.append(contentsOf: first)
    whole.append(contentsOf: second)
    let column = whole.column()
    XCTAssertEqual(column.strings.encoding, .plain)
    XCTAssertEqual((0..<many.count).map(column.value(at:)), many)
    XCTAssertTrue(column.holdsSameValues(as: appended(many)))
  }

  /// Room made for a run's bytes, from the bytes a row took in the run before, changes
  /// nothing in what the run holds, whether the room is short, right or too much.
  func testARunWithRoomForItsBytesJoinsAsOneWithout() {
    let many: [Value] = (0..<900).map { $0 % 13 == 0 ? .null : .string("tie \($0 % 400)") }
    var first = ColumnBuilder(.strings)
    for value in many[..<450] { append(value, to: &first) }
    XCTAssertEqual(first.bytesPerRow, (first.column().strings.byteCount * 9 / 8 + 449) / 450)
    let data: [Value] = (0..<300).map { .data(Data(repeating: UInt8($0 % 256), count: $0 % 7)) }
    for bytes in [0, 1, first.bytesPerRow * 450, 1 << 20] {
      var second = ColumnBuilder(.strings, capacity: 450, plain: true, bytes: bytes)
      for value in many[450...] { append(value, to: &second) }
      var whole = ColumnBuilder(.strings, capacity: many.count)
      whole.append(contentsOf: first)
      whole.append(contentsOf: second)
      XCTAssertTrue(whole.column().holdsSameValues(as: appended(many)), "room for \(bytes)")
      var blobs = ColumnBuilder(.data, capacity: data.count, bytes: bytes)
      for value in data { append(value, to: &blobs) }
      XCTAssertTrue(blobs.column().holdsSameValues(as: appended(data)), "room for \(bytes)")
    }
    XCTAssertEqual(ColumnBuilder(.strings).bytesPerRow, 0)
  }

  func testStringsAreToldApartByTheirBytes() {
    // "é" precomposed and decomposed are equal Swift strings, but each reads back as stored.
    let values: [Value] = [.string("\u{E9}"), .string("e\u{301}"), .string("\u{E9}")]
    let column = built(values, .strings, runLength: 2)
    XCTAssertEqual(column.strings.entries.count, 2)
    XCTAssertEqual(
      (0..<3).map { column.strings.string(at: $0).unicodeScalars.count }, [1, 2, 1])
  }

  func testAStoreOfManyRunsOpensAsItWasSaved() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Tie { name: String, key: String, rating: Double?, worn: Int32?, seen: Date?, "
        + "favorite: Bool?, id: UUID? }")
    var graph = interpreter.context.graph
    let count = 20_000
    for i in 0..<count {
      graph.insert(
        [
          .string(i % 5 == 0 ? "Crème Brûlée No. \(i)" : "Tie No. \(i)"),
          .string(["R", "Ö", "B"][i % 3]), i % 7 == 0 ? .null : .double(Double(i % 11) / 2),
          i % 9 == 0 ? .null : .int(Int64(i % 120)),
          i % 8 == 0 ? .null : .date(Date(timeIntervalSinceReferenceDate: Double(i))),
          i % 6 == 0 ? .null : .bool(i % 2 == 0), i % 4 == 0 ? .null : .uuid(UUID()),
        ], into: "Tie")
    }
    let decoded = try StoreCodec.decodeData(try StoreCodec.encodeData(graph))
    XCTAssertEqual(decoded.table("Tie"), graph.table("Tie"))
    let table = decoded.table("Tie")
    XCTAssertEqual(table.column(0).kind, .strings)
    XCTAssertEqual(table.column(1).strings.encoding, .dictionary)
    XCTAssertEqual(table.column(2).kind, .reals)
    XCTAssertEqual(table.row(at: 15_000), graph.table("Tie").row(at: 15_000))
    XCTAssertEqual(table.value(at: 15_000, slot: 0), .string("Crème Brûlée No. 15000"))
  }

  func testDataURIsAndColorsFromAFileAreKeptUnboxed() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Tie { photo: Binary?, url: URI?, tint: Transformable(Color)?, blob: Binary? }")
    var graph = interpreter.context.graph
    let shared = Data((0..<300).map { UInt8($0 % 256) })
    for i in 0..<10_000 {
      graph.insert(
        [
          i % 10 == 0 ? .null : .data(Data([0xFF, 0xFE, UInt8(i % 256), UInt8(i / 256), 0x80])),
          i % 9 == 0 ? .null : .uri(try XCTUnwrap(URI("https://example.com/ties/\(i)"))),
          i % 8 == 0 ? .null : .color(Color(red: UInt8(i % 256), green: 7, blue: 255)),
          .data(shared),
        ], into: "Tie")
    }
    let decoded = try StoreCodec.decodeData(try StoreCodec.encodeData(graph))
    let table = decoded.table("Tie")
    XCTAssertEqual(table, graph.table("Tie"))
    XCTAssertEqual(table.column(0).kind, .data)
    XCTAssertEqual(table.column(1).kind, .uris)
    XCTAssertEqual(table.column(2).kind, .colors)
    // One data object met in every row stays boxed, its bytes shared rather than copied.
    XCTAssertEqual(table.column(3).kind, .values)
    XCTAssertEqual(table.value(at: 1, slot: 0), .data(Data([0xFF, 0xFE, 1, 0, 0x80])))
    XCTAssertEqual(table.value(at: 0, slot: 0), .null)
    XCTAssertEqual(table.value(at: 5, slot: 2), .color(Color(red: 5, green: 7, blue: 255)))
  }

  func testUnboxedDataURIsAndColorsTakeEdits() throws {
    var builder = [
      ColumnBuilder(.data), ColumnBuilder(.uris), ColumnBuilder(.colors),
    ]
    let uri = try XCTUnwrap(URI("https://example.com/a"))
    let rows: [[Value]] = [
      [.data(Data([0xC3])), .uri(uri), .color(Color(red: 1, green: 2, blue: 3))],
      [.null, .null, .null],
    ]
    for row in rows {
      for (slot, value) in row.enumerated() { builder[slot].append(value) }
    }
    var columns = builder.map { $0.column() }
    XCTAssertEqual(columns.map(\.kind), [.data, .uris, .colors])
    let other = try XCTUnwrap(URI("mailto:ann@example.com"))
    let edits: [Value] = [
      .data(Data([1, 2, 3])), .uri(other), .color(Color(red: 9, green: 9, blue: 9)),
    ]
    for (slot, value) in edits.enumerated() {
      columns[slot].set(value, at: 1)
      columns[slot].set(.null, at: 0)
      columns[slot].append(value)
      XCTAssertEqual(
        (0..<3).map(columns[slot].value(at:)), [.null, value, value], "slot \(slot)")
      XCTAssertEqual(columns[slot].selecting([2, 0]).value(at: 0), value)
      XCTAssertTrue(columns[slot].holdsSameValue(at: 1, as: columns[slot], at: 2))
      XCTAssertFalse(columns[slot].holdsSameValue(at: 0, as: columns[slot], at: 2))
      // A value of another type turns the column into boxed values, as it does any column.
      columns[slot].append(.int(1))
      XCTAssertEqual(columns[slot].kind, .values)
      XCTAssertEqual(columns[slot].value(at: 1), value)
    }
  }

  func testAppendedURIsAndColorsAreUnboxedAndDataStaysShared() throws {
    let uri = try XCTUnwrap(URI("https://example.com/a"))
    assertSameColumn([.null, .uri(uri), .uri(uri)], .uris)
    assertSameColumn([.color(Color(red: 1, green: 2, blue: 3)), .null], .colors)
    XCTAssertEqual(appended([.null, .uri(uri)]).kind, .uris)
    XCTAssertEqual(appended([.color(Color(red: 0, green: 0, blue: 0))]).kind, .colors)
    XCTAssertEqual(appended([.data(Data([1])), .null]).kind, .values)
  }

  func testLargeDataIsKeptBoxedSoThatRowsShareIt() throws {
    let small = Data(repeating: 1, count: Column.largestUnboxedData)
    let large = Data(repeating: 2, count: Column.largestUnboxedData + 1)
    var builder = ColumnBuilder(.data)
    builder.append(.data(small))
    XCTAssertEqual(builder.column().kind, .data)
    builder.append(.data(large))
    var column = builder.column()
    XCTAssertEqual(column.kind, .values)
    XCTAssertEqual((0..<2).map(column.value(at:)), [.data(small), .data(large)])
    var typed = ColumnBuilder(.data)
    typed.append(.data(small))
    column = typed.column()
    column.set(.data(large), at: 0)
    XCTAssertEqual(column.kind, .values)
    XCTAssertEqual(column.value(at: 0), .data(large))
  }

  func testAValueWrongInALateRunNamesItsRow() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity Tie { name: String, worn: Int16 default 0 }")
    var graph = interpreter.context.graph
    for i in 0..<12_000 { graph.insert([.string("Tie \(i)"), .int(Int64(i % 100))], into: "Tie") }
    guard case .dictionary(var root) = try StoreCodec.encode(graph),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"],
      case .array(var worn) = columns["worn"]
    else { return XCTFail("unexpected store layout") }
    worn[9_001] = .string("many")
    worn[11_000] = .integer(40_000)
    columns["worn"] = .array(worn)
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    let data = try BinaryPropertyListWriter.encode(.dictionary(root))
    XCTAssertThrowsError(try StoreCodec.decodeData(data)) { error in
      XCTAssertEqual(
        error as? StoreError,
        StoreError.invalidObjects(
          entity: "Tie", attribute: "worn", row: 9_001,
          message: "expected an integer, found a string"))
    }
  }
}
