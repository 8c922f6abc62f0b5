import CGLib
import DoseHTTP
import DoseTestSupport
import Foundation
import GLibGlue
import Testing

/// The GLib-loop driver (the daemon's): transfers on the default main context, run here by a thread
/// of the test's own. Serialized: one loop owns the default context at a time.
@Suite(.serialized, .timeLimit(.minutes(5)), .watched) struct LoopHTTPTests {
    /// Runs the default main loop on its own thread for the length of `body`.
    func withLoop(_ body: (LoopHTTP) throws -> Void) rethrows {
        try withDefaultLoop { try body(LoopHTTP()) }
    }

    @Test func aRequestAndItsRedirectsRunOnTheLoop() throws {
        let server = try HostileServer()
        try withLoop { http in
            let response = try http.send(HTTPRequest(url: server.url("/redirect/301/same/redirect/308/other/ok"), bearer: "k", limits: limits())).get()
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok": true}"#)
            #expect(server.requests().map(\.auth) == [true, true, false])
        }
    }

    @Test func theLimitsHoldOnTheLoopToo() throws {
        let server = try HostileServer()
        withLoop { http in
            let bomb = http.send(HTTPRequest(url: server.url("/gzip-bomb"), limits: limits(maxBody: 2 << 20)))
            #expect(bomb.failureKind == .tooLarge)
            let loop = http.send(HTTPRequest(url: server.url("/loop"), limits: limits()))
            #expect(loop.failureKind == .tooManyRedirects)
            let file = http.send(HTTPRequest(url: server.url("/redirect/307/file"), limits: limits()))
            #expect(file.failureKind == .refusedRedirect)
            let slow = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 1_000)))
            #expect(slow.failureKind == .timedOut)
            let stall = http.send(HTTPRequest(url: server.url("/slow-body/3"), limits: limits(lowSpeedSeconds: 1)))
            #expect(stall.failureKind == .tooSlow)
        }
    }

    @Test func aStalledTransferDoesNotHoldUpAnotherOne() throws {
        let server = try HostileServer()
        withLoop { http in
            let stalled = DispatchSemaphore(value: 0)
            http.start(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 4_000))) { _ in stalled.signal() }
            usleep(300_000)
            let start = Date()
            let quick = http.send(HTTPRequest(url: server.url("/ok"), limits: limits()))
            #expect((try? quick.get().status) == 200)
            #expect(Date().timeIntervalSince(start) < 1, "the quick request waited for the stalled one")
            #expect(stalled.wait(timeout: .now() + 30) == .success, "the stalled transfer never ended (its deadline is 4 s)")
        }
    }

    /// Waiting costs nothing: the loop's thread sleeps in poll(2) between libcurl's wake-ups.
    @Test func waitingOnASilentServerCostsNoCPU() throws {
        let server = try HostileServer()
        withLoop { http in
            let before = loopThreadCPU()
            let result = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 3_000, lowSpeedSeconds: 10)))
            let used = loopThreadCPU() - before
            #expect(result.failureKind == .timedOut)
            print("loop thread CPU while waiting 3 s: \(used / 1000) ms")
            #expect(used < 30_000, "the loop thread used \(used / 1000) ms of CPU in 3 s of waiting")
        }
    }

    /// Waiting sleeps: with the low-speed rule on, the loop is woken by the transfer's events and its
    /// deadline, never once a second to look at the speed.
    @Test func aSilentWaitWakesTheLoopOnlyForItsEvents() throws {
        let server = try HostileServer()
        withLoop { http in
            // 5 s: libcurl's once-a-second look at the speed woke it 12 times; its own events are about 4.
            let before = onLoop { threadWakeUps() ?? -1 }
            let result = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 5_000, lowSpeedSeconds: 20)))
            let woken = onLoop { threadWakeUps() ?? -1 } - before
            #expect(before >= 0, "no voluntary_ctxt_switches in /proc/thread-self/status")
            #expect(result.failureKind == .timedOut)
            print("LoopHTTP: \(woken) loop wake-ups in 5 s of waiting")
            #expect(woken <= 6, "the loop woke \(woken) times in 5 s")
        }
    }

    /// The loop thread's own CPU time (user + system) in microseconds, read on that thread.
    func loopThreadCPU() -> Int {
        onLoop {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return time.tv_sec * 1_000_000 + time.tv_nsec / 1_000
        }
    }

    /// `read`'s value, read on the loop's thread.
    func onLoop(_ read: @escaping @Sendable () -> Int) -> Int {
        /// Written on the loop's thread before the signal, read here after the wait.
        final class Reading: @unchecked Sendable { var value = 0 }
        let reading = Reading()
        let done = DispatchSemaphore(value: 0)
        postToLoop {
            reading.value = read()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "the default main loop ran nothing for 30 s")
        return reading.value
    }
}

extension Result where Failure == HTTPError {
    var failureKind: HTTPError.Kind? {
        if case .failure(let error) = self { return error.kind }
        return nil
    }
}
