import BowQ

/// How a table is fitted to the width of the terminal it is shown at, so that a result
/// becomes records only when it truly cannot be a table.
///
/// Cells are shortened in this order, each step taken only while the first page (a
/// screenful of rows) is still wider than the terminal:
///
/// 1. UUIDs show their first 8 digits: `6E8B2A14…`;
/// 2. binary data its size alone: `<108 B>`;
/// 3. colours their hex: `#FF0000`;
/// 4. URLs drop their scheme: `en.wikipedia.org/wiki/Bow_tie#Red`;
/// 5. then the widest column of text — strings, URLs, dates, lists of objects — loses a
///    column at a time, its cells cut with an ellipsis (`Orange B…`; a URL keeps its end,
///    `en.wik…tie#Orange`), down to its header's width or ``narrowest`` columns (a date
///    keeps its day, `2024-03-01…`).
///
/// Numbers, Booleans and the names of objects are never shortened. A table that does not
/// fit after that is shown as records. Only a table at a terminal is fitted: a pipe, a
/// file, JSON, csv and the other formats always get every value whole.
struct TableFitting: Hashable {
  /// A compact form of one kind of value, steps 1 to 4 above, in their order.
  enum Compaction: CaseIterable, Hashable {
    case uuid, data, color, uri
  }

  /// The compact forms in use.
  private(set) var compactions: Set<Compaction> = []
  /// The most columns each column's cells may take; nil leaves them as they are.
  private(set) var limits: [Int?]

  /// The fewest columns step 5 cuts a column of text to.
  static let narrowest = 8

  /// The fewest columns step 5 cuts a column of dates to: the day and an ellipsis.
  static let narrowestDate = 11

  /// A fitting of `columns` columns that shortens nothing.
  init(columns: Int) {
    limits = Array(repeating: nil, count: columns)
  }

  /// The cell `value` is shown as in `column`.
  func cell(_ value: Value, column: Int) -> ColumnLayout.Cell {
    var text: String
    switch value {
    case .uuid(let uuid) where compactions.contains(.uuid):
      text = String(uuid.uuidString.prefix(8)) + "…"
    case .data(let data) where compactions.contains(.data): text = "<\(data.count) B>"
    case .color(let color) where compactions.contains(.color): text = ValueText.hex(color)
    case .uri(let url) where compactions.contains(.uri):
      text = ValueText.visible(Self.withoutScheme(url.absoluteString))
    default: return cutting(ColumnLayout.Cell(value), value: value, column: column)
    }
    return cutting(ColumnLayout.Cell(text), value: value, column: column)
  }

  /// `cell` cut to its column's limit: a URL in its middle, any other text at its end.
  private func cutting(_ cell: ColumnLayout.Cell, value: Value, column: Int) -> ColumnLayout.Cell {
    guard column < limits.count, let limit = limits[column], cell.width > limit else {
      return cell
    }
    let characters = Array(cell.text)
    guard case .uri = value else {
      return ColumnLayout.Cell(Self.prefix(characters, width: limit - 1) + "…")
    }
    let head = Self.prefix(characters, width: (limit - 1) / 2)
    let tail = Self.prefix(characters.reversed(), width: limit - 1 - DisplayWidth.of(head))
    return ColumnLayout.Cell(head + "…" + String(tail.reversed()))
  }

  /// The first characters of `characters` that take at most `width` columns.
  private static func prefix(_ characters: some Sequence<Character>, width: Int) -> String {
    var text = ""
    var used = 0
    for character in characters {
      let next = used + DisplayWidth.of(character)
      if next > width { break }
      text.append(character)
      used = next
    }
    return text
  }

  /// `text` without a leading `scheme://`.
  private static func withoutScheme(_ text: String) -> String {
    guard let range = text.range(of: "://") else { return text }
    return String(text[range.upperBound...])
  }

  /// Whether a column of `type` holds text that step 5 may cut.
  private static func isText(_ type: ValueType) -> Bool {
    switch type {
    case .string, .uri, .date, .collection, .unknown: return true
    default: return false
    }
  }

  /// The fitting that makes the first `rowsPerPage` rows of `result`, laid out with
  /// `separatorWidth` columns between cells, at most `width` columns wide; nil when no
  /// fitting does.
  static func fit(
    _ result: ResultSet, width: Int, rowsPerPage: Int, measuringHeader: Bool,
    separatorWidth: Int
  ) -> TableFitting? {
    let page = Array(result.rows.prefix(max(rowsPerPage, 1)))
    var fitting = TableFitting(columns: result.columns.count)
    func widths() -> [Int] {
      var layout = ColumnLayout(result.columns, measuringHeader: measuringHeader, fitting: fitting)
      _ = layout.cells(of: page)
      return layout.widths
    }
    func excess(_ widths: [Int]) -> Int {
      widths.reduce(0, +) + separatorWidth * max(widths.count - 1, 0) - width
    }
    var current = widths()
    for compaction in Compaction.allCases where excess(current) > 0 {
      fitting.compactions.insert(compaction)
      current = widths()
    }
    var over = excess(current)
    let headers = ColumnLayout(result.columns, measuringHeader: measuringHeader).widths
    let floors = zip(headers, result.columns).map { header, column in
      max(header, column.type == .date ? narrowestDate : narrowest)
    }
    let texts = result.columns.indices.filter { isText(result.columns[$0].type) }
    while over > 0 {
      let candidates = texts.filter { current[$0] > floors[$0] }
      guard let widest = candidates.max(by: { current[$0] < current[$1] }) else { return nil }
      let next = candidates.filter { $0 != widest }.map { current[$0] }.max() ?? 0
      let target = max(floors[widest], next, current[widest] - over)
      let narrowed = target < current[widest] ? target : current[widest] - 1
      over -= current[widest] - narrowed
      current[widest] = narrowed
      fitting.limits[widest] = narrowed
    }
    return fitting
  }
}
