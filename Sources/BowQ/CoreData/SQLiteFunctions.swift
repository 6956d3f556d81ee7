import CSQLite
import Foundation

/// The functions bowq registers on its SQLite connections, as Core Data registers its own on
/// its stores: `bowq_compare(operator, options, value, constant)` decides a comparison with
/// the engine's own code (``ComparisonTests``: the `[c]`, `[d]` and `[cd]` folding, CONTAINS,
/// BEGINSWITH, ENDSWITH, LIKE, MATCHES, string IN), so a string test run in SQLite means what
/// it means in memory; the collation `BOWQ` orders text as bowq sorts strings (by UTF-16 code
/// unit, where SQLite's BINARY orders UTF-8 bytes). (Every connection stops on Ctrl-C
/// through the progress handler ``SQLiteConnection`` installs when it opens.)
enum SQLiteFunctions {
  /// The name of the comparison function.
  static let compare = "bowq_compare"
  /// The name of the function that fails with its argument as the message: a statement
  /// reaching it meets a row whose full read would fail or mean something SQL cannot say, and
  /// runs in memory instead.
  static let refuse = "bowq_refuse"
  /// The name of the collation.
  static let collation = "BOWQ"

  /// SQLite's `SQLITE_TRANSIENT`: SQLite copies the bytes it is given.
  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// The code `bowq_compare` takes for an operator.
  static func code(of op: ComparisonOperator) -> Int64 {
    Int64(ComparisonOperator.allCases.firstIndex(of: op) ?? 0)
  }

  /// Registers the functions and the collation on `handle`; false when SQLite refuses one.
  static func register(on handle: OpaquePointer) -> Bool {
    let function = sqlite3_create_function_v2(
      handle, compare, 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, compareValues, nil, nil, nil)
    // Not deterministic, so that SQLite never runs it ahead of the CASE that guards it.
    let refusal = sqlite3_create_function_v2(
      handle, refuse, 1, SQLITE_UTF8, nil, refuseRow, nil, nil, nil)
    let order = sqlite3_create_collation_v2(
      handle, collation, SQLITE_UTF8, nil, compareText, nil)
    return function == SQLITE_OK && refusal == SQLITE_OK && order == SQLITE_OK
  }

  /// A prepared comparison, kept by SQLite with the constant it was prepared for.
  private final class PreparedTest {
    let test: ComparisonTest

    init(_ test: @escaping ComparisonTest) {
      self.test = test
    }
  }

  /// `bowq_compare(operator, options, value, constant)`: 1 when the engine's comparison of
  /// `value` against `constant` holds, else 0; an error when it fails (a pattern that does
  /// not compile or runs out of steps).
  private static let compareValues:
    @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
      context, count, arguments in
      guard let context, let arguments, count == 4 else { return }
      let prepared: PreparedTest
      if let kept = sqlite3_get_auxdata(context, 3) {
        prepared = Unmanaged<PreparedTest>.fromOpaque(kept).takeUnretainedValue()
      } else {
        let code = Int(sqlite3_value_int64(arguments[0]))
        let operators = ComparisonOperator.allCases
        guard operators.indices.contains(code) else {
          sqlite3_result_error(context, "bowq_compare: no operator \(code)", -1)
          return
        }
        let options = StringOptions(
          rawValue: UInt8(truncatingIfNeeded: sqlite3_value_int64(arguments[1])))
        prepared = PreparedTest(
          ComparisonTests.prepare(
            operators[code], options: options, rhs: value(arguments[3]), range: .nowhere))
        sqlite3_set_auxdata(
          context, 3, Unmanaged.passRetained(prepared).toOpaque(),
          { pointer in
            guard let pointer else { return }
            Unmanaged<PreparedTest>.fromOpaque(pointer).release()
          })
      }
      do throws(EvaluationError) {
        sqlite3_result_int(context, try prepared.test(value(arguments[2])) ? 1 : 0)
      } catch {
        sqlite3_result_error(context, error.message, -1)
      }
    }

  /// `bowq_refuse(message)`: fails with `message`.
  private static let refuseRow:
    @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
      context, _, arguments in
      let message = arguments.flatMap { sqlite3_value_text($0[0]) }.map { String(cString: $0) }
      sqlite3_result_error(context, message ?? SQLiteFunctions.refuse, -1)
    }

  /// An argument of a function as the engine's value: text a string, numbers numbers, a blob
  /// data, NULL nil.
  private static func value(_ argument: OpaquePointer?) -> Value {
    switch sqlite3_value_type(argument) {
    case SQLITE_INTEGER: return .int(sqlite3_value_int64(argument))
    case SQLITE_FLOAT: return .double(sqlite3_value_double(argument))
    case SQLITE_TEXT:
      return .string(sqlite3_value_text(argument).map { String(cString: $0) } ?? "")
    case SQLITE_BLOB:
      let count = Int(sqlite3_value_bytes(argument))
      guard let bytes = sqlite3_value_blob(argument), count > 0 else { return .data(Data()) }
      return .data(Data(bytes: bytes, count: count))
    default: return .null
    }
  }

  /// The collation `BOWQ`: two UTF-8 texts in bowq's string order (``ValueComparison/compareUTF16(_:_:)``).
  private static let compareText:
    @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?)
      -> Int32 = { _, leftCount, left, rightCount, right in
        func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
          guard let bytes, count > 0 else { return "" }
          let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(count))
          return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch ValueComparison.compareUTF16(text(left, leftCount), text(right, rightCount)) {
        case .orderedAscending: return -1
        case .orderedDescending: return 1
        case .orderedSame: return 0
        }
      }
}
