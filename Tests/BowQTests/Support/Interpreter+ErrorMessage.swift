@testable import BowQ

extension Interpreter {
  /// What running `statement` reports: a language error's message, any other error as it
  /// describes itself, or "no error".
  func errorMessage(running statement: String) -> String {
    do {
      _ = try run(statement)
      return "no error"
    } catch let error as LanguageError {
      return error.message
    } catch {
      return "\(error)"
    }
  }
}
