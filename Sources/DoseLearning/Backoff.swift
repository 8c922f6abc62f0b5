/// The retry schedule: one minute, doubling, capped at fifteen, with a little jitter that only lengthens.
///
/// Pure: the failure count, the jitter sample and any `Retry-After` come in as values.
public enum Backoff {
    /// The first delay, in seconds.
    public static let base: Int64 = 60
    /// The longest delay, in seconds; `Retry-After` is honoured only up to here.
    public static let cap: Int64 = 15 * 60
    /// Jitter lengthens a delay by up to this fraction (never past the cap): a retry never comes before
    /// its step of the schedule, the first never before a minute.
    public static let jitterFraction = 0.1

    /// The delay before the next attempt after `failures` failures in a row (1 → 60 s, 2 → 120 s, … 5+ → 900 s).
    ///
    /// - Parameters:
    ///   - jitter: a sample in -1...1 (from an injected random source); its magnitude is the lengthening,
    ///     so 0 gives the bare schedule and ±1 the longest.
    ///   - retryAfter: the server's `Retry-After` in seconds, if it sent one: the delay is at least
    ///     that, but never more than the cap.
    public static func delay(afterFailures failures: Int, jitter: Double = 0, retryAfter: Int64? = nil) -> Int64 {
        let steps = max(0, min(failures, 10) - 1)
        let bare = min(cap, base << Int64(steps))
        let sample = min(1, abs(jitter.isFinite ? jitter : 0))
        let jittered = min(cap, Int64((Double(bare) * (1 + sample * jitterFraction)).rounded()))
        guard let retryAfter, retryAfter > jittered else { return jittered }
        return min(cap, retryAfter)
    }
}
