import BowQ
import Foundation

/// Draws what `show` found: each object as a card in a box, its title in bold, then one
/// line per field.
///
/// ```
/// ╭─ BowTie/p1 ─────────────────────────╮
/// │ Red Bow Tie                         │
/// │                                     │
/// │ Rating       3.5 / 5  ★★★★☆         │
/// │ Times worn   4                      │
/// │ Last worn    3/1/24                 │
/// │ Favourite    No                     │
/// │ Tint colour  #FF0000 rgb(255, 0, 0) │
/// ╰─────────────────────────────────────╯
/// ```
///
/// A rating shows as the BowTies app prints it (`4.0 / 5`) with stars, halves rounded up
/// as Swift's `rounded()` does (3.5 is ★★★★☆). Days and dates read in `locale`'s short
/// style, in `timeZone`. A colour is a true-colour swatch (`ESC[48;2;r;g;bm`) followed by
/// its hex and RGB text; without colour (a pipe, `NO_COLOR`) only the text is written, and
/// no escape code at all.
struct CardRenderer {
  var style: Style
  var locale: Locale
  var timeZone: TimeZone

  /// Every card, one after another, separated by a blank line.
  func render(_ cards: [ObjectCard]) -> String {
    guard !cards.isEmpty else { return "(no objects to show)\n" }
    let formatters = Formatters(locale: locale, timeZone: timeZone)
    return cards.map { render($0, formatters) }.joined(separator: "\n")
  }

  /// The cards in the JSON modes: for each, the object, its title and its fields by label,
  /// values as JSON results write them.
  static func json(_ cards: [ObjectCard]) -> JSONValue {
    .array(
      cards.map { card in
        .object([
          ("object", .string(card.object.description)),
          ("title", card.title.map(JSONValue.string) ?? .null),
          ("fields", .object(card.fields.map { ($0.label, json($0.content)) })),
        ])
      })
  }

  private static func json(_ content: ObjectCard.Content) -> JSONValue {
    switch content {
    case .value(let value): return JSONValue(value)
    case .rating(let rating, _): return JSONValue(.double(rating))
    case .day(let day): return day.map { JSONValue(.date($0)) } ?? .null
    case .count(let count, _): return .integer(count)
    }
  }

  /// The date styles a card reads dates in, made once for all the cards.
  private struct Formatters {
    var day: DateFormatter
    var date: DateFormatter

    init(locale: Locale, timeZone: TimeZone) {
      func formatter(time: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .short
        formatter.timeStyle = time
        return formatter
      }
      day = formatter(time: .none)
      date = formatter(time: .short)
    }
  }

  private func render(_ card: ObjectCard, _ formatters: Formatters) -> String {
    let labelWidth = card.fields.map { DisplayWidth.of($0.label) }.max() ?? 0
    var lines = [style.bold(ValueText.visible(card.title ?? card.object.description))]
    if !card.fields.isEmpty { lines.append("") }
    for field in card.fields {
      let label = ValueText.visible(field.label)
      lines.append(
        label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label) + 2)
          + text(of: field.content, formatters))
    }
    let name = card.object.description
    let width = max(lines.map { DisplayWidth.ofStyled($0) }.max() ?? 0, DisplayWidth.of(name) + 2)
    var box = [
      "╭─ \(name) " + String(repeating: "─", count: width - DisplayWidth.of(name) - 1) + "╮"
    ]
    for line in lines {
      box.append(
        "│ " + line + String(repeating: " ", count: width - DisplayWidth.ofStyled(line)) + " │")
    }
    box.append("╰" + String(repeating: "─", count: width + 2) + "╯")
    return box.map { $0 + "\n" }.joined()
  }

  private func text(of content: ObjectCard.Content, _ formatters: Formatters) -> String {
    switch content {
    case .value(.null): return style.dim("nil")
    case .value(.bool(let flag)): return flag ? "Yes" : "No"
    case .value(.date(let date)): return formatters.date.string(from: date)
    case .value(.color(let color)): return colorText(color)
    case .value(let value): return ValueText.cell(value)
    case .rating(let rating, let scale): return "\(rating) / \(scale)  " + stars(rating, scale)
    case .day(let day?): return formatters.day.string(from: day)
    case .day(nil): return style.dim("never")
    case .count(let count, let entity):
      return "\(DigitGrouping.format(count)) \(entity) object\(count == 1 ? "" : "s")"
    }
  }

  /// `scale` stars, as many filled as the rating rounded (halves up); none filled for a
  /// rating that is not a number.
  func stars(_ rating: Double, _ scale: Int) -> String {
    let filled = rating.isNaN ? 0 : Int(min(max(rating.rounded(), 0), Double(scale)))
    return String(repeating: "★", count: filled) + String(repeating: "☆", count: scale - filled)
  }

  /// A swatch of the colour (on a terminal with colour), then `#RRGGBB rgb(r, g, b)`.
  private func colorText(_ color: Color) -> String {
    let text = ValueText.hex(color) + " " + Value.color(color).displayText
    let swatch = style.swatch(color)
    return swatch.isEmpty ? text : swatch + " " + text
  }
}
