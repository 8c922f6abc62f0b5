/// A failure of the Secret Service (libsecret): the service is missing, locked or refused the call.
public struct SecretError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No Secret Service to ask: libsecret is not installed, there is no session bus, or nothing owns
        /// `org.freedesktop.secrets` (no GNOME Keyring or KWallet running or activatable).
        case unavailable
        /// The call did not end within its time (a keyring waiting for an unlock prompt nobody answers).
        case timedOut
        /// The service answered with an error (a locked collection, a dismissed prompt, …).
        case failed
    }

    public var kind: Kind
    /// What libsecret or the service said.
    public let message: String

    public init(_ message: String) { self.init(.failed, message) }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "secret service: \(message)" }
}
