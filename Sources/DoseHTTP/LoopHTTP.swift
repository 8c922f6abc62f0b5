import Dispatch
import DoseSystem
import GLibGlue
import Synchronization

/// Runs requests on the GLib main loop (the daemon's), so waiting costs neither CPU nor a thread.
///
/// `start` may be called from any thread; the transfer runs on the loop's thread and so does its
/// completion. `send` is the blocking form for another thread (the daemon's jobs queue): it posts
/// the request to the loop and sleeps on a semaphore until the answer is there. Never call `send`
/// on the loop's own thread: the loop would wait for itself.
public final class LoopHTTP: HTTPTransport, @unchecked Sendable {
    /// Created on the loop's thread at the first request and only ever touched there.
    private var driver: LoopDriver?

    public init() {}

    deinit {
        // The driver's sources and handles belong to the loop's thread: it is let go there.
        guard let driver else { return }
        let handoff = Handoff(driver)
        postToLoop { handoff.release() }
    }

    /// Carries the driver to the loop's thread for its last release.
    private final class Handoff: @unchecked Sendable {
        private var driver: LoopDriver?
        init(_ driver: LoopDriver) { self.driver = driver }
        /// On the loop's thread.
        func release() { driver = nil }
    }

    /// Starts `request` on the loop; `completion` runs on the loop's thread when it ends.
    public func start(
        _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) {
        postToLoop { [self] in
            do throws(HTTPError) {
                if driver == nil { driver = try LoopDriver() }
                driver?.start(request, completion: completion)
            } catch {
                completion(.failure(error))
            }
        }
    }

    public func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        start(request) { result in
            answer.value.withLock { $0 = result }
            done.signal()
        }
        // libcurl's own deadline ends the transfer while the loop runs; this one holds when it no
        // longer does (the loop quit on SIGTERM), so a waiting job never blocks its queue for good.
        let seconds = request.limits.deadlineMilliseconds / 1000 + 5
        if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
            return .failure(HTTPError(.timedOut, tr("no complete answer within {seconds} s (the transfer loop is not running)", ["seconds": seconds])))
        }
        return answer.value.withLock { $0 } ?? .failure(HTTPError(.other, tr("the request ended without a result")))
    }

    /// Carries the result from the loop's thread to the waiting one.
    private final class Answer: Sendable {
        let value = Mutex<Result<HTTPResponse, HTTPError>?>(nil)
    }
}
