/// An RGB color, the value of a `Transformable(Color)` attribute.
///
/// Components are 0–255, as in the BowTies sample data; the app turns them into a
/// `UIColor` through its `ColorAttributeTransformer`. Three bytes keep ``Value`` small.
public struct Color: Hashable, Sendable, Codable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The color of three whole-number components, or nil when one is outside 0–255.
  public init?<Component: BinaryInteger>(_ components: [Component]) {
    guard components.count == 3,
      let red = UInt8(exactly: components[0]),
      let green = UInt8(exactly: components[1]),
      let blue = UInt8(exactly: components[2])
    else { return nil }
    self.init(red: red, green: green, blue: blue)
  }
}
