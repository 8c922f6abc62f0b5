/// A failure of the scheduler's own machinery (timer, main loop), not of the notification server.
struct NotifierSetupError: Error, CustomStringConvertible {
    var message: String
    /// True when the failure only means "the clock changed, plan again".
    var clockChanged: Bool = false

    init(_ message: String, clockChanged: Bool = false) {
        self.message = message
        self.clockChanged = clockChanged
    }

    var description: String { message }
}
