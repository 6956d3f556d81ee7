/// An RGB color, the value of a `Transformable(Color)` attribute.
///
/// Components are 0–255, as in the BowTies sample data; the app turns them into a
/// `UIColor` through its `ColorAttributeTransformer`.
public struct Color: Hashable, Sendable {
  public var red: Int
  public var green: Int
  public var blue: Int

  public init(red: Int, green: Int, blue: Int) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Whether every component is within 0–255.
  public var isValid: Bool {
    [red, green, blue].allSatisfy { (0...255).contains($0) }
  }
}
