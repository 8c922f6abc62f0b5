import DoseLearning
import DoseStore
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct BackoffTests {
    @Test func scheduleDoublesFromOneMinuteToAFifteenMinuteCap() {
        let minutes = (1...7).map { Backoff.delay(afterFailures: $0) / 60 }
        #expect(minutes == [1, 2, 4, 8, 15, 15, 15])
    }

    @Test func jitterStaysWithinTenPercentAndNeverPassesTheCap() {
        #expect(Backoff.delay(afterFailures: 1, jitter: 1) == 66)
        #expect(Backoff.delay(afterFailures: 1, jitter: -1) == 66, "jitter only lengthens: never before a minute")
        #expect(Backoff.delay(afterFailures: 1, jitter: -0.5) == 63)
        #expect(Backoff.delay(afterFailures: 3, jitter: 0.5) == 252)
        #expect(Backoff.delay(afterFailures: 5, jitter: 1) == 900)
        #expect(Backoff.delay(afterFailures: 5, jitter: -1) == 900, "nothing shortens a step, the cap included")
        #expect(Backoff.delay(afterFailures: 2, jitter: .nan) == 120)
        #expect(Backoff.delay(afterFailures: 1_000_000) == 900)
    }

    @Test func noJitterSampleBringsARetryBeforeItsStep() {
        for failures in 1...7 {
            let bare = Backoff.delay(afterFailures: failures)
            for step in -20...20 {
                let delay = Backoff.delay(afterFailures: failures, jitter: Double(step) / 20)
                #expect(delay >= bare && delay <= min(Backoff.cap, bare + bare / 10), "failures \(failures), jitter \(step)/20: \(delay) s")
            }
        }
    }

    @Test func retryAfterIsHonouredWithinTheCap() {
        #expect(Backoff.delay(afterFailures: 1, retryAfter: 300) == 300)
        #expect(Backoff.delay(afterFailures: 1, retryAfter: 10) == 60, "a shorter wish still waits the backoff")
        #expect(Backoff.delay(afterFailures: 1, retryAfter: 3600) == 900)
        #expect(Backoff.delay(afterFailures: 4, retryAfter: 0) == 480)
    }
}

@Suite(.timeLimit(.minutes(5)), .watched) struct RetryAfterTests {
    let now: Int64 = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func seconds() {
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: now) == 0)
        #expect(RetryAfter.seconds("99999999999999999999", now: now) == 999_999_999_999)
        #expect(RetryAfter.seconds("-5", now: now) == nil)
        #expect(RetryAfter.seconds("1.5", now: now) == nil)
        #expect(RetryAfter.seconds("", now: now) == nil)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
    }

    @Test func httpDatesInAllThreeForms() {
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:51:37 GMT", now: now) == 120)
        #expect(RetryAfter.seconds("Sunday, 06-Nov-94 08:50:37 GMT", now: now) == 60)
        #expect(RetryAfter.seconds("Sun Nov  6 08:49:47 1994", now: now) == 10)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == 0, "a past date means now")
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 25:00:00 GMT", now: now) == nil)
        #expect(RetryAfter.seconds("Sun, 06 Foo 1994 08:00:00 GMT", now: now) == nil)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 PST", now: now) == nil)
    }
}

