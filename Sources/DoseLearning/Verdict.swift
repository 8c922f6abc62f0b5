/// What to do about a failed request.
public enum Verdict: Sendable, Equatable {
    /// Count the attempt and back off: the topic alone, or every topic (`scope`).
    case retry(reason: String, scope: RetryScope)
    /// The network is gone: not an attempt; wait for it to come back.
    case offline(reason: String)
    /// Retrying cannot help (a bad key, no quota, no such model): pause until the settings change.
    case needsUser(reason: String)
}

/// Whose failure a retryable one is: what backs off (docs/learning.md, "Whose failure it is").
public enum RetryScope: Sendable, Equatable {
    /// The provider answered, but not usably for this topic (a deck or quiz that fails validation, a 4xx
    /// about this request): the topic backs off alone.
    case topic
    /// The server failed this request (a 5xx, a timeout, a dropped connection): the topic backs off alone,
    /// but several different topics failing so in a row make it the provider's trouble.
    case server
    /// The provider as a whole (429 or 503, with or without Retry-After, in seconds here; nothing listening,
    /// no such host, TLS): every topic waits.
    case provider(retryAfter: Int64?)
}
