import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of an Xcode data model's `contents` XML: its name, XML attributes, child
/// elements and the line it starts on. Text content is not kept; the format has none.
struct XcodeModelElement: Hashable, Sendable {
  var name: String
  var attributes: [String: String]
  var children: [XcodeModelElement] = []
  /// The line where the parser read the element's start tag (Xcode writes each on one
  /// line), for messages.
  var line: Int

  subscript(attribute: String) -> String? { attributes[attribute] }

  /// Whether a Boolean XML attribute is set; the format writes `YES` for true.
  func flag(_ attribute: String) -> Bool {
    attributes[attribute]?.uppercased() == "YES"
  }

  /// The children with the given element name, in document order.
  func children(named name: String) -> [XcodeModelElement] {
    children.filter { $0.name == name }
  }

  /// The element for messages: `<attribute name="rating">`, or `<attribute>` when unnamed.
  var tag: String {
    attributes["name"].map { "<\(name) name=\(Value.quoted($0))>" } ?? "<\(name)>"
  }

  /// How deeply elements may nest. The format nests at most five levels; the limit stops
  /// hostile files before the tree grows deep enough to exhaust the stack.
  static let maximumDepth = 64

  /// The root element of `data`, parsed with Foundation's `XMLParser`.
  ///
  /// - Throws: ``XcodeModelError/malformedXML(path:line:column:message:)`` at the first
  ///   error the parser reports (it may recover from some and go on; bowq does not), when
  ///   elements nest deeper than ``maximumDepth``, or when there is no element at all.
  static func parse(_ data: Data, path: String) throws(XcodeModelError) -> XcodeModelElement {
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    let builder = TreeBuilder()
    parser.delegate = builder
    let finished = parser.parse()
    if let failure = builder.failure {
      throw .malformedXML(
        path: path, line: failure.line, column: failure.column, message: failure.message)
    }
    guard finished, let root = builder.root else {
      let code = parser.parserError.map { ($0 as NSError).code } ?? XMLErrorCode.documentEmpty
      throw .malformedXML(
        path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
        message: XMLErrorCode.message(for: code))
    }
    return root
  }

  /// Collects elements into a tree as the parser reports them, and keeps the first error.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XcodeModelElement?
    var failure: (line: Int, column: Int, message: String)?
    private var open: [XcodeModelElement] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      guard failure == nil else { return }
      guard open.count < XcodeModelElement.maximumDepth else {
        failure = (
          parser.lineNumber, max(parser.columnNumber, 1),
          "elements nest deeper than \(XcodeModelElement.maximumDepth) levels "
            + "(a data model nests only a few)"
        )
        parser.abortParsing()
        return
      }
      open.append(
        XcodeModelElement(name: elementName, attributes: attributes, line: parser.lineNumber))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      guard failure == nil, let element = open.popLast() else { return }
      if open.isEmpty {
        root = element
      } else {
        open[open.count - 1].children.append(element)
      }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      guard failure == nil else { return }
      failure = (
        max(parser.lineNumber, 1), max(parser.columnNumber, 1),
        XMLErrorCode.message(for: (parseError as NSError).code)
      )
      parser.abortParsing()
    }
  }
}

/// Messages for the error codes `XMLParser` reports (libxml2's `xmlParserErrors`), which
/// come without a description on Linux.
private enum XMLErrorCode {
  static let documentEmpty = 4

  static func message(for code: Int) -> String {
    messages[code] ?? "the XML parser stopped (libxml2 error \(code))"
  }

  private static let messages: [Int: String] = [
    1: "the XML parser gave up (elements nested too deeply?)",
    4: "the file is empty or does not start with an element",
    5: "extra content after the end of the root element",
    9: "a character that XML does not allow",
    23: "an entity reference (&name;) lacks its semicolon",
    26: "an undeclared entity (&name;); escape & as &amp;",
    29: "an external entity, which is never loaded",
    32: "the encoding is not supported",
    38: "a < inside an attribute value; escape it as &lt;",
    39: "an attribute value does not start with a quote",
    40: "an attribute value is not closed with a quote",
    41: "an attribute has no value",
    42: "an attribute appears twice in one element",
    45: "a comment is not closed with -->",
    65: "a space is required here",
    68: "an element or attribute name is expected",
    73: "> is expected to close the tag",
    74: "</ is expected",
    75: "= is expected after an attribute name",
    76: "a closing tag does not match the element it closes",
    77: "the file ends inside an element that is never closed",
    85: "the tags are not balanced",
    86: "extra content after the end of the root element",
    89: "entities refer to each other in a loop, or expand too much",
  ]
}
