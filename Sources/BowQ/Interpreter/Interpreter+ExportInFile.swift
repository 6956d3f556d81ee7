extension Interpreter {
  /// `export Entity [where P] to "file"` as csv or JSON Lines, written from the store file in
  /// a session that runs no statement after it (``expectsMoreStatements``): the entity's
  /// columns are read a run of rows at a time, each run filtered as
  /// ``countInStoreFile(_:)`` filters it, its objects made into text on the thread that read
  /// it and the text written in row order, so that no column is ever held whole; Ctrl-C
  /// stops it between runs, and the progress shown is that of reading the rows. The file is
  /// written whole or not at all, as any export's.
  ///
  /// Nil, with the file left as it was, when the export is to run as any other does, over
  /// decoded columns: when statements may follow, when the format is one whose objects are
  /// not written each alone (JSON, XML and binary property lists), when the entity has
  /// relationships (whose objects are named by keys) or sub-entities, when `P` is not one the
  /// count would read in the file, and when a run fails in any way but Ctrl-C: then the
  /// export over decoded columns reports the damage as it always does.
  func exportInStoreFile(_ run: StatementRun) throws -> StatementResult? {
    guard !expectsMoreStatements, case .export(let export) = run.bound,
      [.csv, .jsonl].contains(export.format), export.entity.relationships.isEmpty
    else { return nil }
    let entity = export.entity
    let slotsRead = Set(entity.attributes.indices)
    let records = ObjectExport.RecordText(entity: entity, format: export.format)
    do {
      return .report(
        try writeExport(export, range: run.range) { file in
          let written = WrittenInOrder(ByteOutput(writingTo: file))
          ObjectExport.opening(of: entity, as: export.format).withUnsafeBytes {
            written.output?.append($0)
          }
          guard
            let count = try readInStoreFile(
              export.predicate, of: entity, reading: slotsRead, into: 0,
              make: { _, selected, run in
                var records = records
                var text: [UInt8] = []
                for position in selected.members {
                  try records.append(
                    entity.attributes.indices.map { run.column($0).value(at: position) },
                    at: position, to: &text)
                }
                return (text: text, objects: selected.count)
              },
              append: { count, made in
                made.text.withUnsafeBytes { written.output?.append($0) }
                written.output?.flushIfFull()
                count += made.objects
              }),
            let output = written.output.take()
          else { throw DeclinedInStoreFile() }
          try output.finishWriting()
          return count
        })
    } catch is DeclinedInStoreFile {
      return nil
    }
  }
}

/// The file an export writes from the store file, reached from the closure that joins the
/// text of its runs in row order (the runs are read on several threads, joined one at a
/// time).
private final class WrittenInOrder {
  var output: ByteOutput?

  init(_ output: consuming ByteOutput) {
    self.output = consume output
  }
}
