/// How a ``Column`` holds its values, and the kind a ``ColumnBuilder`` fills: one
/// vocabulary for the columns of the graph, however they are made.
enum ColumnKind: Sendable {
  /// Every row is nil so far. A column appended to chooses its kind at its first value; a
  /// builder of this kind holds nil rows, and any other value turns it into one of values.
  case nulls
  /// `.int` values in `integers`.
  case integers
  /// `.double` values in `reals`.
  case reals
  /// `.bool` values in `booleans`.
  case booleans
  /// `.date` values in `reals`, as seconds since the reference date.
  case dates
  /// `.string` values in `strings`.
  case strings
  /// `.data` values' bytes in `strings` (made plain: any bytes).
  case data
  /// `.uri` values' text in `strings`.
  case uris
  /// `.color` values in `integers`, as `0xRRGGBB`.
  case colors
  /// Any values, boxed, in `values`; nil rows hold `.null` and `nulls` is unused.
  case values
}
