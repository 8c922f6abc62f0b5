/// A final answer (after any redirects): status, headers with lower-cased names, body bytes.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Repeated headers are joined with ", ", as HTTP allows.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
