/// A service's work that failed, phrased for a person (the store unreadable, the config file broken, …).
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
