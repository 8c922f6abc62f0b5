/// A service's work that failed, phrased for a person (the store unreadable, the config file broken, …): what
/// happened and what to do, never a command, a config key or a library's own text, which go to `detail` (logged).
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The precise cause (a library's message, the command line's words), for the journal and tests.
    public var detail: String?

    public init(_ message: String, detail: String? = nil) {
        self.message = message
        self.detail = detail
    }

    public var description: String { message }
}