@Suite(.timeLimit(.minutes(5)), .watched) struct FailureClassifierTests {
    func classify(_ failure: AttemptFailure, online: Bool = true) -> Verdict {
        FailureClassifier.classify(failure, networkAvailable: online, now: 1_000)
    }

    func isRetry(_ verdict: Verdict) -> Bool { if case .retry = verdict { true } else { false } }
    func isOffline(_ verdict: Verdict) -> Bool { if case .offline = verdict { true } else { false } }
    func isNeedsUser(_ verdict: Verdict) -> Bool { if case .needsUser = verdict { true } else { false } }

    @Test func serverErrorsAndRateLimitsAreRetryable() {
        for status in [408, 409, 425, 500, 502, 504, 400] {
            #expect(isRetry(classify(.http(status: status, body: "", retryAfter: nil))), "HTTP \(status)")
        }
        #expect(classify(.http(status: 429, body: "{}", retryAfter: "30"))
            == .retry(reason: "the provider is busy (HTTP 429)", scope: .provider(retryAfter: 30)))
        if case .retry(_, .provider(let wait)) = classify(.http(status: 503, body: "", retryAfter: "Thu, 01 Jan 1970 00:20:00 GMT")) {
            #expect(wait == 200)
        } else {
            Issue.record("503 should hold every topic")
        }
        #expect(isRetry(classify(.invalidOutput("cards[2].back is empty"))))
    }

    func scope(_ verdict: Verdict) -> RetryScope? { if case .retry(_, let scope) = verdict { scope } else { nil } }

    /// Whose failure it is (docs/learning.md): what the topic alone backs off for, what every topic waits for.
    @Test func eachRetryableFailureBelongsToTheTopicTheServerOrTheProvider() {
        #expect(scope(classify(.invalidOutput("cards[2].back is empty"))) == .topic)
        for status in [400, 409, 413, 422] { #expect(scope(classify(.http(status: status, body: "", retryAfter: nil))) == .topic, "\(status)") }
        for status in [408, 500, 502, 504, 599] { #expect(scope(classify(.http(status: status, body: "", retryAfter: nil))) == .server, "\(status)") }
        for problem: AttemptFailure.TransportProblem in [.timedOut, .connectionLost] {
            #expect(scope(classify(.transport(problem, detail: "x"))) == .server, "\(problem)")
        }
        #expect(scope(classify(.http(status: 429, body: "", retryAfter: nil))) == .provider(retryAfter: nil))
        #expect(scope(classify(.http(status: 503, body: "", retryAfter: "120"))) == .provider(retryAfter: 120))
        for problem: AttemptFailure.TransportProblem in [.cannotConnect, .cannotFindHost, .other] {
            #expect(scope(classify(.transport(problem, detail: "x"))) == .provider(retryAfter: nil), "\(problem)")
        }
    }

    @Test func errorsRetryingCannotFixNeedTheUser() {
        let quota = #"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}"#
        #expect(isNeedsUser(classify(.http(status: 401, body: "", retryAfter: nil))))
        #expect(isNeedsUser(classify(.http(status: 403, body: "", retryAfter: nil))))
        #expect(isNeedsUser(classify(.http(status: 404, body: #"{"error":"model 'x' not found"}"#, retryAfter: nil))))
        #expect(isNeedsUser(classify(.http(status: 429, body: quota, retryAfter: "1"))))
        #expect(isNeedsUser(classify(.http(status: 400, body: #"{"error":{"message":"bad key","code":"invalid_api_key"}}"#, retryAfter: nil))))
        #expect(isNeedsUser(classify(.http(status: 400, body: #"{"error":{"message":"no model","code":"model_not_found"}}"#, retryAfter: nil))))
        if case .needsUser(let reason) = classify(.http(status: 401, body: #"{"error":{"message":"Incorrect API key"}}"#, retryAfter: nil)) {
            #expect(reason.contains("Incorrect API key"))
            #expect(reason.contains("401"))
        }
    }

    @Test func connectionFailuresAreOfflineOnlyWhenTheMonitorAgrees() {
        #expect(isOffline(classify(.transport(.notConnected, detail: "x"), online: true)))
        for problem: AttemptFailure.TransportProblem in [.connectionLost, .cannotFindHost, .cannotConnect, .timedOut] {
            #expect(isOffline(classify(.transport(problem, detail: "x"), online: false)), "\(problem) offline")
            #expect(isRetry(classify(.transport(problem, detail: "x"), online: true)), "\(problem) online")
        }
        #expect(isRetry(classify(.transport(.other, detail: "TLS"), online: false)))
    }
}

@Suite(.timeLimit(.minutes(5)), .watched) struct ProviderSettingsTests {
    func settings(_ url: String?, model: String? = "m") -> ProviderSettings {
        ProviderSettings(url: url, model: model, keyFile: nil)
    }

    @Test func endpointMapping() {
        #expect(settings("http://localhost:11434/v1").endpoint == "http://localhost:11434/v1/chat/completions")
        #expect(settings("https://api.example.com/v1/").endpoint == "https://api.example.com/v1/chat/completions")
        #expect(settings("http://h/v1/chat/completions").endpoint == "http://h/v1/chat/completions")
        // The path is joined before the query, which is kept (Azure's `api-version`).
        #expect(settings("https://x/openai/deployments/d?api-version=2024-02-01").endpoint
            == "https://x/openai/deployments/d/chat/completions?api-version=2024-02-01")
        #expect(settings("https://x/v1/?a=1&b=2").endpoint == "https://x/v1/chat/completions?a=1&b=2")
        #expect(settings("https://x/v1/chat/completions?api-version=1").endpoint == "https://x/v1/chat/completions?api-version=1")
        #expect(settings("https://x?a=1").endpoint == "https://x/chat/completions?a=1")
        #expect(settings("https://x/v1?").endpoint == "https://x/v1/chat/completions")
        // A fragment is dropped (never sent to a server), with or without a query before it.
        #expect(settings("https://x/v1#frag").endpoint == "https://x/v1/chat/completions")
        #expect(settings("https://x/v1?a=1#frag?b=2").endpoint == "https://x/v1/chat/completions?a=1")
    }

    @Test func loopbackDetection() {
        for url in ["http://localhost:11434/v1", "http://127.0.0.1:8080/v1", "http://127.1.2.3/v1", "http://[::1]:8080/v1",
            "http://user:pw@LOCALHOST/v1", "http://model.localhost/v1"]
        {
            #expect(settings(url).isLoopback, "\(url)")
        }
        for url in ["https://api.openai.com/v1", "http://10.200.0.1:9/v1", "http://128.0.0.1/v1", "http://127.0.0.1.evil.com/v1",
            "http://localhost.evil.com/v1", "http://[::2]/v1"]
        {
            #expect(!settings(url).isLoopback, "\(url)")
        }
    }

    @Test func missingSettingsAndFingerprints() {
        #expect(settings(nil, model: nil).missing != nil)
        #expect(settings("http://x/v1", model: nil).missing == "provider.model is not set")
        #expect(settings("http://x/v1").missing == nil)
        let base = settings("http://x/v1")
        #expect(base.fingerprint(key: "a") == base.fingerprint(key: "a"))
        #expect(base.fingerprint(key: "a") != base.fingerprint(key: "b"))
        #expect(base.fingerprint(key: nil) != settings("http://y/v1").fingerprint(key: nil))
        #expect(!base.fingerprint(key: "sk-secret").contains("secret"))
    }
}

@Suite(.timeLimit(.minutes(5)), .watched) struct TopicKeyTests {
    @Test func trimsAndRejectsBadNames() throws {
        let key = try TopicKey(subject: "  Physics ", topic: "Ohm's law\t")
        #expect(key.subject == "Physics" && key.topic == "Ohm's law")
        #expect(throws: LearningError.self) { try TopicKey(subject: " ", topic: "x") }
        #expect(throws: LearningError.self) { try TopicKey(subject: "a", topic: "line\nbreak") }
        #expect(throws: LearningError.self) { try TopicKey(subject: String(repeating: "x", count: 201), topic: "x") }
        do {
            _ = try TopicKey(subject: "Physics", topic: "")
        } catch {
            #expect(error.message == "the topic is empty")
        }
    }
}
