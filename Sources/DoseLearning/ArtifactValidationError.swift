/// Why the provider's deck or quiz was refused, naming the field.
public struct ArtifactValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
