import DoseTestSupport
import Glibc
import Testing

@testable import DoseSystem

/// The clock seam (`DOSE_TEST_CLOCK_OFFSET`): what a value means, the shifted reading and the real instant a
/// timer is armed for. The programs under it are tested end to end (DoseAppTests' `TestClockTests`, and every
/// scenario of tests/run-e2e.sh, which runs on fixed dates through it).
@Suite(.timeLimit(.minutes(5)), .watched) struct WallClockTests {
    @Test func absentOrEmptyIsNoShift() {
        #expect(WallClock.parseOffset(nil) == .success(0))
        #expect(WallClock.parseOffset("") == .success(0))
    }

    @Test func signedWholeSeconds() {
        #expect(WallClock.parseOffset("0") == .success(0))
        #expect(WallClock.parseOffset("86400") == .success(86_400))
        #expect(WallClock.parseOffset("+3600") == .success(3_600))
        #expect(WallClock.parseOffset("-20000000") == .success(-20_000_000))
        #expect(WallClock.parseOffset("-0") == .success(0))
        #expect(WallClock.parseOffset(String(WallClock.offsetLimit)) == .success(WallClock.offsetLimit))
        #expect(WallClock.parseOffset("-\(WallClock.offsetLimit)") == .success(-WallClock.offsetLimit))
    }

    /// A typo must not quietly test the real date: every malformed value is refused, with the variable named.
    @Test(arguments: ["abc", "12s", "1.5", " 60", "60 ", "--1", "+-1", "-", "+", "1e6", "0x10", "٣", "１２",
                      "\(WallClock.offsetLimit + 1)", "-\(WallClock.offsetLimit + 1)", "99999999999999999999"])
    func malformedIsRefused(_ value: String) {
        guard case .failure(let problem) = WallClock.parseOffset(value) else {
            Issue.record("\(String(reflecting: value)) was taken as an offset")
            return
        }
        #expect(problem.value == value)
        #expect(problem.description.hasPrefix("DOSE_TEST_CLOCK_OFFSET=\(String(reflecting: value)) is not a whole number"))
    }

    @Test func theShiftIsAddedToTheRealClock() {
        let fiveDaysBack = WallClock.Shift(seconds: -5 * 86_400)
        #expect(fiveDaysBack.reading(real: 1_800_000_000) == 1_800_000_000 - 432_000)
        let anHourOn = WallClock.Shift(seconds: 3_600)
        #expect(anHourOn.reading(real: 1_800_000_000) == 1_800_003_600)
    }

    /// A notification planned for 08:00 on the shifted clock is armed at the real instant that corresponds, so it
    /// fires when the shifted clock shows 08:00 (not at once, nor months away).
    @Test func theTimersRealInstantUndoesTheShift() {
        for seconds: Int64 in [-200 * 86_400, -1, 0, 1, 37 * 86_400 + 5] {
            let shift = WallClock.Shift(seconds: seconds)
            let planned: Int64 = 1_780_000_000
            let real = shift.realInstant(of: planned)
            #expect(real == planned - seconds)
            #expect(shift.reading(real: real) == planned)
        }
    }

    /// In this process (no variable set by the test runner, or one the runner chose): the reading is the real
    /// clock plus the process's shift, advancing with it, and the timer's instant is that reading less it.
    @Test func theProcessClockIsTheRealOneShifted() {
        let shift = WallClock.shift.seconds
        var before = timespec()
        clock_gettime(CLOCK_REALTIME, &before)
        let reading = WallClock.now()
        var after = timespec()
        clock_gettime(CLOCK_REALTIME, &after)
        #expect(reading - shift >= Int64(before.tv_sec))
        #expect(reading - shift <= Int64(after.tv_sec))
        #expect(WallClock.realInstant(of: reading) == reading - shift)
    }
}
