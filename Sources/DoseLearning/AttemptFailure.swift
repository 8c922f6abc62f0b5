/// What went wrong with one request to the provider, as observed, before any judgement.
public enum AttemptFailure: Error, Sendable, Equatable {
    /// How a connection failed below HTTP (from `HTTPError`, mapped at the edge).
    public enum TransportProblem: Sendable, Equatable {
        /// The system says there is no network at all.
        case notConnected
        /// The connection dropped mid-request.
        case connectionLost
        /// The host name did not resolve.
        case cannotFindHost
        /// Nothing answered at the address (refused, unreachable).
        case cannotConnect
        /// The connect or the whole request took too long.
        case timedOut
        /// Anything else (TLS, a malformed URL…).
        case other
    }

    /// The server answered with a status other than 200.
    case http(status: Int, body: String, retryAfter: String?)
    /// No HTTP answer; `detail` is the system's text.
    case transport(TransportProblem, detail: String)
    /// A 200 whose content failed local validation (or was not a chat completion at all).
    case invalidOutput(String)
    /// The provider redirected where the key may not follow (another origin, another scheme, a
    /// loop): retrying cannot fix it, the user must point provider.url at the final address.
    case redirectRefused(String)
    /// No request was made: the key may not go to `provider.url` (plain http:// to another machine).
    case keyWithheld(String)
}
