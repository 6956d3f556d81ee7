/// A statement stopped by its ``InterruptToken``: it changed nothing.
public struct Interrupted: Error, Hashable, Sendable, CustomStringConvertible {
  public init() {}

  public var description: String { "Interrupted." }
}
