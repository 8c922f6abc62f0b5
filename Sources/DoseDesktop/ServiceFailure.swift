import DoseSystem

/// A service's work that failed, phrased for a person (the store unreadable, the config file broken, …): what
/// happened and what to do, never a command, a config key or a library's own text, which go to `detail`: the
/// journal's, written once, where the window shows the failure (`logged()`).
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The precise cause (a library's message, the command line's words), for the journal and tests.
    public var detail: String?

    public init(_ message: String, detail: String? = nil) {
        self.message = message
        self.detail = detail
    }

    public var description: String { message }

    /// The message for the screen, once the failure (message and detail) is in the journal. Every place that shows
    /// a failure shows it through this, and services do not log what they return, so each one is logged once.
    public func logged() -> String {
        Log.warning("daily-dose: \(message)" + (detail.map { " (\($0))" } ?? ""))
        return message
    }
}
