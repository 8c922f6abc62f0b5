import DoseCore
import DoseTestSupport
import Testing

/// Simulated schedulers running through 2026 in every zone table, checking the daily
/// promise as a whole: one notification per local day, never early, never repeated.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlanSweepTests {
    typealias F = ZoneFixtures

    /// Notify-times that hit each zone's gaps and repeats, midnight and the day's end.
    static let notifyTimes = ["00:00", "00:30", "01:30", "01:45", "02:15", "02:45", "03:00", "08:00", "23:59"]
        .map { LocalTime(parsing: $0)! }

    static let zones = F.all + [("midnight shift (made up)", F.midnightShift),
                                ("back across midnight (made up)", F.backAcrossMidnight)]

    /// One notification shown by a simulated scheduler.
    struct Fired: Equatable {
        let day: CivilDate
        let at: Int64
    }

    /// One wake-up of a simulated scheduler: the time it planned at and the stamp it held.
    struct Wake {
        let now: Int64
        let lastFired: CivilDate?
    }

    /// Runs a scheduler from `start` to `end`: plan, fire when told (recording the stamp),
    /// otherwise sleep until `wakeAt` — or until `interrupt` cuts the sleep short or moves the clock.
    static func run(
        zone: some ZoneRules, notifyTime: LocalTime, from start: Int64, to end: Int64,
        interrupt: (_ now: Int64, _ wakeAt: Int64) -> Int64 = { _, wakeAt in wakeAt },
        wakes: ((Wake) -> Void)? = nil
    ) -> [Fired] {
        var now = start
        var lastFired: CivilDate?
        var fired: [Fired] = []
        var steps = 0
        while now < end {
            steps += 1
            guard steps < 1_000_000 else {
                Issue.record("scheduler does not progress at \(zone.iso8601(now))")
                break
            }
            wakes?(Wake(now: now, lastFired: lastFired))
            let plan = FirePlanner.plan(now: now, zone: zone, notifyTime: notifyTime, lastFired: lastFired)
            #expect(plan.wakeAt >= now && plan.wakeAt <= now + FirePlanner.replanInterval)
            #expect(plan.day >= zone.civilDate(at: now), "never a day already past")
            switch plan.action {
            case .fireNow:
                #expect(plan.wakeAt == now && plan.fireAt <= now)
                fired.append(Fired(day: plan.day, at: now))
                lastFired = plan.day
            case .armed:
                #expect(plan.wakeAt > now && plan.fireAt > now)
                now = interrupt(now, plan.wakeAt)
            }
        }
        return fired
    }

    static func startOf(_ year: Int, in zone: some ZoneRules) -> Int64 {
        zone.firstInstant(on: F.date(year, 1, 1), at: F.time(0, 0))
    }

    static func days(of year: Int) -> [CivilDate] {
        var result: [CivilDate] = []
        for month in 1...12 {
            for day in 1...CivilDate.daysIn(month: month, year: year) { result.append(F.date(year, month, day)) }
        }
        return result
    }

    /// True when the wall clock jumped at this instant (a spring-forward transition).
    static func isTransition(_ instant: Int64, in zone: some ZoneRules) -> Bool {
        zone.utcOffset(at: instant - 1) != zone.utcOffset(at: instant)
    }

    @Test(arguments: zones.indices)
    func everyQuarterHourReplanFiresEachDayOnceAtItsTime(zoneIndex: Int) {
        let (name, zone) = Self.zones[zoneIndex]
        let start = Self.startOf(2026, in: zone)
        let end = Self.startOf(2027, in: zone)
        for notifyTime in Self.notifyTimes {
            // Woken every 15 minutes besides the planned wake-ups, as by clock or config changes.
            let fired = Self.run(zone: zone, notifyTime: notifyTime, from: start, to: end) { now, wakeAt in
                min(wakeAt, (now / 900 + 1) * 900)
            }
            #expect(fired.map(\.day) == Self.days(of: 2026), "\(name) \(notifyTime)")
            for fire in fired {
                let context: Comment = "\(name) \(notifyTime) \(fire.day) fired \(zone.iso8601(fire.at))"
                // A scheduler that wakes when asked fires exactly at the day's first due instant.
                #expect(fire.at == zone.firstInstant(on: fire.day, at: notifyTime), context)
                let shown = zone.localDateTime(at: fire.at)
                #expect(shown.date == fire.day, context)
                let onTime = shown.time == notifyTime
                let endOfGap = shown.time > notifyTime && Self.isTransition(fire.at, in: zone)
                #expect(onTime || endOfGap, context)
            }
        }
    }

    @Test(arguments: zones.indices)
    func suspendsAndClockChangesNeverFireTwiceOrEarly(zoneIndex: Int) {
        let (name, zone) = Self.zones[zoneIndex]
        let start = Self.startOf(2026, in: zone)
        let end = Self.startOf(2027, in: zone)
        for notifyTime in Self.notifyTimes {
            // A fixed-seed generator so failures reproduce.
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(zoneIndex) &* 1_000_003 &+ UInt64(notifyTime.secondsIntoDay)
            func next(_ bound: Int64) -> Int64 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int64((seed >> 33) % UInt64(bound))
            }
            var clockSetBackTo: [Int64] = []
            var latest = start
            var wakes: [Wake] = []
            let fired = Self.run(zone: zone, notifyTime: notifyTime, from: start, to: end) { now, wakeAt in
                let woken: Int64
                switch next(100) {
                case 0, 1:  // Suspended for up to 40 hours; the timer fires on resume.
                    woken = max(wakeAt, now + next(40 * 3600))
                case 2:  // Clock set back, the timer cancelled. Kept within 46 hours of the latest
                    // time seen so the stamp stays within the two-day horizon it is honoured for.
                    woken = max(latest - 46 * 3600, now - next(46 * 3600))
                    clockSetBackTo.append(woken)
                case 3, 4:  // Clock set forward by up to 30 hours.
                    woken = now + next(30 * 3600)
                default:  // Woken somewhere before the timer, for a re-plan.
                    woken = now + 1 + next(wakeAt - now)
                }
                latest = max(latest, woken)
                return woken
            } wakes: { wakes.append($0) }
            let context: Comment = "\(name) \(notifyTime)"
            #expect(!clockSetBackTo.isEmpty, context)
            // Days strictly increase: none fires twice, even when the clock goes back.
            for (earlier, later) in zip(fired, fired.dropFirst()) where earlier.day >= later.day {
                Issue.record("\(context): \(earlier.day) at \(zone.iso8601(earlier.at)) then \(later.day) at \(zone.iso8601(later.at))")
            }
            for fire in fired {
                // Never early, and only on the day itself (a missed day is dropped, not caught up).
                #expect(fire.at >= zone.firstInstant(on: fire.day, at: notifyTime), context)
                #expect(zone.civilDate(at: fire.at) == fire.day, context)
            }
            // Persistent=true: whenever the scheduler ran on a day at or after its notify-time,
            // that day fired, unless the stamp already covered it (the clock had gone back).
            let firedDays = Set(fired.map(\.day))
            for wake in wakes {
                let today = zone.civilDate(at: wake.now)
                let covered = wake.lastFired.map { $0 >= today } ?? false
                if !covered && wake.now >= zone.firstInstant(on: today, at: notifyTime) {
                    #expect(firedDays.contains(today), "\(context): ran at \(zone.iso8601(wake.now)) but \(today) never fired")
                }
            }
            #expect(fired.count > 100, context)  // The simulation is not degenerate.
        }
    }
}
