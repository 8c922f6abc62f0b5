/// A config value that is not acceptable, naming the key.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public var key: String
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { tr("config key {key}: {message}", ["key": key, "message": message]) }
}
