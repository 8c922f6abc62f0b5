import DoseSystem

/// Why a notification could not be shown (its words in the user's language: they reach `fire`'s stderr and the journal).
enum NotificationError: Error, Equatable, CustomStringConvertible {
    /// No server on the session bus, or it failed the call: worth retrying later.
    case serverUnavailable(String)
    /// Nothing to show (no snapshot, or no dose for the day): retrying before the content changes is useless.
    case noContent(String)
    /// The server took the Notify call but did not answer before the D-Bus timeout (libnotify's default,
    /// 25 s): it may well show the notification late, so sending it again risks showing it twice.
    case unconfirmed(String)

    var description: String {
        switch self {
        case .serverUnavailable(let message): return tr("no notification server answered: {reason}", ["reason": message])
        case .noContent(let message): return message
        case .unconfirmed(let message):
            return tr("the notification server did not answer in time ({reason}); it may still show the notification", ["reason": message])
        }
    }
}
