/// Why an HTTP exchange gave no usable answer; the message never holds a URL's password.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The URL cannot be used at all (malformed, or not http/https).
        case invalidURL
        /// The host name did not resolve.
        case cannotResolve
        /// Nothing accepted the connection (refused, unreachable).
        case cannotConnect
        /// The connection broke before the answer was complete.
        case connectionLost
        /// The connect timeout or the whole exchange's deadline passed.
        case timedOut
        /// Data stopped coming: below the low-speed limit for the low-speed time.
        case tooSlow
        /// The answer (after decompression) or its headers passed the size limit.
        case tooLarge
        /// More redirects than the limit allows (a loop ends here too).
        case tooManyRedirects
        /// A redirect this request may not follow: another scheme, or another origin when the
        /// request keeps its credentials at home.
        case refusedRedirect
        /// The answer could not be kept: its temporary file could not be created or written (no
        /// permission, the disk full).
        case cannotStore
        /// Anything else (TLS, a protocol error, libcurl itself).
        case other
    }

    public var kind: Kind
    /// One line for a person, without the URL the caller already names; safe to print.
    public var message: String
    /// For a refused redirect: where it pointed, password redacted, control characters escaped.
    public var redirectTarget: String?

    public init(_ kind: Kind, _ message: String, redirectTarget: String? = nil) {
        self.kind = kind
        self.message = message
        self.redirectTarget = redirectTarget
    }

    public var description: String { message }
}
