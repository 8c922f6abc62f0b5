/// Why a notification could not be shown.
enum NotificationError: Error, CustomStringConvertible {
    /// No server on the session bus, or it failed the call: worth retrying later.
    case serverUnavailable(String)
    /// Nothing to show (no snapshot, or no dose for the day): retrying before the content changes is useless.
    case noContent(String)

    var description: String {
        switch self {
        case .serverUnavailable(let message): return "no notification server answered: \(message)"
        case .noContent(let message): return message
        }
    }
}
