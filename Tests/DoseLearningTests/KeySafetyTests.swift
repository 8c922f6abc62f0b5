import DoseHTTP
import DoseLearning
import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// Issue 19: the provider's key quoted back by a provider, and the key over plain HTTP.
@Suite(.timeLimit(.minutes(5)), .watched) struct KeyRedactionTests {
    static let key = "sk-proj-Q7wX2mZ9vB4nL1kR8tY5uE3oP6aS0dF"

    @Test func everyRunOfEightCharactersOfTheKeyIsTakenOut() {
        let redaction = KeyRedaction(key: Self.key)
        let marker = "[key withheld]"
        #expect(redaction.apply("Incorrect API key provided: \(Self.key).") == "Incorrect API key provided: \(marker).")
        // A prefix, a suffix, a piece from the middle, twice in one text.
        #expect(redaction.apply("starts \(Self.key.prefix(12)), ends \(Self.key.suffix(9))") == "starts \(marker), ends \(marker)")
        let middle = Self.key.dropFirst(10).prefix(8)
        #expect(redaction.apply("[\(middle)] and [\(middle)]") == "[\(marker)] and [\(marker)]")
        // Two pieces side by side are one marker.
        #expect(redaction.apply("\(Self.key.suffix(8))\(Self.key.prefix(8))!") == "\(marker)!")
        // Fewer than eight characters stay: the ends a mask shows (OpenAI's `sk-…wxyz`), and the key's common prefix.
        let masked = "\(Self.key.prefix(3))********************\(Self.key.suffix(4))"
        #expect(redaction.apply(masked) == masked)
        #expect(redaction.apply("sk-proj") == "sk-proj")
        #expect(redaction.apply("nothing of it here") == "nothing of it here")
        #expect(KeyRedaction.none.apply(Self.key) == Self.key)
        // A key shorter than eight characters goes only whole.
        #expect(KeyRedaction(key: "ollama").apply("key ollama, olla") == "key \(marker), olla")
        #expect(!"\(redaction)".contains(Self.key.prefix(8)), "its description shows no key")
    }

    @Test func theClassifierTakesTheKeyOutOfEveryReasonBeforeTheClip() {
        let redaction = KeyRedaction(key: Self.key)
        // The key where the 200-character clip would cut it: nothing of it may survive the cut.
        let padding = String(repeating: "x", count: 190)
        let body = #"{"error": {"message": "\#(padding) \#(Self.key)", "code": "invalid_api_key"}}"#
        for status in [401, 400, 403, 404, 500, 503] {
            let verdict = FailureClassifier.classify(
                .http(status: status, body: body, retryAfter: nil), networkAvailable: true, now: 0, redaction: redaction)
            let reason: String = switch verdict {
            case .retry(let reason, _), .offline(let reason), .needsUser(let reason): reason
            }
            #expect(!reason.contains(Self.key.prefix(5)) || !reason.contains(Self.key.suffix(4)), "\(status): \(reason)")
            for start in 0...(Self.key.count - 6) {
                let piece = Self.key.dropFirst(start).prefix(6)
                #expect(!reason.contains(piece), "HTTP \(status) kept \(piece): \(reason)")
            }
        }
        // Transport details and redirect targets pass the same door.
        let detail = FailureClassifier.classify(
            .transport(.other, detail: "TLS alert for \(Self.key)"), networkAvailable: true, now: 0, redaction: redaction)
        #expect(detail == .retry(reason: "request failed: TLS alert for [key withheld]", scope: .provider(retryAfter: nil)))
    }
}

