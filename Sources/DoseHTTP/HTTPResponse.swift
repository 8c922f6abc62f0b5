import DoseSystem

/// A final answer (after any redirects): status, headers with lower-cased names, body.
///
/// Where the body is depends on the request's `bodyDestination`: in `body` for `.memory`; in
/// `bodyFile` for `.temporaryFile` (read it with `bodyFile.read(limit:)`), `body` then empty. The
/// file goes, with its bytes, when the last reference to it does.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Repeated headers are joined with ", ", as HTTP allows.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body, for a request whose destination is a temporary file; nil otherwise.
    public var bodyFile: TemporaryFile?

    public init(status: Int, headers: [String: String], body: [UInt8], bodyFile: TemporaryFile? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }

    /// Equal when status, headers and body are, and it is the same file (or none).
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.bodyFile === rhs.bodyFile
    }
}
