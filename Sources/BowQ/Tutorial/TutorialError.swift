/// Why a lesson could not start: its sample data could not be read, or its setup failed.
public struct TutorialError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public var description: String { message }
}
