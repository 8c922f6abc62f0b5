import DoseTestSupport
import Foundation
import Testing

/// `dose-notify --dry-run` works from the snapshot and config alone.
@Suite(.timeLimit(.minutes(5)), .watched) struct DryRunTests {
    @Test func worksWithTheDatabaseGoneOrCorrupt() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let before = try sandbox.notify("--dry-run", "--date", "2026-12-02", "--json")
        #expect(before.status == 0, "\(before.stderr)")

        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: sandbox.databasePath))
        let corrupt = try sandbox.notify("--dry-run", "--date", "2026-12-02", "--json")
        #expect(corrupt.stdout == before.stdout)

        try FileManager.default.removeItem(atPath: sandbox.databasePath)
        let gone = try sandbox.notify("--dry-run", "--date", "2026-12-02", "--json")
        #expect(gone.status == 0)
        #expect(gone.stdout == before.stdout)
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "the scheduler never creates the store")
    }

    @Test func questionCopyWithholdsAnswerAndExplanation() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let run = try sandbox.notify("--dry-run", "--id", "q-weber", "--date", "2026-11-29", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try Sandbox.jsonLines(run.stdout).first)
        #expect(object["id"] as? String == "q-weber")
        #expect(object["kind"] as? String == "question")
        #expect(object["summary"] as? String == "Question of the day")
        #expect(object["body"] as? String == "What is one weber?")
        #expect(!run.stdout.contains("ANSWER"))
        #expect(!run.stdout.contains("EXPLAIN"))
        #expect(!run.stdout.contains("today"))
        #expect((object["fireAt"] as? String)?.hasPrefix("2026-11-29T08:00:00") == true)
    }

    @Test func nextNotificationUsesNotifyTimeAndZone() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        #expect(try sandbox.dose("config", "set", "notify-time", "07:30").status == 0)
        let run = try sandbox.run(
            "dose-notify", ["--dry-run", "--json", "--date", "2026-07-01"], extraEnvironment: ["TZ": "Asia/Kolkata"])
        let object = try #require(try Sandbox.jsonLines(run.stdout).first)
        #expect(object["fireAt"] as? String == "2026-07-01T07:30:00+05:30")

        // Today already fired (the scheduler's stamp): the next notification is tomorrow's, at 07:30.
        let stamp = sandbox.root.appendingPathComponent("state/daily-dose/last-fired")
        let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        let tomorrow = ISO8601DateFormatter.string(
            from: Date().addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        try (today + "\n").write(to: stamp, atomically: true, encoding: .utf8)
        let next = try sandbox.notify("--dry-run", "--json")
        #expect(next.status == 0, "\(next.stderr)")
        let planned = try #require(try Sandbox.jsonLines(next.stdout).first)
        #expect(planned["fireAt"] as? String == tomorrow + "T07:30:00+00:00")
        #expect(planned["date"] as? String == tomorrow)

        // Not fired yet today and 07:30 is past: the notification is due at once (Persistent=true).
        try FileManager.default.removeItem(at: stamp)
        try sandbox.dose("config", "set", "notify-time", "00:00")
        let due = try #require(try Sandbox.jsonLines(try sandbox.notify("--dry-run", "--json").stdout).first)
        #expect(due["date"] as? String == today)
        #expect(due["fireAt"] as? String != today + "T00:00:00+00:00", "a missed time fires now, not in the past")
    }

    @Test func missingSnapshotIsAClearError() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.notify("--dry-run")
        #expect(run.status == 66)
        #expect(run.stderr.contains("dose import"))
    }

    @Test func formulaCopyIsPlainUnicode() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let run = try sandbox.notify("--dry-run", "--id", "m-faraday", "--json")
        let object = try #require(try Sandbox.jsonLines(run.stdout).first)
        let body = try #require(object["body"] as? String)
        #expect(object["summary"] as? String == "Formula of the day: Faraday")
        #expect(!body.contains("\\") && !body.contains("{") && !body.contains("}"))
        #expect(body.contains("Φ"))
    }
}
