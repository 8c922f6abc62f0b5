import Foundation
import Testing

/// `dose config` validates at entry and stores atomically.
@Suite struct ConfigTests {
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
}
