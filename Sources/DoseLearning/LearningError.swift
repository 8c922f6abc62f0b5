/// A learning-queue failure a command reports: what went wrong, naming subject, topic or field.
public struct LearningError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The student's input (a subject or topic) is not acceptable.
        case input
        /// The provider settings cannot be used (a key file others can read, say).
        case provider
        /// The store could not be read or written.
        case store
        /// Something the student asked for does not exist (yet).
        case notFound
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
