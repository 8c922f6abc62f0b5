/// What to do about a failed request.
public enum Verdict: Sendable, Equatable {
    /// Count the attempt and back off; `retryAfter` is the server's wish in seconds, if any.
    case retry(reason: String, retryAfter: Int64?)
    /// The network is gone: not an attempt; wait for it to come back.
    case offline(reason: String)
    /// Retrying cannot help (a bad key, no quota, no such model): pause until the settings change.
    case needsUser(reason: String)
}
