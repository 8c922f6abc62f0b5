import DoseCore
import DoseTestSupport
import Testing

/// Times shown to people are local wall time, never UTC `…Z`.
@Suite(.timeLimit(.minutes(5)), .watched) struct HumanTimeTests {
    // 2026-11-30T12:00:00Z
    static let now: Int64 = 1_796_040_000

    @Test func todayTomorrowAndLaterInTheUsersZone() {
        let kolkata = FixedOffsetZone(offset: 19_800)
        // 09:58 UTC is 15:28 in Kolkata, the same local day as now (17:30 there).
        #expect(HumanTime.describe(Self.now - 7_320, now: Self.now, zone: kolkata) == "at 15:28")
        #expect(HumanTime.describe(Self.now + 86_400 - 7_320, now: Self.now, zone: kolkata) == "tomorrow at 15:28")
        #expect(HumanTime.describe(Self.now + 3 * 86_400, now: Self.now, zone: kolkata) == "on 2026-12-03 at 17:30")
        // Past local midnight in Kolkata (18:30 UTC) it is tomorrow there, though still today in UTC.
        #expect(HumanTime.describe(Self.now + 7 * 3600, now: Self.now, zone: kolkata) == "tomorrow at 00:30")
        #expect(HumanTime.describe(Self.now + 7 * 3600, now: Self.now, zone: FixedOffsetZone.utc) == "at 19:00")
    }
}
