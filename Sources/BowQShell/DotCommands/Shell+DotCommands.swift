import BowQ
import Foundation

/// The actions of the dot-commands of ``DotCommand/all``.
extension Shell {
  /// `.help`: the statements and the dot-commands; `.help TOPIC`, the statement or
  /// dot-command named (`fetch`, `.mode` or `mode`).
  func showHelp(_ line: DotCommand.Line) -> DotCommand.Outcome {
    guard line.words.count > 1 else {
      output.write(Shell.helpText)
      return .done
    }
    let topic = line.words[1]
    if let keyword = StatementKeyword(word: topic) {
      output.write("  \(keyword.synopsis)\n      \(keyword.summary)\n")
      return .done
    }
    if let command = DotCommand.named(topic.hasPrefix(".") ? topic : "." + topic) {
      output.write(command.helpLines)
      return .done
    }
    dotCommandError(
      "no help on \(ValueText.visible(topic))."
        + NameSuggestion.hint(
          for: topic, among: StatementKeyword.allCases.map(\.word) + DotCommand.all.map(\.name))
        + " .help lists every statement and command.")
    return .failed
  }

  /// `.mode FORMAT`: the format of later results, named in any case; `.mode` alone says
  /// which is in use.
  func setMode(_ line: DotCommand.Line) -> DotCommand.Outcome {
    if line.words.count == 1 {
      output.write("\(settings.format.rawValue)\n")
      return .done
    }
    guard line.words.count == 2, let format = OutputFormat(rawValue: line.words[1].lowercased())
    else {
      dotCommandError(
        ".mode takes one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
      return .failed
    }
    settings.format = format
    return .done
  }

  /// `.output FILE` and `.once FILE`: later results (or only the next statement's) go to
  /// FILE, replaced; `.output` alone goes back to the screen. Errors stay on the screen. The
  /// file must be a regular file or a new one, as for `export`, and none of the open store's
  /// files (``Interpreter/reservedFiles``): those are refused before anything is opened.
  func redirectOutput(_ line: DotCommand.Line, once: Bool) -> DotCommand.Outcome {
    let path = Self.fileArgument(of: line)
    guard !path.isEmpty else {
      if once {
        dotCommandError(".once takes a file: .once result.csv")
        return .failed
      }
      settings.writeToStandardOutput()
      return .done
    }
    let descriptor: Int32
    do {
      try interpreter.reservedFiles.check(path)
      let resolved = try ResolvedPath(path)
      descriptor = open(
        resolved.realPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        dotCommandError(
          "cannot write \(ValueText.visible(path)): \(String(cString: strerror(errno)))")
        return .failed
      }
    } catch {
      dotCommandError("cannot write \(ValueText.visible(path)): \(error.reason)")
      return .failed
    }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    let errors = settings.standardOutput.error
    let redirected = ShellOutput(
      write: { text in
        do {
          try file.write(contentsOf: Data(text.utf8))
        } catch {
          errors("error: cannot write \(path): \(error.localizedDescription)\n")
        }
      }, error: errors)
    settings.redirect(to: redirected, once: once)
    return .done
  }

  /// The file a dot-command names: the rest of its line, without surrounding quotes; unquoted,
  /// a leading `~` or `~/` is the home folder, as a shell reads it.
  static func fileArgument(of line: DotCommand.Line, home: String = Paths().homeDirectory)
    -> String
  {
    let rest =
      line.text.split(separator: " ", maxSplits: 1).dropFirst().first
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    if rest.count >= 2, rest.first == "\"", rest.last == "\"" {
      return String(rest.dropFirst().dropLast())
    }
    return rest == "~" || rest.hasPrefix("~/") ? home + rest.dropFirst() : rest
  }

  /// `.headers on|off`: whether table, box and csv results start with the names.
  func setHeaders(_ line: DotCommand.Line) -> DotCommand.Outcome {
    guard let on = onOrOff(line) else { return .failed }
    settings.showsHeaders = on
    return .done
  }

  /// `.pager on|off`: whether results taller than the terminal go through the pager.
  func setPager(_ line: DotCommand.Line) -> DotCommand.Outcome {
    guard let on = onOrOff(line) else { return .failed }
    settings.usesPager = on
    return .done
  }

  /// `.timer on|off`: whether each statement is followed by the time it took.
  func setTimer(_ line: DotCommand.Line) -> DotCommand.Outcome {
    guard let on = onOrOff(line) else { return .failed }
    settings.showsTimes = on
    return .done
  }

  /// The `on` or `off` of a switch's dot-command; nil, with an error said, for anything else.
  private func onOrOff(_ line: DotCommand.Line) -> Bool? {
    switch line.words.count == 2 ? line.words[1].lowercased() : "" {
    case "on": return true
    case "off": return false
    default:
      dotCommandError(
        "\(line.words[0]) takes on or off")
      return nil
    }
  }

  /// `.tables`: each entity with how many objects it has of its own, and how many more its
  /// sub-entities have, which `count` includes as Core Data does
  /// (`Book  2 objects (+1 GraphicNovel)`).
  /// `.reload`: the store read again from its file.
  func reloadStore() -> DotCommand.Outcome {
    do {
      let objects = try interpreter.reload()
      output.write("Read the store again: \(Interpreter.count(objects, "object")).\n")
      return .done
    } catch {
      dotCommandError("\(error)")
      return .failed
    }
  }

  func listEntities() -> DotCommand.Outcome {
    if let change = interpreter.coreDataStoreChange {
      dotCommandError(change)
      return .failed
    }
    let graph = interpreter.context.graph
    if graph.model.entities.isEmpty { output.write("(no entities)\n") }
    let width = graph.model.entities.map(\.name.count).max() ?? 0
    var counts: [String: Int] = [:]
    for entity in graph.model.entities {
      counts[entity.name] = interpreter.objectCount(of: entity.name)
    }
    for entity in graph.model.entities {
      let count = counts[entity.name] ?? 0
      let subentities = graph.model.hierarchy(of: entity.name).dropFirst().compactMap {
        sub -> String? in
        guard let n = counts[sub.name], n > 0 else { return nil }
        return "+\(n) \(sub.name)"
      }
      output.write(
        entity.name + String(repeating: " ", count: width - entity.name.count + 2)
          + "\(count) object\(count == 1 ? "" : "s")"
          + (subentities.isEmpty ? "" : " (\(subentities.joined(separator: ", ")))") + "\n")
    }
    if let note = interpreter.coreDataRecoveryNote { output.write("note: \(note)\n") }
    return .done
  }

  /// `.schema [Entity]`: every entity of the model, or the one named (in any case, with what
  /// it inherits named in a comment), as the statements that define them, or as JSON in a
  /// JSON format; with `--diagram` or `--format`, the model drawn.
  func showSchema(_ line: DotCommand.Line) -> DotCommand.Outcome {
    if line.words.contains("--diagram") || line.words.contains("--format") {
      return showDiagram(line)
    }
    let model = interpreter.context.graph.model
    func write(_ entities: [Entity], alone: Bool = false) {
      if settings.format.isJSON {
        output.write(JSONValue.array(entities.map(EntitySchemaFormatter.json)).serialized() + "\n")
        return
      }
      if entities.isEmpty { output.write("(no entities)\n") }
      for entity in entities {
        output.write(
          EntitySchemaFormatter.format(entity, in: model, namingInherited: alone) + "\n")
      }
    }
    guard line.words.count > 1 else {
      write(EntitySchemaFormatter.definitionOrder(of: model))
      return .done
    }
    let name = line.words[1]
    guard
      let entity = model.entity(named: name)
        ?? model.entities.first(where: { $0.name.lowercased() == name.lowercased() })
    else {
      dotCommandError(
        "no entity \(name)."
          + NameSuggestion.hint(for: name, among: model.entities.map(\.name)))
      return .failed
    }
    write([entity], alone: true)
    return .done
  }

  /// `.read FILE`: runs a script's statements in this session, as a script runs them: its
  /// errors name the file and line, and it stops at the first unless the shell keeps going.
  /// The script is read as it runs, and must be a regular file; a script already running, or
  /// one past ``ReadChain/depthLimit`` deep, is refused and stops the chain (``ReadChain``).
  func readScript(_ line: DotCommand.Line) -> DotCommand.Outcome {
    let unquoted = Self.fileArgument(of: line)
    guard !unquoted.isEmpty else {
      dotCommandError(
        ".read takes a file: .read lesson.bowq")
      return .failed
    }
    var reader: StreamLineReader
    do {
      reader = try StreamLineReader(contentsOfFile: unquoted)
    } catch {
      dotCommandError(
        "cannot read \(unquoted): \(error.reason)")
      return .failed
    }
    let script = ReadChain.Script(name: unquoted, file: reader.source)
    if let refusal = readChain.refusal(toRead: script) {
      dotCommandError(".read \(unquoted): \(refusal)")
      return .failed
    }
    readChain.enter(script)
    defer { readChain.leave() }
    return run(reader: &reader, interactive: false, name: unquoted) ? .done : .failed
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
        dotCommandError(ValueText.visible(".param set \(name) \(text): \(error.message)"))
        return .failed
      }
    case "unset" where words.count == 3 && isName:
      guard interpreter.variables.removeValue(forKey: name) != nil else {
        dotCommandError(
          "no parameter $\(name) is set."
            + NameSuggestion.hint(for: name, among: interpreter.variables.keys))
        return .failed
      }
    default:
      dotCommandError(
        ".param takes: set NAME VALUE, unset NAME, or list "
          + "(VALUE is a literal such as 3, \"text\", YES, nil or {1, 2})")
      return .failed
    }
    return .done
  }

  /// Says what went wrong with a dot-command, at its place in a script or pipe
  /// (`<stdin>:3: error: …`; at the prompt, just `error: …`).
  func dotCommandError(_ message: String) {
    output.error("\(dotCommandLocation)error: \(message)\n")
  }
}
