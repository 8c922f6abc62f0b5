/// A failure of the Secret Service (libsecret): the service is missing, locked or refused the call.
public struct SecretError: Error, Equatable, CustomStringConvertible {
    /// What libsecret or the service said.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { "secret service: \(message)" }
}
