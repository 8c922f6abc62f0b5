import DoseCore
import DoseTestSupport
import Glibc
import Testing

@testable import DoseSystem

/// The planning rule on the real tz database (GLib's GTimeZone), across DST in the zones that matter.
@Suite(.timeLimit(.minutes(5)), .watched) struct SystemZoneTests {
    func zone(_ name: String) throws -> SystemZone {
        try #require(SystemZone(identifier: name))
    }

    func time(_ text: String) throws -> LocalTime {
        try #require(LocalTime(parsing: text))
    }

    func date(_ text: String) throws -> CivilDate {
        try #require(CivilDate(iso: text))
    }

    @Test func aFileThatIsNoZoneIsNoZone() throws {
        // GLib asserted on these (a CRITICAL on stderr) or, for a FIFO, would block reading it.
        #expect(SystemZone(identifier: "/etc/passwd") == nil)
        #expect(SystemZone(identifier: "../../../../etc/passwd") == nil)
        let fifo = "/tmp/dose-zone-fifo-\(getpid())"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(SystemZone(identifier: fifo) == nil)
        // What is a zone stays one: a file, a path to one, a name GLib knows itself, a POSIX rule.
        for name in ["Europe/London", "/usr/share/zoneinfo/Asia/Kolkata", "UTC", "EST5EDT"] {
            #expect(SystemZone(identifier: name) != nil, "\(name)")
        }
    }

    @Test func offsetsAroundLondonTransitions() throws {
        let london = try zone("Europe/London")
        #expect(london.utcOffset(at: 1_774_746_000 - 1) == 0)
        #expect(london.utcOffset(at: 1_774_746_000) == 3600)
        #expect(london.utcOffset(at: 1_792_890_000 - 1) == 3600)
        #expect(london.utcOffset(at: 1_792_890_000) == 0)
    }

    @Test func springForwardGapFiresAtTheFirstValidInstant() throws {
        // London 2026-03-29: 01:00 GMT jumps to 02:00 BST; 01:30 does not exist.
        let london = try zone("Europe/London")
        let instant = london.firstInstant(on: try date("2026-03-29"), at: try time("01:30"))
        #expect(instant == 1_774_746_000)
        #expect(london.iso8601(instant) == "2026-03-29T02:00:00+01:00")
        // New York 2026-03-08: 02:30 does not exist; fires at 03:00 EDT.
        let newYork = try zone("America/New_York")
        #expect(newYork.iso8601(newYork.firstInstant(on: try date("2026-03-08"), at: try time("02:30")))
            == "2026-03-08T03:00:00-04:00")
        // Lord Howe 2026-10-04: 02:00 +10:30 jumps to 02:30 +11:00 (a 30-minute shift).
        let lordHowe = try zone("Australia/Lord_Howe")
        #expect(lordHowe.iso8601(lordHowe.firstInstant(on: try date("2026-10-04"), at: try time("02:15")))
            == "2026-10-04T02:30:00+11:00")
    }

    @Test func autumnRepeatFiresOnceAtTheFirstOccurrence() throws {
        let london = try zone("Europe/London")
        let day = try date("2026-10-25")
        let first = london.firstInstant(on: day, at: try time("01:30"))
        #expect(london.iso8601(first) == "2026-10-25T01:30:00+01:00")
        // Planning again during the repeated hour, after firing, does not fire again.
        let secondOccurrence = first + 3600
        let plan = FirePlanner.plan(now: secondOccurrence, zone: london, notifyTime: try time("01:30"), lastFired: day)
        #expect(plan.action == .armed)
        #expect(plan.day == day.adding(days: 1))
    }

    @Test func kolkataHasNoDSTAndAHalfHourOffset() throws {
        let kolkata = try zone("Asia/Kolkata")
        let instant = kolkata.firstInstant(on: try date("2026-07-01"), at: try time("08:00"))
        #expect(kolkata.iso8601(instant) == "2026-07-01T08:00:00+05:30")
        #expect(kolkata.civilDate(at: instant - 8 * 3600 - 1) == (try date("2026-06-30")))
    }

    @Test func suspendAcrossNotifyTimeFiresOnceOnResume() throws {
        let newYork = try zone("America/New_York")
        let notify = try time("08:00")
        let day = try date("2026-11-30")
        let fireAt = newYork.firstInstant(on: day, at: notify)
        let beforeSleep = FirePlanner.plan(now: fireAt - 5 * 3600, zone: newYork, notifyTime: notify, lastFired: nil)
        #expect(beforeSleep.action == .armed)
        // The machine wakes two hours after notify-time: fire now, once.
        let resumed = FirePlanner.plan(now: fireAt + 7200, zone: newYork, notifyTime: notify, lastFired: nil)
        #expect(resumed.action == .fireNow)
        #expect(resumed.day == day)
        let afterFire = FirePlanner.plan(now: fireAt + 7201, zone: newYork, notifyTime: notify, lastFired: day)
        #expect(afterFire.action == .armed)
        #expect(afterFire.fireAt == newYork.firstInstant(on: day.adding(days: 1), at: notify))
    }

    @Test func unknownZoneIsNil() {
        #expect(SystemZone(identifier: "Not/AZone") == nil)
    }
}
