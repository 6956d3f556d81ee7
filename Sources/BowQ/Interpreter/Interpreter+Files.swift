import Foundation

extension Interpreter {
  /// A path of an `import` or `export`, relative to the script's folder.
  func resolve(_ path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))
  }

  /// The files of `store` that no output may be (``ReservedFiles``).
  static func reservedFiles(of store: StoreDestination) -> ReservedFiles {
    switch store {
    case .file(let handle): return .ofStore(at: handle.path)
    case .coreData(let path, _): return .ofCoreDataStore(at: path)
    case .memory: return ReservedFiles()
    }
  }

  func importPlist(_ path: String, into entity: Entity, range: SourceRange) throws
    -> StatementResult.Report
  {
    let contents: FileContents
    do {
      // Mapped when large, and let go of as it is read (see `PlistImport`).
      contents = try FileContents(reading: resolve(path).path, mappingLargeFiles: true)
    } catch {
      throw EvaluationError("cannot read \(Value.quoted(path)): \(error.reason)", at: range)
    }
    var imported: EntityTable
    do {
      switch ExportFormat(extension: URL(fileURLWithPath: path).pathExtension) {
      case .jsonl:
        imported = try TextRecords.table(
          jsonLines: contents.data, into: entity,
          releaseInput: contents.mapping?.releaseResidentPages)
      case .csv:
        imported = try TextRecords.table(
          csv: contents.data, into: entity, releaseInput: contents.mapping?.releaseResidentPages)
      default:
        imported = try PlistImport.table(
          reading: contents.data, into: entity,
          releaseInput: contents.mapping?.releaseResidentPages)
      }
    } catch let interrupted as Interrupted {
      throw interrupted
    } catch let problems as PlistImportError {
      throw problems
    } catch {
      throw EvaluationError("\(path) is not a readable property list: \(error)", at: range)
    }
    let count = imported.count
    // Emptied as its columns join the entity's, so that both are not held in full at once.
    try edit { context in _ = try context.insert(emptying: &imported, into: entity.name) }
    return .imported(entity: entity.name, count: count, path: path)
  }

  /// `import model "…xcdatamodeld"`: defines every entity of an Xcode model.
  func importModel(_ path: String, range: SourceRange) throws -> StatementResult.Report {
    let imported: XcodeModel
    do {
      imported = try XcodeModelReader.read(at: resolve(path).path)
    } catch {
      throw EvaluationError("\(error)", at: range)
    }
    do {
      try edit { context throws in
        for entity in imported.model.entities { try context.define(entity) }
        for entity in imported.model.entities {
          if let mismatch = context.graph.model.inverseMismatch(involving: entity.name) {
            throw EvaluationError(mismatch.message, at: range)
          }
        }
      }
    } catch let error as MigrationError {
      throw EvaluationError(error.message, at: range)
    }
    return .modelImported(
      entities: imported.model.entities.map(\.name), version: imported.version,
      notes: imported.notes)
  }

  /// `export Entity [where P] to "file"`: the objects as an array of dictionaries, in JSON
  /// or a property list.
  func export(_ export: BoundExport, _ compiler: PredicateCompiler, range: SourceRange) throws
    -> StatementResult.Report
  {
    let ids = try matching(export.entity, export.predicate, compiler)
    return try writeExport(export, range: range) { file in
      let graph = context.graph
      // Each object is read as it is written: the file is never held whole, nor its objects.
      let rows = ids.lazy.compactMap { id -> [Value]? in
        guard let member = graph.model.entity(named: id.entity),
          let row = graph.table(id.entity).row(for: id.key)
        else { return nil }
        return HierarchyScan.row(row, of: member, as: export.entity)
      }
      Interrupt.begin("exporting \(export.entity.name)", steps: ids.count)
      return try ObjectExport.write(rows, of: export.entity, as: export.format, to: file)
    }
  }

  /// The file of `export` written by `write`, given the new version of the file to write
  /// (``AtomicFile/replaceContents(of:writing:)``), which returns how many objects it wrote:
  /// what every export reports, and the errors of the file named as an export names them.
  /// A path that is one of the store's files is refused first. When `write` throws, the file
  /// is left as it was.
  func writeExport(
    _ export: BoundExport, range: SourceRange, _ write: (_ file: Int32) throws -> Int
  ) throws -> StatementResult.Report {
    let path = resolve(export.path).path
    let cannotWrite = { (reason: String) in
      EvaluationError("cannot write \(Value.quoted(export.path)): \(reason)", at: range)
    }
    do {
      try reservedFiles.check(path)
    } catch {
      throw cannotWrite(error.reason)
    }
    var count = 0
    do {
      try AtomicFile.replaceContents(of: path) { file in count = try write(file) }
    } catch let error as FileError {
      throw cannotWrite(error.reason)
    } catch let error as ByteOutput.WriteFailure {
      throw cannotWrite(error.reason)
    } catch let interrupted as Interrupted {
      throw interrupted
    } catch let declined as DeclinedInStoreFile {
      throw declined
    } catch {
      throw EvaluationError("cannot export \(export.entity.name): \(error)", at: range)
    }
    return .exported(entity: export.entity.name, count: count, path: export.path)
  }
}
