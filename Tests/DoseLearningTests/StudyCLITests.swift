import DoseTestSupport
import Foundation
import Testing

/// `dose learn study` and `dose learn due` through piped input, and topic identity at the command line.
@Suite(.timeLimit(.minutes(5)), .watched) struct StudyCLITests {
    private func due(_ box: LearnSandbox) throws -> [String: Any] {
        let run = try box.dose("learn", "due", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1, "one document: \(run.stdout)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func scriptedGradesAreSavedAndTheCountsFollow() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "maths-ok"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Calculus", "Chain rule")
        try box.dose("learn", "tick", "Calculus", "Limits")
        #expect(try box.dose("learn", "run").status == 0)
        var counts = try due(box)
        #expect(counts["new"] as? Int == 20 && counts["due"] as? Int == 0 && counts["total"] as? Int == 20)
        let topics = counts["topics"] as? [[String: Any]] ?? []
        #expect(topics.map { $0["topic"] as? String } == ["Chain rule", "Limits"])
        #expect(topics.first?["subject"] as? String == "Calculus" && topics.first?["new"] as? Int == 10)

        // Three grades piped in, then q: saved; maths printed as plain text, no LaTeX left.
        let study = try box.run(["learn", "study", "calculus", "CHAIN RULE"], stdin: "3\n4\n1\nq\n3\n")
        #expect(study.status == 0, "\(study.stderr)")
        #expect(study.stdout.contains("[1 of 10] Chain rule dy/dx = x²: question 1?"), "\(study.stdout)")
        #expect(study.stdout.contains("→ Answer 1 about Chain rule dy/dx = x²."), "\(study.stdout)")
        // A card graded Good or Again comes back within the session (its 10- or 1-minute step): the total grows.
        #expect(study.stdout.contains("[2 of 11]") && study.stdout.contains("[3 of 11]") && study.stdout.contains("[4 of 12]"), "\(study.stdout)")
        #expect(!study.stdout.contains("question 5?"), "q quits: \(study.stdout)")
        #expect(!study.stdout.contains("\\frac") && !study.stdout.contains("$"), "\(study.stdout)")
        #expect(study.stdout.contains("Easy: next in 8 days") || study.stdout.contains("Easy: next"), "\(study.stdout)")
        #expect(study.stdout.contains("Graded 3 cards, saved. Due now: 0, new: 7, of 10 cards."), "\(study.stdout)")
        counts = try due(box)
        #expect(counts["new"] as? Int == 17)
        let text = try box.dose("learn", "due")
        #expect(text.stdout.contains("Calculus — Chain rule: 0 due, 7 new, 10 cards"), "\(text.stdout)")
        #expect(text.stdout.contains("Overall: 0 due, 17 new"), "\(text.stdout)")

        // The next session: 7 new cards, then the two in their learning steps (due within 20 minutes).
        let next = try box.run(["learn", "study", "Calculus", "Chain rule"], stdin: "3\n")
        #expect(next.stdout.contains("9 cards today") && next.stdout.contains("[1 of 9] Chain rule dy/dx = x²: question 4?"), "\(next.stdout)")

        // A line that is not a grade stops the script with 65, after saving the grades before it.
        let bad = try box.run(["learn", "study", "Calculus", "Limits"], stdin: "2\nfive\n3\n")
        #expect(bad.status == 65 && bad.stderr.contains("input line 2") && bad.stderr.contains("1 graded and saved"), "\(bad.stderr)")
        #expect(try due(box)["new"] as? Int == 15)
    }

    @Test func anotherSpellingIsTheSameTopicAndCostsNoCall() throws {
        let box = try LearnSandbox()
        try box.startProvider()
        try box.configureProvider()
        try box.dose("learn", "tick", "Calculus", "Chain rule")
        let again = try box.dose("learn", "tick", " calculus ", "CHAIN   RULE")
        #expect(again.status == 0)
        #expect(again.stdout.contains(#"topic "CHAIN   RULE" of subject "calculus" is topic "Chain rule" of subject "Calculus", ticked already."#), "\(again.stdout)")
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.requests().count == 2, "one deck and one quiz")
        #expect(try box.list().keys.sorted() == ["Chain rule"])
        // Ready now: another spelling says so and asks for nothing; deck and untick find it too.
        #expect(try box.dose("learn", "tick", "CALCULUS", "chain rule").stdout.contains("ready"))
        #expect(try box.dose("learn", "deck", "calculus", "chain rule").status == 0)
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.requests().count == 2)
        #expect(try box.dose("learn", "untick", "ｃａｌｃｕｌｕｓ", "Chain Rule").status == 0)
        #expect(try box.list().isEmpty)
    }

    /// `dose learn retry`: a topic waiting out its backoff is due at once; other topics are refused plainly.
    @Test func retryMakesAFailedTopicDueNow() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "ok", "rules": [{"kind": "deck", "topic": "Limits", "responses": ["500"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Calculus", "Limits")
        _ = try box.dose("learn", "run")
        #expect(try box.list()["Limits"]?["nextAttemptAt"] is String, "the failure set a next try")
        let retry = try box.dose("learn", "retry", "calculus", "LIMITS")
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(retry.stdout.contains(#"Retrying topic "Limits" of subject "Calculus" now"#), "\(retry.stdout)")
        #expect(try box.list()["Limits"]?["nextAttemptAt"] is NSNull)
        #expect(FileManager.default.fileExists(atPath: box.root.appendingPathComponent("runtime/daily-dose/learn.wake").path), "the daemon is woken")
        #expect(try box.dose("learn", "run").status == 0)
        #expect(try box.list()["Limits"]?["state"] as? String == "ready")
        let ready = try box.dose("learn", "retry", "Calculus", "Limits")
        #expect(ready.status == 66 && ready.stderr.contains("is not pending"), "\(ready.stderr)")
        let unknown = try box.dose("learn", "retry", "Calculus", "Limts")
        #expect(unknown.status == 66 && unknown.stderr.contains("is not ticked"), "\(unknown.stderr)")
    }
}
