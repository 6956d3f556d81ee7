import Foundation

/// The tutorial's scratch interpreters: the one a lesson runs on, and the copies on which
/// the tutorial runs a step's answer and its probes without touching the learner's data.
extension Interpreter {
  /// A new interpreter on an in-memory copy of this one's context (the data, its pending
  /// changes and undo history), with its clock, interrupt, variables and selection. Nothing it runs
  /// changes this interpreter.
  func scratchCopy() -> Interpreter {
    let copy = Interpreter(
      context: context, store: .memory, baseDirectory: baseDirectory, clock: clock,
      stopwatch: stopwatch, interrupt: interrupt)
    copy.variables = variables
    copy.reservedFiles = reservedFiles
    copy.selection = selection
    copy.lastFetchReturnedValues = lastFetchReturnedValues
    copy.lastFetch = lastFetch
    return copy
  }

  /// Starts afresh on `context`: no selection and no last fetch.
  func restart(with context: Context) {
    self.context = context
    selection = nil
    lastFetchReturnedValues = false
    lastFetch = nil
  }
}
