import DoseTestSupport
import Foundation
import Testing

/// Pack text never reaches the terminal as an escape sequence, in reports or in doses.
@Suite(.timeLimit(.minutes(5)), .watched) struct TerminalOutputTests {
    /// C0 but newline and tab, DEL, C1: anything a terminal could take as a control.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// A refused pack's report quotes its ids and keys: C1 and ESC in them come out as escapes.
    @Test func validationReportsAreNeutralised() throws {
        let sandbox = try Sandbox()
        let pack = try sandbox.write("hostile.json", #"""
            {"format": "daily-dose-pack/1", "items": [
              {"id": "evil\u009b2J\u001b]0;pwned\u0007", "kind": "fact", "text": "x"},
              {"id": "ok", "kind": "fact", "text": "y", "x\u009d52;c;aGk=\u009c": 1}
            ]}
            """#)
        for command in ["validate", "import"] {
            let run = try sandbox.dose(command, pack)
            #expect(run.status == 65)
            #expect(run.stderr.contains("evil") && run.stderr.contains("52;c;"), "\(run.stderr)")
            #expect(Self.controls(run.stderr + run.stdout).isEmpty, "\(Self.controls(run.stderr)) in \(run.stderr)")
        }
    }

    /// Text that got into the store around the validator (a damaged or edited file) is printed safely.
    @Test func doseTextFromADamagedStoreIsNeutralised() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let today = try sandbox.dose("today", "--date", "2026-01-01", "--json")
        let id = try #require(try Sandbox.jsonLines(today.stdout).first?["id"] as? String)
        let sql = """
            UPDATE items SET title = 'T' || char(27) || ']0;pwned' || char(7) || char(155) || '2J',
            text = 'x' || char(27) || '[2J' || char(157) || '52;c;aGk=' || char(156) || char(10) || 'y' WHERE id = '\(id)';
            DELETE FROM meta WHERE key LIKE '%digest%';
            """
        let update = try ChildProcess.run("/usr/bin/sqlite3", [sandbox.databasePath, sql], environment: ChildProcess.basicEnvironment)
        #expect(update.exitCode == 0, "\(update)")
        try? FileManager.default.removeItem(atPath: sandbox.snapshotPath)
        let show = try sandbox.dose("show", id)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("pwned"), "the damaged title was printed: \(show.stdout)")
        let json = try sandbox.dose("show", id, "--json")
        #expect(json.stdout.contains(#"\u009b2J"#) && json.stdout.contains(#"\u001b]0;pwned"#), "\(json.stdout)")
        // The one-line views keep the damaged item on its line, controls escaped.
        let found = try sandbox.dose("search", "pwned")
        #expect(found.status == 0 && found.stdout.split(separator: "\n").count == 1 && found.stdout.contains(id), "\(found.stdout)")
        let calendar = try sandbox.dose("calendar", "--from", "2026-01-01", "--days", "1", "--all")
        #expect(calendar.stdout.split(separator: "\n").count == 1 && calendar.stdout.contains("pwned"), "\(calendar.stdout)")
        for run in [show, json, try sandbox.dose("today", "--date", "2026-01-01"),
                    try sandbox.dose("today", "--date", "2026-01-01", "--answer"), found, calendar,
                    try sandbox.dose("list"), try sandbox.dose("list", "--json"),
                    try sandbox.notify("--dry-run", "--date", "2026-01-01"), try sandbox.notify("--dry-run", "--id", id)]
        {
            #expect(Self.controls(run.stdout + run.stderr).isEmpty, "\(Self.controls(run.stdout)) in \(run.stdout)")
        }
    }
}
