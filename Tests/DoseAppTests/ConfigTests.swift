import DoseTestSupport
import Foundation
import Testing

/// `dose config` validates at entry and stores atomically.
@Suite(.timeLimit(.minutes(5)), .watched) struct ConfigTests {
    @Test func branchIsTrimmedUpperCasedThenValidated() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("config", "set", "branch", " cs ").status == 0)
        #expect(try sandbox.dose("config", "get", "branch").stdout == "CS\n")
        let bad = try sandbox.dose("config", "set", "branch", "CSE")
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("branch"))
        #expect(try sandbox.dose("config", "get", "branch").stdout == "CS\n", "a bad value changes nothing")
    }

    @Test func notifyTimeDefaultsAndValidates() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("config", "get", "notify-time").stdout == "08:00\n")
        #expect(try sandbox.dose("config", "set", "notify-time", "25:00").status == 78)
        #expect(try sandbox.dose("config", "set", "notify-time", "06:45").status == 0)
        #expect(try sandbox.dose("config", "get", "notify-time").stdout == "06:45\n")
        #expect(try sandbox.dose("config", "unset", "notify-time").status == 0)
        #expect(try sandbox.dose("config", "get", "notify-time").stdout == "08:00\n")
        #expect(try sandbox.dose("config", "set", "no-such-key", "1").status == 64)
    }

    @Test func branchFiltersToday() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        #expect(try sandbox.dose("config", "set", "branch", "ee").status == 0)
        let run = try sandbox.dose("today", "--date", "2026-11-29", "--json")
        #expect(try Sandbox.jsonLines(run.stdout).first?["id"] as? String == "q-weber")
    }

    // MARK: Issue 11's smaller items

    /// A value that starts with `-` is the value, checked by its key, not a missing one.
    @Test func aValueStartingWithADashIsTheValue() throws {
        let sandbox = try Sandbox()
        for arguments in [["notify-time", "-1:00"], ["notify-time", "--", "-1:00"]] {
            let run = try sandbox.run("dose", ["config", "set"] + arguments)
            #expect(run.status == 78, "\(run.stderr)")
            #expect(run.stderr.contains(#"config key notify-time: "-1:00" is not a time of day as HH:MM"#), "\(run.stderr)")
            #expect(!run.stderr.contains("missing VALUE"))
        }
        let missing = try sandbox.dose("config", "set", "notify-time")
        #expect(missing.status == 64 && missing.stderr.contains("missing VALUE for notify-time"), "\(missing.stderr)")
        #expect(try sandbox.dose("config", "get", "notify-time").stdout == "08:00\n", "nothing was stored")
    }

    /// Only ASCII letters are upper-cased: "ß" is refused, not stored as "SS".
    @Test func nonASCIIBranchCodesAreRefused() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        for code in ["ß", "ﬀ", "ıı", "Ｃｓ", "çs"] {
            let run = try sandbox.dose("config", "set", "branch", code)
            #expect(run.status == 78, "\(code): \(run.stdout)")
            #expect(run.stderr.contains("config key branch: \"\(code)\" is not a branch code (two ASCII letters A–Z"), "\(run.stderr)")
            let today = try sandbox.dose("today", "--branch", code)
            #expect(today.status == 64 && today.stderr.contains("is not a branch code"), "\(code): \(today.stdout)")
        }
        #expect(try sandbox.dose("config", "get", "branch").status == 1, "nothing was stored")
        #expect(try sandbox.dose("config", "set", "branch", "ee").stdout == "branch = EE\n")
    }

    /// `--date`/`--days` never run past 9999-12-31, which `--date` could not name back.
    @Test func dayRangesStopAtTheLastDateDateTakes() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let past = "--days 3 from 9999-12-30 runs past 9999-12-31, the last date --date takes; use --days 2 or less"
        let today = try sandbox.dose("today", "--date", "9999-12-30", "--days", "3")
        #expect(today.status == 64 && today.stderr.contains(past), "\(today.stderr)")
        #expect(!today.stdout.contains("10000"), "\(today.stdout)")
        let preview = try sandbox.notify("--dry-run", "--date", "9999-12-30", "--days", "3")
        #expect(preview.status == 64 && preview.stderr.contains(past), "\(preview.stderr)")
        // Up to the last day works, and every date printed is one --date takes back.
        let last = try sandbox.dose("today", "--date", "9999-12-30", "--days", "2", "--json")
        #expect(last.status == 0, "\(last.stderr)")
        let dates = try Sandbox.jsonLines(last.stdout).compactMap { $0["date"] as? String }
        #expect(dates == ["9999-12-30", "9999-12-31"])
        for date in dates { #expect(try sandbox.dose("today", "--date", date).status == 0) }
        #expect(try sandbox.notify("--dry-run", "--date", "9999-12-31", "--days", "1").status == 0)
    }
}
