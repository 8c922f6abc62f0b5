@testable import DoseHTTP
import DoseTestSupport
import Testing

/// The low-speed rule as one instant, and the driver's one wake-up, on an injected clock (microseconds).
@Suite(.timeLimit(.minutes(1)), .watched) struct StallWatchTests {
    static let second: Int64 = 1_000_000

    @Test func noDeadlineBeforeTheConnectionOpensOrWhileTheRuleIsOff() {
        var waiting = StallWatch(bytesPerSecond: 1, seconds: 10)
        waiting.observe(connected: false, moved: 0, at: 5 * Self.second)
        #expect(waiting.deadline == nil)
        #expect(!waiting.isStalled(at: 1_000 * Self.second))
        for (rate, seconds) in [(0, 10), (1, 0)] {
            var off = StallWatch(bytesPerSecond: rate, seconds: seconds)
            off.observe(connected: true, moved: 0, at: 0)
            #expect(off.deadline == nil, "\(rate) B/s for \(seconds) s")
        }
    }

    @Test func aSilentConnectionIsTooSlowOneWindowAfterItOpened() {
        var watch = StallWatch(bytesPerSecond: 1, seconds: 10)
        watch.observe(connected: true, moved: 0, at: 2 * Self.second)
        #expect(watch.deadline == 12 * Self.second)
        #expect(!watch.isStalled(at: 12 * Self.second - 1))
        #expect(watch.isStalled(at: 12 * Self.second))
        // Looking again without anything new moves nothing.
        watch.observe(connected: true, moved: 0, at: 7 * Self.second)
        #expect(watch.deadline == 12 * Self.second)
    }

    @Test func enoughBytesPushTheDeadlineToWhenTheyLeaveTheWindow() {
        var watch = StallWatch(bytesPerSecond: 10, seconds: 4)
        watch.observe(connected: true, moved: 0, at: 0)
        // 40 bytes is one window's worth: the window holds enough until they are 4 s old.
        watch.observe(connected: true, moved: 40, at: 3 * Self.second)
        #expect(watch.deadline == 7 * Self.second)
        watch.observe(connected: true, moved: 80, at: 6 * Self.second)
        #expect(watch.deadline == 10 * Self.second)
    }

    @Test func aTrickleBelowTheRateKeepsTheFirstDeadline() {
        var watch = StallWatch(bytesPerSecond: 10, seconds: 4)
        watch.observe(connected: true, moved: 0, at: 0)
        for second in 1...3 {
            watch.observe(connected: true, moved: second * 5, at: Int64(second) * Self.second)
            #expect(watch.deadline == 4 * Self.second, "after \(second) s")
        }
        #expect(watch.isStalled(at: 4 * Self.second))
    }

    @Test func bytesSpreadOverTheWindowCountTogether() {
        var watch = StallWatch(bytesPerSecond: 10, seconds: 4)
        watch.observe(connected: true, moved: 0, at: 0)
        // 20 bytes at 1 s and 20 at 3 s: 40 in the window until the first 20 are 4 s old.
        watch.observe(connected: true, moved: 20, at: 1 * Self.second)
        watch.observe(connected: true, moved: 40, at: 3 * Self.second)
        #expect(watch.deadline == 5 * Self.second)
        // Past 5 s the first 20 are out: the 20 left are not enough, so the hop is too slow at once.
        watch.observe(connected: true, moved: 40, at: 5 * Self.second + 1)
        #expect(watch.isStalled(at: 5 * Self.second + 1))
    }

    @Test func arrivalsCloseTogetherShareAnEntryAndNeverEndTheHopEarly() throws {
        var watch = StallWatch(bytesPerSecond: 1, seconds: 16)
        watch.observe(connected: true, moved: 0, at: 0)
        // One arrival a millisecond for 10 s: entries merge (a sixteenth of the window each), stamped late.
        var moved = 0
        var now: Int64 = 0
        for _ in 0..<10_000 {
            now += 1_000
            moved += 1
            watch.observe(connected: true, moved: moved, at: now)
        }
        let deadline = try #require(watch.deadline)
        // Exactly: the 16 newest bytes leave the window 16 s after they came (at 10 s); merging may only delay that.
        #expect(deadline >= now + 16 * Self.second)
        #expect(deadline <= now + 17 * Self.second)
    }

    /// A burst, then a steady trickle below the rate in pieces closer together than an entry's span:
    /// too slow once the burst has left the window, however often the trickle comes.
    @Test func aFrequentTrickleAfterABurstIsTooSlowOnceTheBurstIsOld() throws {
        var watch = StallWatch(bytesPerSecond: 10, seconds: 4)
        watch.observe(connected: true, moved: 0, at: 0)
        watch.observe(connected: true, moved: 100, at: 100_000)
        var moved = 100
        var stalledAt: Int64?
        for step in 1...40 {
            // 1 byte every 0.2 s: 5 B/s, half the rule's 10.
            let now = 100_000 + Int64(step) * 200_000
            moved += 1
            watch.observe(connected: true, moved: moved, at: now)
            if watch.isStalled(at: now) {
                stalledAt = now
                break
            }
        }
        let at = try #require(stalledAt, "a 5 B/s trickle was never too slow for a 10 B/s rule")
        // The burst leaves the window 4 s after it came; a sixteenth of the window (and one step) late at most.
        #expect(at >= 4_100_000)
        #expect(at <= 4_100_000 + 250_000 + 200_000)
    }

    @Test func theWakeUpIsTheEarliestInstantDue() {
        #expect(WakeUp.next(curl: nil, stalls: []) == nil)
        #expect(WakeUp.next(curl: 50, stalls: []) == 50)
        #expect(WakeUp.next(curl: nil, stalls: [70, 30]) == 30)
        #expect(WakeUp.next(curl: 20, stalls: [70, 30]) == 20)
    }

    @Test func libcurlsTimerIsReadAsTheInstantItMeans() {
        #expect(WakeUp.curlInstant(-1, now: 1_000) == nil)
        #expect(WakeUp.curlInstant(0, now: 1_000) == 1_000)
        // libcurl truncated its wait: waking at now + 5 ms could find nothing expired yet.
        #expect(WakeUp.curlInstant(5, now: 1_000) == 7_000)
    }

    @Test func theTimeoutNeverFiresEarly() {
        #expect(WakeUp.milliseconds(until: 1_000, now: 1_000) == 0)
        #expect(WakeUp.milliseconds(until: 500, now: 1_000) == 0)
        #expect(WakeUp.milliseconds(until: 1_001, now: 1_000) == 1)
        #expect(WakeUp.milliseconds(until: 3_000, now: 1_000) == 2)
        #expect(WakeUp.milliseconds(until: Int64(UInt32.max) * 10_000, now: 0) == UInt32.max)
    }
}