/// The key never goes over plain HTTP to another machine; loopback and keyless providers work as before.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlainHTTPKeyTests {
    static let key = "sk-plain-Zq93kLm2Vx8"

    /// Records what it is asked to send, and answers 500.
    final class RecordingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [HTTPRequest] = []
        var requests: [HTTPRequest] { lock.withLock { sent } }
        func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
            lock.withLock { sent.append(request) }
            return .success(HTTPResponse(status: 500, headers: [:], body: []))
        }
    }

    @Test(arguments: [
        ("http://10.0.0.7:11434/v1", true), ("http://ollama.lan/v1", true), ("http://127.0.0.1.nip.io/v1", true),
        ("http://localhost./v1", true), ("http://0.0.0.0:8080/v1", true), ("http://[::ffff:127.0.0.1]/v1", true),
        ("https://api.example/v1", false), ("http://localhost:11434/v1", false), ("http://127.0.0.2/v1", false),
        ("http://[::1]:8080/v1", false), ("http://models.localhost/v1", false), ("http://127.1/v1", false),
    ])
    func theClientSendsNoKeyInPlainTextToAnotherMachine(url: String, withheld: Bool) throws {
        let transport = RecordingTransport()
        let client = ChatCompletionsClient(transport: transport)
        let topic = try TopicKey(subject: "Physics", topic: "Ohm")
        let settings = ProviderSettings(url: url, model: "m", keyFile: nil)
        let result = client.generate(.deck, for: topic, settings: settings, key: Self.key)
        if withheld {
            #expect(transport.requests.isEmpty, "\(url): a request was made")
            guard case .failure(.keyWithheld(let reason)) = result else { Issue.record("\(url): \(result)"); return }
            #expect(reason.contains("provider.url \(url)") && reason.contains("plain http://"), "\(reason)")
            #expect(FailureClassifier.classify(.keyWithheld(reason), networkAvailable: true, now: 0) == .needsUser(reason: reason))
        } else {
            #expect(transport.requests.count == 1 && transport.requests.first?.bearer == Self.key, "\(url)")
        }
        // Without a key the same provider is always asked (a LAN Ollama).
        _ = client.generate(.deck, for: topic, settings: settings, key: nil)
        #expect(transport.requests.last?.bearer == nil && transport.requests.count == (withheld ? 1 : 2), "\(url)")
    }

    /// A host that never resolves (RFC 6761 `.invalid`): asking at all would end in "cannot reach the provider"
    /// (75); refused before any request, it is a provider problem (78) naming provider.url, and no attempt.
    @Test func learnRunAndTheListRefuseTheKeyForAPlainHTTPProviderElsewhere() throws {
        let box = try LearnSandbox()
        let url = "http://provider.invalid:11434/v1"
        let keyed = ["DOSE_PROVIDER_KEY": Self.key]
        let set = try box.run(["config", "set", "provider.url", url], extraEnvironment: keyed)
        #expect(set.status == 0, "a warning, not a refusal: \(set.stderr)")
        #expect(set.stderr.contains("provider.url \(url) is plain http:// to another machine"), "\(set.stderr)")
        #expect(set.stderr.contains("DOSE_PROVIDER_KEY"), "names where the key comes from: \(set.stderr)")
        #expect(try box.dose("config", "set", "provider.model", "m").status == 0)
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.run(["learn", "run"], extraEnvironment: keyed)
        #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("provider.url \(url) is plain http://"), "\(run.stdout)")
        #expect(!run.stdout.contains("cannot reach") && !run.stdout.contains("asking for"), "no request: \(run.stdout)")
        let list = try box.run(["learn", "list", "--json"], extraEnvironment: keyed)
        let entry = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        #expect(entry?["state"] as? String == "waiting-for-provider" && entry?["attempts"] as? Int == 0, "\(list.stdout)")
        // What holds every topic is the queue's, said beside the topic's own state.
        let queue = entry?["queue"] as? [String: Any]
        #expect(queue?["state"] as? String == "waiting-for-provider" && entry?["lastError"] is NSNull, "\(list.stdout)")
        #expect(((queue?["reason"] as? String) ?? "").contains("provider.url"), "\(list.stdout)")
        // The same provider without a key is asked (and, never resolving, is a failed attempt).
        let keyless = try box.dose("learn", "run")
        #expect(keyless.status == 75 && keyless.stdout.contains("asking for the deck"), "\(keyless.stdout)")
        #expect(try box.list()["Ohm"]?["attempts"] as? Int == 1)
    }

    /// A loopback provider is plain HTTP on this machine only as long as no proxy carries the request: with
    /// `http_proxy` set, libcurl would hand the request, key and all, to the proxy across the network.
    @Test func aLoopbackProviderIsAskedDirectlyWhateverTheProxySettings() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        let proxy = try LearnSandbox()
        let proxyURL = try proxy.startProvider().replacingOccurrences(of: "/v1", with: "")
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.run(["learn", "run"], extraEnvironment: [
            "DOSE_PROVIDER_KEY": Self.key, "http_proxy": proxyURL, "HTTP_PROXY": proxyURL, "all_proxy": proxyURL,
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let handed = try proxy.requests()
        #expect(handed.isEmpty, "the proxy was handed the request: \(handed)")
        #expect(try box.requests().count == 2 && box.requests().allSatisfy { $0["auth"] as? Bool == true })
    }
}

