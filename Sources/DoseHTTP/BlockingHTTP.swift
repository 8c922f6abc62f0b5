import DoseSystem
import GLibGlue

/// Runs each request on the calling thread: the daemon's `LoopDriver` on a main context of the thread's
/// own, iterated (sleeping in poll(2)) until the answer is in.
///
/// For one-shot commands (`dose sync`, `dose learn run`) that have nothing else to do meanwhile. The same
/// driver as `LoopHTTP`'s, so both enforce every limit the same way, the low-speed rule's one timer included.
public struct BlockingHTTP: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        PrivateContext.run { context in
            var result: Result<HTTPResponse, HTTPError>?
            do throws(HTTPError) {
                // Made, run and let go inside the context, where its sources live.
                let driver = try LoopDriver()
                driver.start(request) { result = $0 }
                context.iterate { result != nil }
            } catch {
                result = .failure(error)
            }
            return result ?? .failure(HTTPError(.other, tr("the request ended without a result")))
        }
    }
}
