import DoseCore
import DoseSystem

/// Why the provider's deck or quiz was refused, naming the field.
public struct ArtifactValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The content rule the text broke (`ContentRules`), when it was one; `message` is its words.
    public var reason: PackProblem.Reason?

    public init(_ message: String) {
        self.message = message
    }

    /// A content rule broken: its words in the user's language, the field named as the provider's JSON
    /// names it (`cards[3].front`).
    init(_ reason: PackProblem.Reason) {
        message = reason.localized
        self.reason = reason
    }

    public var description: String { message }
}