/// A 401 that quotes the key back: redacted in `learn run`, `learn list` (plain and JSON), the store and the
/// daemon's log; and messages stored before redaction existed are redacted on read and scrubbed by the worker.
@Suite(.timeLimit(.minutes(5)), .watched) struct EchoedKeyTests {
    static let key = "sk-echo-7Hq2Zp9Lm4Xv1Rt6Wc3Nb8Ks5Df0Gj"

    /// Every text that must not hold the key: the whole key, or any 8 consecutive characters of it.
    static func leaks(_ text: String) -> String? {
        (0...(key.count - 8)).map { String(key.dropFirst($0).prefix(8)) }.first { text.contains($0) }
    }

    @Test func aKeyQuotedBackIsNeverPrintedStoredOrLogged() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "401-echo"}"#)
        try box.configureProvider()
        let keyed = ["DOSE_PROVIDER_KEY": Self.key]
        try box.dose("learn", "tick", "Physics", "Ohm")
        // The daemon meets the 401 first and logs it.
        let log = box.root.appendingPathComponent("daemon.log").path
        let daemon = try box.start(["daemon"], log: log, extraEnvironment: keyed)
        defer { daemon.terminate() }
        let paused = try box.wait(timeout: 15) { try box.run(["learn", "list", "--json"], extraEnvironment: keyed).stdout.contains("\"paused\"") }
        #expect(paused != nil, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(try box.requests().first?["response"] as? String == "401-echo", "the provider quoted the key back")
        daemon.signal(SIGKILL)
        daemon.wait(timeout: .seconds(30))
        let daemonLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(daemonLog.contains("paused") && daemonLog.contains("[key withheld]"), "\(daemonLog)")
        #expect(Self.leaks(daemonLog) == nil, "the daemon logged \(Self.leaks(daemonLog) ?? "")")
        // `learn run` meets it too (Retry now lifts the pause), and prints it.
        #expect(try box.run(["learn", "retry", "Physics", "Ohm"], extraEnvironment: keyed).status == 0)
        let run = try box.run(["learn", "run"], extraEnvironment: keyed)
        let asked = try box.requests().count
        #expect(run.status == 75 && asked == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("HTTP 401") && run.stdout.contains("[key withheld]"), "\(run.stdout)")
        #expect(Self.leaks(run.stdout + run.stderr) == nil, "learn run printed \(Self.leaks(run.stdout + run.stderr) ?? "")")
        for arguments in [["learn", "list"], ["learn", "list", "--json"]] {
            let list = try box.run(arguments, extraEnvironment: keyed)
            #expect(list.stdout.contains("[key withheld]"), "\(arguments): \(list.stdout)")
            #expect(Self.leaks(list.stdout + list.stderr) == nil, "\(arguments) printed \(Self.leaks(list.stdout) ?? "")")
        }
        // Not a byte of it in the store's files: it was never written.
        for suffix in ["", "-wal", "-shm"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: box.databasePath + suffix))) ?? Data()
            let leaked = (0...(Self.key.count - 8)).first { bytes.range(of: Data(Self.key.utf8.dropFirst($0).prefix(8))) != nil }
            #expect(leaked == nil, "dose.sqlite3\(suffix) holds part of the key")
        }
    }

    @Test func messagesStoredBeforeRedactionAreRedactedOnReadAndScrubbedByTheWorker() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        // What an earlier build stored: the provider's 401 message with the key in it, and the queue paused for
        // the settings and key in use (so nothing is asked again).
        let old = "the provider refused the API key (HTTP 401): Incorrect API key provided: \(Self.key); check provider.key-file"
        let settings = ProviderSettings(url: box.providerURL, model: "test-model", keyFile: nil)
        let store = LearningStore(database: try Database(path: box.databasePath))
        #expect(try store.beginAttempt(subject: "Physics", topic: "Ohm", now: 1))
        try store.pause(subject: "Physics", topic: "Ohm", reason: old, fingerprint: settings.fingerprint(key: Self.key))
        let keyed = ["DOSE_PROVIDER_KEY": Self.key]
        for arguments in [["learn", "list"], ["learn", "list", "--json"]] {
            let list = try box.run(arguments, extraEnvironment: keyed)
            #expect(list.stdout.contains("paused") && list.stdout.contains("[key withheld]"), "\(list.stdout)")
            #expect(Self.leaks(list.stdout) == nil, "\(arguments) printed the stored key: \(list.stdout)")
        }
        let run = try box.run(["learn", "run"], extraEnvironment: keyed)
        #expect(run.status == 75 && run.stdout.contains("Paused:"), "\(run.stdout)\(run.stderr)")
        #expect(Self.leaks(run.stdout) == nil, "\(run.stdout)")
        #expect(try box.requests().isEmpty, "the pause still holds")
        // The worker rewrote the stored messages: read back, neither holds the key now.
        let entry = try #require(try store.entry(subject: "Physics", topic: "Ohm"))
        let state = try store.queueState()
        for text in [entry.pending?.lastError ?? "", state.pauseReason ?? ""] {
            #expect(text.contains("[key withheld]") && Self.leaks(text) == nil, "\(text)")
        }
        #expect(state.pauseFingerprint == settings.fingerprint(key: Self.key), "the pause is kept")
    }
}
