/// A config value that is not acceptable, naming the key.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong with the value, as a fact: the command line says `message`, the app words it its own way.
    public enum Reason: Sendable, Equatable {
        case controlCharacter
        case notABranch
        case notATime
        case empty
        /// A path relative to nothing (the app, a stored value read back).
        case relativePath
        /// A source with a scheme other than http, https or file (`ftp`).
        case unsupportedScheme(String)
        case notAPublicKey
        case notSeconds
        case notAWebURL
        case notAnAbsolutePath
        /// A value the key file itself cannot hold or give back.
        case unreadable
    }

    public var key: String
    public var message: String
    public var reason: Reason

    public init(key: String, message: String, reason: Reason = .unreadable) {
        self.key = key
        self.message = message
        self.reason = reason
    }

    public var description: String { tr("config key {key}: {message}", ["key": key, "message": message]) }
}
