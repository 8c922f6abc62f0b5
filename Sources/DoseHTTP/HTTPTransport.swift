/// Something that runs an HTTP request to its end: the blocking driver or the GLib loop's.
///
/// `send` blocks the calling thread until the exchange ends, sleeping (never spinning) meanwhile.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError>
}
