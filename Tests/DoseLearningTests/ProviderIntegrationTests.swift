import DoseTestSupport
import Foundation
import Testing

/// The real `dose` binary against the scripted loopback provider.
@Suite(.timeLimit(.minutes(5)), .watched) struct ProviderIntegrationTests {
    @Test func successGeneratesEachArtifactOnceAndTicksNeverRegenerate() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        for topic in ["Ohm", "Kirchhoff", "Thevenin"] { #expect(try box.dose("learn", "tick", "Circuits", topic).status == 0) }
        #expect(try box.list()["Ohm"]?["state"] as? String == "pending")
        let run = try box.dose("learn", "run")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("3 ready, 0 pending"))
        for topic in ["Ohm", "Kirchhoff", "Thevenin"] {
            #expect(try box.calls(topic, "deck") == 1 && box.calls(topic, "quiz") == 1)
            #expect(try box.list()[topic]?["state"] as? String == "ready")
        }
        // Ticking ready topics again (twice) and running again calls nothing.
        #expect(try box.dose("learn", "tick", "Circuits", "Ohm").stdout.contains("ready"))
        try box.dose("learn", "tick", "Circuits", "Ohm")
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.requests().count == 6)
        let deck = try box.dose("learn", "deck", "Circuits", "Ohm")
        #expect(deck.status == 0 && deck.stdout.contains("10 cards"))
        // Choices are shuffled on every attempt: the right letters follow from the injected seed.
        let quiz = try box.run(["learn", "quiz", "Circuits", "Ohm", "--interactive"],
            stdin: QuizCLITests.rightLetters(seed: 11, answers: [0, 1, 2, 3, 0, 1]), extraEnvironment: ["DOSE_QUIZ_SEED": "11"])
        #expect(quiz.stdout.contains("Score: 6/6"), "\(quiz.stdout)")
        let missing = try box.dose("learn", "deck", "Circuits", "Norton")
        #expect(missing.status == 66 && missing.stderr.contains("not ticked"))
        let bad = try box.dose("learn", "tick", "Circuits", " ")
        #expect(bad.status == 64 && bad.stderr.contains("the topic is empty"))
    }

    @Test func deckFineQuizFailingThenOnlyTheQuizIsAskedFor() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"kind": "quiz", "responses": ["500", "malformed", "invalid", "garbage"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Circuits", "Ohm")
        for attempt in 1...4 {
            let run = try box.dose("learn", "run")
            #expect(run.status == 75, "attempt \(attempt): \(run.stdout)")
            let entry = try #require(try box.list()["Ohm"])
            #expect(entry["state"] as? String == "pending")
            #expect(entry["hasDeck"] as? Bool == true && entry["hasQuiz"] as? Bool == false)
            #expect(entry["nextAttemptAt"] is String)
        }
        let lastError = try box.list()["Ohm"]?["lastError"] as? String ?? ""
        #expect(lastError.contains("not a JSON object"), "\(lastError)")
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.calls("Ohm", "deck") == 1, "the deck was never asked for again")
        #expect(try box.calls("Ohm", "quiz") == 5)
        #expect(try box.list()["Ohm"]?["state"] as? String == "ready")
    }

    /// Until when `dose learn list --json` says every topic is held (its `queue.until`).
    static func holdUntil(_ entry: [String: Any]?) -> String? {
        (entry?["queue"] as? [String: Any])?["until"] as? String
    }

    @Test func retryAfterIsHonouredAndCapped() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"topic": "Ohm", "responses": ["429:300"]}, {"topic": "Gauss", "responses": ["429:7200"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let before = Int64(Date().timeIntervalSince1970)
        #expect(try box.dose("learn", "run").status == 75)
        // A 429 is the provider's: it holds every topic (the queue's `until`), not Ohm's own backoff.
        #expect(try box.list()["Ohm"]?["nextAttemptAt"] is NSNull)
        let next = try #require(Self.holdUntil(try box.list()["Ohm"]))
        let wait = try #require(Self.parseISO(next)) - before
        #expect((295...305).contains(wait), "Retry-After 300 → \(wait) s")
        try box.dose("learn", "tick", "Physics", "Gauss")
        let start = Int64(Date().timeIntervalSince1970)
        _ = try box.dose("learn", "run")  // Ohm now succeeds (a run ignores backoff); Gauss gets 429 with 2 h
        let gauss = try #require(Self.parseISO(Self.holdUntil(try box.list()["Gauss"]) ?? ""))
        #expect((895...905).contains(gauss - start), "Retry-After 7200 capped at 900 → \(gauss - start) s")
        #expect(try box.list()["Ohm"]?["state"] as? String == "ready")
    }

    /// Times shown to people are local (`next try at 15:28`), never UTC `…Z`; JSON carries the offset.
    @Test func theNextTryIsShownInLocalTime() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"topic": "Ohm", "responses": ["429:300"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        #expect(try box.dose("learn", "run").status == 75)
        let kolkata = ["TZ": "Asia/Kolkata"]
        let json = try box.run(["learn", "list", "--json"], extraEnvironment: kolkata)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let next = try #require(Self.holdUntil(object))
        #expect(next.hasSuffix("+05:30"), "\(next)")
        let hhmm = String(next.dropFirst(11).prefix(5))
        let text = try box.run(["learn", "list"], extraEnvironment: kolkata)
        #expect(text.stdout.contains("next try at \(hhmm)") || text.stdout.contains("next try tomorrow at \(hhmm)"), "\(text.stdout)")
        #expect(!text.stdout.contains("Z)") && !text.stdout.contains("Z;"), "\(text.stdout)")
        // The locale's clock: 12 hours under en_US (`3:28 PM`), the words unchanged.
        let hour = Int(hhmm.prefix(2))!
        let twelve = "\(hour % 12 == 0 ? 12 : hour % 12):\(hhmm.suffix(2)) \(hour < 12 ? "AM" : "PM")"
        let us = try box.run(["learn", "list"], extraEnvironment: kolkata.merging(["LANG": "en_US.UTF-8"]) { $1 })
        #expect(us.stdout.contains("next try at \(twelve)") || us.stdout.contains("next try tomorrow at \(twelve)"), "\(us.stdout)")
    }

    @Test func aHangPastTheTimeoutIsAFailedAttempt() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"kind": "deck", "responses": ["hang:10"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let start = Date()
        let run = try box.dose("learn", "run")
        #expect(Date().timeIntervalSince(start) < 8, "the 2 s timeout cut the 10 s hang")
        #expect(run.status == 75)
        let entry = try #require(try box.list()["Ohm"])
        #expect(entry["attempts"] as? Int == 1)
        #expect((entry["lastError"] as? String ?? "").contains("cannot reach the provider") || (entry["lastError"] as? String ?? "").contains("request failed"), "\(entry)")
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.calls("Ohm", "deck") == 2 && box.calls("Ohm", "quiz") == 1)
    }

    @Test func unauthorizedPausesUntilTheProviderConfigChanges() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"responses": ["401"]}]}"#)
        try box.configureProvider()
        for topic in ["Ohm", "Gauss"] { try box.dose("learn", "tick", "Physics", topic) }
        #expect(try box.dose("learn", "run").status == 75)
        #expect(try box.dose("learn", "run").status == 75)
        #expect(try box.requests().count == 1, "a pause spends no more attempts")
        let ohm = try #require(try box.list()["Ohm"])
        #expect(ohm["state"] as? String == "paused")
        #expect(((ohm["queue"] as? [String: Any])?["reason"] as? String ?? "").contains("401"), "\(ohm)")
        // docs/learning.md: a pause spends no attempt, and `learn list` shows none.
        for topic in ["Ohm", "Gauss"] { #expect(try box.list()[topic]?["attempts"] as? Int == 0, "\(topic)") }
        #expect(!(try box.dose("learn", "list").stdout.contains("attempt")))
        #expect(try box.list()["Gauss"]?["state"] as? String == "paused")
        // A key appears: the settings changed, the queue resumes.
        let keyFile = box.root.appendingPathComponent("key").path
        try "sk-test-secret\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o644)
        #expect(try box.dose("config", "set", "provider.key-file", keyFile).status == 0)
        let refused = try box.list()["Ohm"]
        #expect(refused?["state"] as? String == "waiting-for-provider")
        #expect(((refused?["queue"] as? [String: Any])?["reason"] as? String ?? "").contains("chmod 600"), "\(String(describing: refused))")
        chmod(keyFile, 0o600)
        let run = try box.dose("learn", "run")
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try box.requests().last?["auth"] as? Bool == true)
        #expect(!(try box.dose("config").stdout.contains("sk-test-secret")))
        #expect(!run.stdout.contains("sk-test-secret") && !run.stderr.contains("sk-test-secret"))
    }

    /// An Azure-style `provider.url` with a query: the path is joined, the query kept, the fragment dropped.
    @Test func aQueryInTheProviderURLIsKeptAfterTheJoinedPath() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        #expect(try box.dose("config", "set", "provider.url", box.providerURL + "/deployments/d?api-version=2024-02-01#x").status == 0)
        #expect(try box.dose("config", "set", "provider.model", "test-model").status == 0)
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.dose("learn", "run")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let requests = try box.requests()
        #expect(requests.count == 2)
        for request in requests {
            #expect(request["path"] as? String == "/v1/deployments/d/chat/completions")
            #expect(request["query"] as? String == "api-version=2024-02-01")
        }
    }

    /// A key file with an ESC (or a NUL) in it is refused, naming the file: no request without the key.
    @Test func aKeyFileWithControlCharactersIsRefused() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        let keyFile = box.root.appendingPathComponent("key").path
        for bytes in [Array("sk-ab\u{1B}]0;owned\u{07}c\n".utf8), Array("sk-ab".utf8) + [0] + Array("c\n".utf8)] {
            #expect(FileManager.default.createFile(atPath: keyFile, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
            #expect(try box.dose("config", "set", "provider.key-file", keyFile).status == 0)
            try box.dose("learn", "tick", "Physics", "Ohm")
            let run = try box.dose("learn", "run")
            #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("the key file \(keyFile) (provider.key-file) holds a control character"), "\(run.stdout)")
            #expect(try box.requests().isEmpty, "nothing is sent without the key")
            let entry = try box.list()["Ohm"]
            #expect(entry?["state"] as? String == "waiting-for-provider")
        }
    }

    @Test func untickRemovesThePendingEntry() throws {
        let box = try LearnSandbox()
        try box.dose("learn", "tick", "Physics", "Ohm")
        #expect(try box.dose("learn", "untick", "Physics", "Ohm").status == 0)
        #expect(try box.list().isEmpty)
        #expect(try box.dose("learn", "untick", "Physics", "Ohm").status == 66)
    }

    static func parseISO(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text).map { Int64($0.timeIntervalSince1970) }
    }
}
