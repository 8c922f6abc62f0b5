import DoseTestSupport
import Foundation
import Testing

/// The clock seam as the programs honour it: `DOSE_TEST_CLOCK_OFFSET` moves "now" for `dose` and `dose-notify`
/// alike (the end-to-end runner's fixed dates), and a malformed value is refused, not taken as no shift.
@Suite(.timeLimit(.minutes(5)), .watched) struct TestClockTests {
    /// The offset that puts the clock at `date` 12:00 UTC now.
    private static func offset(toNoonOf date: String) throws -> String {
        let formatter = ISO8601DateFormatter()
        let noon = try #require(formatter.date(from: "\(date)T12:00:00Z"))
        return String(Int64(noon.timeIntervalSince1970) - Int64(Date().timeIntervalSince1970))
    }

    @Test(arguments: ["2026-04-30", "2031-02-28", "2001-09-09"])
    func bothProgramsAgreeOnTheShiftedDay(_ day: String) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let shifted = ["DOSE_TEST_CLOCK_OFFSET": try Self.offset(toNoonOf: day)]

        let today = try sandbox.run("dose", ["today", "--json"], extraEnvironment: shifted, timeout: 30)
        #expect(today.status == 0, "\(today.stderr)")
        let item = try #require(try Sandbox.jsonLines(today.stdout).first)
        #expect(item["date"] as? String == day)
        // The dose of that day, as `--date` names it without the seam.
        let named = try sandbox.run("dose", ["today", "--date", day, "--json"], timeout: 30)
        #expect(named.stdout == today.stdout)

        let calendar = try sandbox.run("dose", ["calendar", "--days", "1"], extraEnvironment: shifted, timeout: 30)
        #expect(calendar.status == 0, "\(calendar.stderr)")
        #expect(calendar.stdout.contains(" \(day) "), "\(calendar.stdout)")

        // Past 08:00 on that day and not notified: the scheduler is due now, with the same dose.
        let dry = try sandbox.run("dose-notify", ["--dry-run", "--json"], extraEnvironment: shifted, timeout: 30)
        #expect(dry.status == 0, "\(dry.stderr)")
        let plan = try #require(try Sandbox.jsonLines(dry.stdout).first)
        #expect(plan["date"] as? String == day)
        #expect(plan["id"] as? String == item["id"] as? String)
        #expect((plan["fireAt"] as? String)?.hasPrefix("\(day)T12:") == true, "\(plan)")
    }

    @Test(arguments: ["tomorrow", "86400s", "1.5", "--5", "9999999999999"])
    func aMalformedOffsetIsRefusedByEachProgram(_ value: String) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let environment = ["DOSE_TEST_CLOCK_OFFSET": value]
        for (program, arguments) in [("dose", ["today", "--json"]), ("dose-notify", ["--dry-run", "--json"])] {
            let run = try sandbox.run(program, arguments, extraEnvironment: environment, timeout: 30)
            #expect(run.status == 78, "\(program): \(run.status) \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(program) printed a dose: \(run.stdout)")
            #expect(run.stderr.contains("\(program): DOSE_TEST_CLOCK_OFFSET=\"\(value)\" is not a whole number of seconds"),
                    "\(program): \(run.stderr)")
        }
    }
}
