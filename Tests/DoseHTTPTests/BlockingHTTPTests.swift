import DoseHTTP
import DoseTestSupport
import Foundation
import Testing

/// Limits generous enough for any loopback answer, so a test tightens only the one it is about.
func limits(
    maxBody: Int = 1 << 20, connect: Int = 5_000, deadline: Int = 20_000, lowSpeedSeconds: Int = 20
) -> HTTPLimits {
    HTTPLimits(
        maxBodyBytes: maxBody, connectTimeoutMilliseconds: connect, deadlineMilliseconds: deadline,
        lowSpeedSeconds: lowSpeedSeconds)
}

/// How often the calling thread has gone to sleep and been woken so far: its voluntary context switches.
///
/// A thread waiting in poll(2) switches out once per sleep, so the difference over a wait counts its wake-ups;
/// being preempted (load) is an involuntary switch and does not count.
func threadWakeUps() -> Int? {
    let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
}

/// The blocking driver (`dose sync`, `dose learn run`) against the hostile loopback server.
@Suite(.timeLimit(.minutes(5)), .watched) struct BlockingHTTPTests {
    let http = BlockingHTTP()

    @Test func anAnswerHasItsStatusLowerCasedHeadersAndBody() throws {
        let server = try HostileServer()
        let response = try http.send(HTTPRequest(url: server.url("/ok"), limits: limits())).get()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok": true}"#)
    }

    @Test func anEndlessBodyEndsAtTheCap() throws {
        let server = try HostileServer()
        let result = http.send(HTTPRequest(url: server.url("/endless"), limits: limits(maxBody: 1 << 20)))
        guard case .failure(let error) = result else { Issue.record("an endless body was accepted"); return }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the answer is larger than 1 MiB")
    }

    @Test func aGzipBombEndsAtTheCapOnItsDecodedSize() throws {
        let server = try HostileServer()
        // ~0.5 MB on the wire, under the cap: only counting decoded bytes catches it.
        let result = http.send(HTTPRequest(url: server.url("/gzip-bomb"), limits: limits(maxBody: 2 << 20)))
        guard case .failure(let error) = result else { Issue.record("the bomb was accepted"); return }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the answer is larger than 2 MiB")
    }

    @Test func silentHeadersEndAtTheDeadline() throws {
        let server = try HostileServer()
        let start = Date()
        let result = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 1_500)))
        let took = Date().timeIntervalSince(start)
        guard case .failure(let error) = result else { Issue.record("no timeout"); return }
        #expect(error.kind == .timedOut)
        #expect(error.message == "no complete answer within 1.5 s")
        #expect(took > 1.3 && took < 4, "\(took) s")
    }

    @Test func aTrickleEndsAsAStallBeforeTheDeadline() throws {
        let server = try HostileServer()
        let start = Date()
        let result = http.send(HTTPRequest(url: server.url("/slow-body/3"), limits: limits(deadline: 30_000, lowSpeedSeconds: 2)))
        let took = Date().timeIntervalSince(start)
        guard case .failure(let error) = result else { Issue.record("no stall"); return }
        #expect(error.kind == .tooSlow)
        #expect(error.message.contains("stalled"))
        #expect(took < 10, "\(took) s")
    }

    @Test func aSilentServerEndsAsAStallAtTheLowSpeedTime() throws {
        let server = try HostileServer()
        let start = Date()
        let result = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 20_000, lowSpeedSeconds: 2)))
        let took = Date().timeIntervalSince(start)
        guard case .failure(let error) = result else { Issue.record("no stall"); return }
        #expect(error.kind == .tooSlow)
        #expect(error.message == "the transfer stalled (less than 1 byte/s for 2 s)")
        #expect(took > 1.9 && took < 10, "\(took) s")
    }

    /// Slow but above the rule: each byte moves the stall's instant on, so the transfer runs to its end.
    @Test func aDripAboveTheLowSpeedRuleIsWaitedForToItsEnd() throws {
        let server = try HostileServer()
        // One byte every 0.3 s for 2.4 s, under a rule of 1 byte in every second.
        let result = http.send(HTTPRequest(url: server.url("/drip/0.3/8"), limits: limits(lowSpeedSeconds: 1)))
        #expect(String(decoding: try result.get().body, as: UTF8.self) == "dddddddd")
    }

    /// The wait sleeps: no once-a-second look at the speed, however long the low-speed time.
    @Test func aSilentWaitWakesTheThreadOnlyForItsEvents() throws {
        let server = try HostileServer()
        let before = try #require(threadWakeUps(), "no voluntary_ctxt_switches in /proc/thread-self/status")
        // 8 s: a look at the speed each second would wake it at least 8 times; its events are 2 or 3.
        let result = http.send(HTTPRequest(url: server.url("/slow-headers"), limits: limits(deadline: 8_000, lowSpeedSeconds: 20)))
        let woken = try #require(threadWakeUps()) - before
        #expect(result.failureKind == .timedOut)
        print("BlockingHTTP: \(woken) wake-ups in 8 s of waiting")
        #expect(woken <= 4, "the waiting thread woke \(woken) times in 8 s")
    }

    @Test func theDeadlineCoversEveryRedirect() throws {
        let server = try HostileServer()
        // Two redirects that take a second each, then silence: the whole chain shares the 2.5 s,
        // where a deadline per hop would wait 4.5 s.
        let start = Date()
        let result = http.send(HTTPRequest(url: server.url("/delay/1/delay/1/slow-headers"), limits: limits(deadline: 2_500)))
        let took = Date().timeIntervalSince(start)
        guard case .failure(let error) = result else { Issue.record("no timeout"); return }
        #expect(error.kind == .timedOut)
        #expect(error.message == "no complete answer within 2.5 s")
        #expect(server.requests().map(\.path) == ["/delay/1/delay/1/slow-headers", "/delay/1/slow-headers", "/slow-headers"])
        #expect(took > 2.3 && took < 3.5, "\(took) s")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginIsFollowedWithoutAnyCredential(code: Int) throws {
        let server = try HostileServer()
        let url = "http://user:secret@127.0.0.1:\(server.port)/redirect/\(code)/other/record"
        let request = HTTPRequest(
            url: url, method: .post, headers: [("Content-Type", "application/json")], body: Array("{\"a\": 1}".utf8),
            bearer: "sk-test", limits: limits())
        let response = try http.send(request).get()
        #expect(response.status == 200)
        let requests = server.requests()
        #expect(requests.count == 2)
        // At home the credentials went along (this test can see them) …
        #expect(requests.first?.server == "127.0.0.1" && requests.first?.auth == true)
        // … at the other origin none did, whatever the code.
        #expect(requests.last?.server == "127.0.0.2" && requests.last?.auth == false)
        let keepsMethod = code == 307 || code == 308
        #expect(requests.last?.method == (keepsMethod ? "POST" : "GET"))
        #expect(requests.last?.length == (keepsMethod ? 8 : 0))
    }

    @Test func aSameOriginRedirectKeepsTheCredentials() throws {
        let server = try HostileServer()
        let response = try http.send(HTTPRequest(url: server.url("/redirect/307/same/record"), bearer: "sk-test", limits: limits())).get()
        #expect(response.status == 200)
        #expect(server.requests().map(\.auth) == [true, true])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRequestThatKeepsItsKeyAtHomeRefusesAnotherOrigin(code: Int) throws {
        let server = try HostileServer()
        let request = HTTPRequest(
            url: server.url("/redirect/\(code)/other/record"), method: .post, body: [1, 2, 3], bearer: "sk-test",
            limits: limits(), crossOriginRedirects: .refuse)
        guard case .failure(let error) = http.send(request) else { Issue.record("followed"); return }
        #expect(error.kind == .refusedRedirect)
        #expect(error.redirectTarget == "http://127.0.0.2:\(server.port)/record")
        #expect(server.requests().allSatisfy { $0.server == "127.0.0.1" })
    }

    @Test func aRedirectToAFileIsRefused() throws {
        let server = try HostileServer()
        guard case .failure(let error) = http.send(HTTPRequest(url: server.url("/redirect/302/file"), limits: limits())) else {
            Issue.record("followed"); return
        }
        #expect(error.kind == .refusedRedirect)
        #expect(error.message.contains("\"file:///etc/passwd\", which is not http or https"))
    }

    @Test func aRedirectLoopEndsAtFiveRedirects() throws {
        let server = try HostileServer()
        guard case .failure(let error) = http.send(HTTPRequest(url: server.url("/loop"), limits: limits())) else {
            Issue.record("no end"); return
        }
        #expect(error.kind == .tooManyRedirects)
        #expect(server.requests().count == 6)
    }

    @Test func aPasswordNeverReachesAMessage() throws {
        // Nothing listens on port 9 of loopback.
        guard case .failure(let error) = http.send(HTTPRequest(url: "http://user:secret@127.0.0.1:9/x", limits: limits())) else {
            Issue.record("connected"); return
        }
        #expect(error.kind == .cannotConnect)
        #expect(!error.message.contains("secret"))
        guard case .failure(let bad) = http.send(HTTPRequest(url: "ftp://user:secret@host/x", limits: limits())) else {
            Issue.record("accepted ftp"); return
        }
        #expect(bad.kind == .invalidURL)
        #expect(bad.message.contains("user:***@host") && !bad.message.contains("secret"))
        #expect(URLRedaction.redacted("https://me:p@ss@example.org:8080/a?b#c") == "https://me:***@example.org:8080/a?b#c")
        #expect(URLRedaction.redacted("https://me@example.org/a") == "https://me@example.org/a")
        #expect(URLRedaction.redacted("https://example.org/a@b:c") == "https://example.org/a@b:c")
    }

    @Test func aHeaderWithALineBreakIsNeverSent() throws {
        let server = try HostileServer()
        let injected = http.send(HTTPRequest(url: server.url("/ok"), headers: [("If-None-Match", "\"x\"\r\nX-Evil: 1")], limits: limits()))
        #expect(injected.failureKind == .other)
        #expect(http.send(HTTPRequest(url: server.url("/ok"), bearer: "key\nX-Evil: 1", limits: limits())).failureKind == .other)
        #expect(server.requests().isEmpty)
    }

    @Test func anUnknownHostCannotResolve() {
        guard case .failure(let error) = http.send(HTTPRequest(url: "http://no-such-host.invalid/x", limits: limits())) else {
            Issue.record("resolved"); return
        }
        #expect(error.kind == .cannotResolve)
    }
}
