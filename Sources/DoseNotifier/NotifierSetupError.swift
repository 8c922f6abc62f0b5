/// A failure of the scheduler's own machinery (timer, main loop), not of the notification server.
struct NotifierSetupError: Error, CustomStringConvertible {
    var message: String
    /// True when the failure only means "the clock changed, plan again".
    var clockChanged: Bool = false
    /// True when the scheduler stopped because its session bus closed.
    var sessionBusClosed: Bool = false

    init(_ message: String, clockChanged: Bool = false, sessionBusClosed: Bool = false) {
        self.message = message
        self.clockChanged = clockChanged
        self.sessionBusClosed = sessionBusClosed
    }

    var description: String { message }
}
