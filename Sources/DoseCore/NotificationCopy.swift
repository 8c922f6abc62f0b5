/// The words of one notification, ready for the notification server.
public struct NotificationCopy: Sendable, Equatable {
    /// One plain-text line, never escaped: "Fact of the day: Ohm's law".
    public var summary: String
    /// Plain text, or escaped for notification markup when that was asked for.
    public var body: String
    /// The item's id, the payload an action opens: never "today", so a notification
    /// read after midnight still opens the dose it advertised.
    public var id: String

    public init(summary: String, body: String, id: String) {
        self.summary = summary
        self.body = body
        self.id = id
    }
}
