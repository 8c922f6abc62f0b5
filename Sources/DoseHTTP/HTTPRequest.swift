/// One HTTP request and the rules it runs under.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// What to do with a redirect to another origin (scheme, host, port).
    public enum CrossOriginRedirects: Sendable {
        /// Follow it, without any credential (the bearer key, the URL's user and password).
        case followWithoutCredentials
        /// Refuse it: the request keeps its credentials at home and goes nowhere else.
        case refuse
    }

    /// Where the final answer's body goes as it arrives.
    public enum BodyDestination: Sendable, Equatable {
        /// An array in memory, `HTTPResponse.body`: for small answers.
        case memory
        /// A nameless file created in `directory` (which must exist), `HTTPResponse.bodyFile`: for
        /// large answers, whose bytes then wait in the page cache, not in the process's memory.
        /// Each redirect hop gets a fresh file; the cap counts the same.
        case temporaryFile(directory: String)
    }

    /// An http:// or https:// URL; a user and password in it are sent only to its own origin.
    public var url: String
    public var method: Method
    /// Extra header lines; Authorization belongs in `bearer`.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?
    /// Sent as `Authorization: Bearer …` to the URL's origin only.
    public var bearer: String?
    public var limits: HTTPLimits
    public var crossOriginRedirects: CrossOriginRedirects
    public var bodyDestination: BodyDestination

    public init(
        url: String, method: Method = .get, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
        bearer: String? = nil, limits: HTTPLimits, crossOriginRedirects: CrossOriginRedirects = .followWithoutCredentials,
        bodyDestination: BodyDestination = .memory
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.bearer = bearer
        self.limits = limits
        self.crossOriginRedirects = crossOriginRedirects
        self.bodyDestination = bodyDestination
    }
}
