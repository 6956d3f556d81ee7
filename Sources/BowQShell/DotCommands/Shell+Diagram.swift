import BowQ

extension Shell {
  /// `.schema --diagram [--format text|mermaid|dot]`: the model drawn (``ModelDiagram``).
  func showDiagram(_ line: DotCommand.Line) -> DotCommand.Outcome {
    var format = ModelDiagram.Format.text
    var words = line.words.dropFirst().filter { $0 != "--diagram" }[...]
    while let word = words.popFirst() {
      let name = word == "--format" ? words.popFirst() : nil
      guard let named = name.flatMap({ ModelDiagram.Format(rawValue: $0.lowercased()) }) else {
        dotCommandError(
          ".schema --diagram takes --format "
            + ModelDiagram.Format.allCases.map(\.rawValue).joined(separator: "|")
            + ", not \(ValueText.visible(name ?? word))")
        return .failed
      }
      format = named
    }
    output.write(ModelDiagram.render(interpreter.context.graph.model, as: format))
    return .done
  }
}
