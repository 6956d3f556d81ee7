import BowQ
import Foundation

/// The actions of the dot-commands of ``DotCommand/all``.
extension Shell {
  /// `.help`: the statements and the dot-commands.
  func showHelp() -> DotCommand.Outcome {
    output.write(Shell.helpText)
    return .done
  }

  /// `.mode FORMAT`: the format of later results.
  func setMode(_ line: DotCommand.Line) -> DotCommand.Outcome {
    guard line.words.count == 2, let format = OutputFormat(rawValue: line.words[1]) else {
      output.error(
        "error: .mode takes one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))\n"
      )
      return .failed
    }
    self.format = format
    return .done
  }

  /// `.schema [Entity]`: every entity of the model, or the one named.
  func showSchema(_ line: DotCommand.Line) -> DotCommand.Outcome {
    let model = interpreter.context.graph.model
    if model.entities.isEmpty { output.write("(no entities)\n") }
    for entity in model.entities where line.words.count < 2 || line.words[1] == entity.name {
      output.write(EntitySchemaFormatter.format(entity) + "\n")
    }
    return .done
  }

  /// `.param set NAME VALUE`, `.param unset NAME` and `.param list` (the default): the
  /// values of `$NAME` variables.
  func manageParameters(_ line: DotCommand.Line) -> DotCommand.Outcome {
    let words = line.words
    let action = words.count > 1 ? words[1] : "list"
    let name = words.count > 2 ? String(words[2].drop(while: { $0 == "$" })) : ""
    let isName = !name.isEmpty && name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    switch action {
    case "list" where words.count <= 2:
      let variables = interpreter.variables
      if variables.isEmpty { output.write("(no parameters)\n") }
      for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
        output.write(ValueText.visible("$\(name) = \(value.literalText)") + "\n")
      }
    case "set" where words.count > 3 && isName:
      var rest = line.text[...]
      for _ in 0..<3 { rest = rest.drop(while: { $0 == " " }).drop(while: { $0 != " " }) }
      let text = rest.trimmingCharacters(in: .whitespaces)
      do {
        interpreter.variables[name] = try Value(
          constantExpression: text, variables: interpreter.variables)
      } catch {
        output.error(
          ValueText.visible("error: .param set \(name) \(text): \(error.message)") + "\n")
        return .failed
      }
    case "unset" where words.count == 3 && isName:
      guard interpreter.variables.removeValue(forKey: name) != nil else {
        output.error(
          "error: no parameter $\(name) is set."
            + NameSuggestion.hint(for: name, among: interpreter.variables.keys) + "\n")
        return .failed
      }
    default:
      output.error(
        "error: .param takes: set NAME VALUE, unset NAME, or list "
          + "(VALUE is a literal such as 3, \"text\", YES, nil or {1, 2})\n")
      return .failed
    }
    return .done
  }
}
