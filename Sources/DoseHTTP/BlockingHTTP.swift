/// Runs each request on the calling thread with `curl_easy_perform`, which sleeps in poll(2) while it waits.
///
/// For one-shot commands (`dose sync`, `dose learn run`) that have nothing else to do meanwhile.
public struct BlockingHTTP: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        do throws(HTTPError) {
            var exchange = try Exchange(request)
            while true {
                let handle = try exchange.nextHandle()
                switch exchange.finish(handle, handle.perform()) {
                case .follow: continue
                case .done(let result): return result
                }
            }
        } catch {
            return .failure(error)
        }
    }
}
