/// Backoff for a notification that found no server: 15 s, doubling, at most 15 minutes.
///
/// Pure, so it is tested with plain numbers; a server appearing on the bus cuts any wait short.
struct ServerRetry: Equatable {
    static let first: Int64 = 15
    static let cap: Int64 = 15 * 60

    private(set) var delay: Int64 = ServerRetry.first

    /// The instant of the next try after a failure at `now`, advancing the backoff.
    mutating func next(after now: Int64) -> Int64 {
        let at = now + delay
        delay = min(delay * 2, Self.cap)
        return at
    }

    mutating func reset() {
        delay = Self.first
    }
}
