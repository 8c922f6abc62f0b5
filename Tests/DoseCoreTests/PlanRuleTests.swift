import DoseCore
import DoseTestSupport
import Testing

/// The planning rule at hand-picked moments: ordinary days, daylight-saving nights,
/// clock changes, suspend, restarts and missed days. All instants are injected.
@Suite(.timeLimit(.minutes(5)), .watched) struct PlanRuleTests {
    typealias F = ZoneFixtures
    let six = FirePlanner.replanInterval

    // London, notify 08:00, 2026-06-01 (BST): 08:00 is 07:00Z.
    let june1 = F.date(2026, 6, 1)
    let june1At8: Int64 = 1_780_297_200
    let eight = F.time(8, 0)

    @Test func ordinaryDayBeforeNotifyTimeArms() {
        let now = june1At8 - 3600
        let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(plan == FirePlan(action: .armed, day: june1, fireAt: june1At8, wakeAt: june1At8))
        #expect(FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: nil) == plan)
    }

    @Test func ordinaryDayAfterNotifyTimeFires() {
        let now = june1At8 + 3600
        let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(plan == FirePlan(action: .fireNow, day: june1, fireAt: june1At8, wakeAt: now))
        // Exactly at the notify time counts as reached.
        let atTime = FirePlanner.plan(now: june1At8, zone: F.london, notifyTime: eight, lastFired: nil)
        #expect(atTime == FirePlan(action: .fireNow, day: june1, fireAt: june1At8, wakeAt: june1At8))
    }

    @Test func wakesAtLeastEverySixHours() {
        let midnight = june1At8 - 8 * 3600
        let plan = FirePlanner.plan(now: midnight, zone: F.london, notifyTime: eight, lastFired: nil)
        #expect(plan == FirePlan(action: .armed, day: june1, fireAt: june1At8, wakeAt: midnight + six))
        let afterFire = FirePlanner.plan(now: june1At8, zone: F.london, notifyTime: eight, lastFired: june1)
        #expect(afterFire == FirePlan(action: .armed, day: F.date(2026, 6, 2), fireAt: june1At8 + 86_400,
                                      wakeAt: june1At8 + six))
    }

    @Test func kolkataOrdinaryDay() {
        let at8: Int64 = 1_796_005_800  // 2026-11-30T08:00+05:30
        let before = FirePlanner.plan(now: at8 - 60, zone: F.kolkata, notifyTime: eight, lastFired: F.date(2026, 11, 29))
        #expect(before == FirePlan(action: .armed, day: F.date(2026, 11, 30), fireAt: at8, wakeAt: at8))
        let after = FirePlanner.plan(now: at8 + 60, zone: F.kolkata, notifyTime: eight, lastFired: F.date(2026, 11, 29))
        #expect(after.action == .fireNow && after.day == F.date(2026, 11, 30) && after.fireAt == at8)
        #expect(F.kolkata.iso8601(after.fireAt) == "2026-11-30T08:00:00+05:30")
    }

    // MARK: Spring forward: a notify-time in the gap fires at the end of the gap.

    @Test func londonSpringGapFiresAtTransition() {
        let day = F.date(2026, 3, 29)
        let transition: Int64 = 1_774_746_000  // 01:00Z, the clock shows 02:00 BST
        let notify = F.time(1, 30)
        let before = FirePlanner.plan(now: transition - 50 * 60, zone: F.london, notifyTime: notify, lastFired: F.date(2026, 3, 28))
        #expect(before == FirePlan(action: .armed, day: day, fireAt: transition, wakeAt: transition))
        let due = FirePlanner.plan(now: transition, zone: F.london, notifyTime: notify, lastFired: F.date(2026, 3, 28))
        #expect(due == FirePlan(action: .fireNow, day: day, fireAt: transition, wakeAt: transition))
        #expect(F.london.iso8601(due.fireAt) == "2026-03-29T02:00:00+01:00")
        // Next day is by the calendar: 01:30 BST, only 23.5 hours later.
        let next = FirePlanner.plan(now: transition, zone: F.london, notifyTime: notify, lastFired: day)
        #expect(next.action == .armed && next.day == F.date(2026, 3, 30))
        #expect(F.london.iso8601(next.fireAt) == "2026-03-30T01:30:00+01:00")
    }

    @Test func newYorkSpringGapFiresAtTransition() {
        let transition: Int64 = 1_772_953_200  // 2026-03-08T07:00Z = 03:00 EDT
        let plan = FirePlanner.plan(now: transition - 3600, zone: F.newYork, notifyTime: F.time(2, 30), lastFired: nil)
        #expect(plan == FirePlan(action: .armed, day: F.date(2026, 3, 8), fireAt: transition, wakeAt: transition))
        #expect(F.newYork.iso8601(plan.fireAt) == "2026-03-08T03:00:00-04:00")
    }

    @Test func lordHoweSpringGapFiresAtTransition() {
        let transition: Int64 = 1_791_041_400  // 2026-10-03T15:30Z = 2026-10-04 02:30 +11:00
        let plan = FirePlanner.plan(now: transition - 1, zone: F.lordHowe, notifyTime: F.time(2, 15), lastFired: nil)
        #expect(plan == FirePlan(action: .armed, day: F.date(2026, 10, 4), fireAt: transition, wakeAt: transition))
        #expect(F.lordHowe.iso8601(transition - 1) == "2026-10-04T01:59:59+10:30")
        #expect(F.lordHowe.iso8601(plan.fireAt) == "2026-10-04T02:30:00+11:00")
    }

    @Test func midnightGapFiresWhenTheDayBegins() {
        // The made-up zone skips 2026-11-01 00:00–01:00.
        let transition: Int64 = 1_793_502_000
        let plan = FirePlanner.plan(now: transition - 600, zone: F.midnightShift, notifyTime: F.time(0, 30),
                                    lastFired: F.date(2026, 10, 31))
        #expect(plan == FirePlan(action: .armed, day: F.date(2026, 11, 1), fireAt: transition, wakeAt: transition))
    }

    // MARK: Fall back: a repeated notify-time fires once, at its first occurrence.

    @Test func londonAutumnRepeatFiresOnce() {
        let day = F.date(2026, 10, 25)
        let first: Int64 = 1_792_888_200   // 00:30Z = 01:30 BST
        let second: Int64 = 1_792_891_800  // 01:30Z = 01:30 GMT
        let notify = F.time(1, 30)
        let armed = FirePlanner.plan(now: first - 3600, zone: F.london, notifyTime: notify, lastFired: F.date(2026, 10, 24))
        #expect(armed == FirePlan(action: .armed, day: day, fireAt: first, wakeAt: first))
        let fire = FirePlanner.plan(now: first, zone: F.london, notifyTime: notify, lastFired: F.date(2026, 10, 24))
        #expect(fire == FirePlan(action: .fireNow, day: day, fireAt: first, wakeAt: first))
        // Planning again at the second 01:30 with the stamp set must not fire.
        let again = FirePlanner.plan(now: second, zone: F.london, notifyTime: notify, lastFired: day)
        #expect(again.action == .armed && again.day == F.date(2026, 10, 26))
        #expect(F.london.iso8601(again.fireAt) == "2026-10-26T01:30:00+00:00")
        #expect(again.wakeAt == second + six)
    }

    @Test func autumnRepeatInOtherZones() {
        // New York 01:30 on 2026-11-01: first at EDT.
        let ny = FirePlanner.plan(now: 1_793_511_000 - 1, zone: F.newYork, notifyTime: F.time(1, 30), lastFired: nil)
        #expect(F.newYork.iso8601(ny.fireAt) == "2026-11-01T01:30:00-04:00")
        let nyAgain = FirePlanner.plan(now: 1_793_511_000 + 3600, zone: F.newYork, notifyTime: F.time(1, 30),
                                       lastFired: F.date(2026, 11, 1))
        #expect(nyAgain.action == .armed && nyAgain.day == F.date(2026, 11, 2))
        // Lord Howe 01:45 on 2026-04-05 repeats half an hour apart; first at +11:00.
        let lh = FirePlanner.plan(now: 1_775_313_900, zone: F.lordHowe, notifyTime: F.time(1, 45), lastFired: nil)
        #expect(lh.action == .fireNow && F.lordHowe.iso8601(lh.fireAt) == "2026-04-05T01:45:00+11:00")
        let lhAgain = FirePlanner.plan(now: 1_775_313_900 + 1800, zone: F.lordHowe, notifyTime: F.time(1, 45),
                                       lastFired: F.date(2026, 4, 5))
        #expect(lhAgain.action == .armed && lhAgain.day == F.date(2026, 4, 6))
        #expect(F.lordHowe.iso8601(lhAgain.fireAt) == "2026-04-06T01:45:00+10:30")
    }

    @Test func clocksBackAcrossMidnightFireEachDayOnce() {
        // The made-up zone goes from 2026-11-01 00:30 -02:00 back to 2026-10-31 23:30 -03:00.
        let zone = F.backAcrossMidnight
        let notify = F.time(0, 10)
        let firstOfNovember: Int64 = 1_793_499_000  // 2026-11-01T00:10-02:00, before the clocks go back
        #expect(zone.iso8601(firstOfNovember) == "2026-11-01T00:10:00-02:00")
        // Fired on time; when the wall shows 2026-10-31 again, nothing fires until 2026-11-02.
        let repeated = firstOfNovember + 30 * 60  // 2026-10-31T23:40-03:00
        #expect(zone.civilDate(at: repeated) == F.date(2026, 10, 31))
        let after = FirePlanner.plan(now: repeated, zone: zone, notifyTime: notify, lastFired: F.date(2026, 11, 1))
        #expect(after.action == .armed && after.day == F.date(2026, 11, 2))
        // Asleep through both notify-times until the repeated hour: 2026-10-31 fires (it is the
        // day on the wall), then 2026-11-01 at once, as its notify-time has already passed; no loop.
        let late = FirePlanner.plan(now: repeated, zone: zone, notifyTime: notify, lastFired: F.date(2026, 10, 30))
        #expect(late.action == .fireNow && late.day == F.date(2026, 10, 31))
        let then = FirePlanner.plan(now: repeated, zone: zone, notifyTime: notify, lastFired: late.day)
        #expect(then == FirePlan(action: .fireNow, day: F.date(2026, 11, 1), fireAt: firstOfNovember, wakeAt: repeated))
        let settled = FirePlanner.plan(now: repeated, zone: zone, notifyTime: notify, lastFired: then.day)
        #expect(settled.action == .armed && settled.day == F.date(2026, 11, 2))
    }

    // MARK: Clock changes, suspend, restarts, missed days.

    @Test func clockSetBackAfterFiringDoesNotFireAgain() {
        // Fired 2026-06-01 at 08:00, then the clock is set back an hour, or to the evening before.
        for now in [june1At8 - 3600, june1At8 - 12 * 3600, june1At8 - 40 * 3600] {
            let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: june1)
            #expect(plan.action == .armed, "\(F.london.iso8601(now))")
            #expect(plan.day == F.date(2026, 6, 2))
            #expect(plan.fireAt == june1At8 + 86_400)
            #expect(plan.wakeAt == now + six)
        }
    }

    @Test func stampFarAheadOfTheClockIsIgnored() {
        // A stamp written while the clock was years ahead must not silence the notifier.
        let now = june1At8 + 3600
        let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: F.date(2030, 1, 1))
        #expect(plan == FirePlan(action: .fireNow, day: june1, fireAt: june1At8, wakeAt: now))
        // Up to two days ahead is honoured (clock set back across midnight, date-line moves); three is not.
        #expect(FirePlanner.firstUnfiredDay(today: june1, lastFired: F.date(2026, 6, 3)) == F.date(2026, 6, 4))
        #expect(FirePlanner.firstUnfiredDay(today: june1, lastFired: F.date(2026, 6, 4)) == june1)
        #expect(FirePlanner.firstUnfiredDay(today: F.date(2026, 12, 31), lastFired: F.date(2027, 1, 2))
                == F.date(2027, 1, 3))
        #expect(FirePlanner.firstUnfiredDay(today: june1, lastFired: F.date(2026, 5, 31)) == june1)
        #expect(FirePlanner.firstUnfiredDay(today: june1, lastFired: nil) == june1)
    }

    @Test func clockSetForwardPastNotifyTimeFiresOnce() {
        let before = FirePlanner.plan(now: june1At8 - 3600, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(before.action == .armed)
        // The clock jumps to 10:00: the timer is cancelled, the scheduler plans again.
        let jumped = june1At8 + 2 * 3600
        let fire = FirePlanner.plan(now: jumped, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(fire == FirePlan(action: .fireNow, day: june1, fireAt: june1At8, wakeAt: jumped))
        let after = FirePlanner.plan(now: jumped, zone: F.london, notifyTime: eight, lastFired: fire.day)
        #expect(after.action == .armed && after.day == F.date(2026, 6, 2))
        // Forward by days: only the new today fires.
        let far = june1At8 + 3 * 86_400 + 3600
        let farPlan = FirePlanner.plan(now: far, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(farPlan == FirePlan(action: .fireNow, day: F.date(2026, 6, 4), fireAt: june1At8 + 3 * 86_400, wakeAt: far))
    }

    @Test func suspendAcrossNotifyTimeFiresOnceOnResume() {
        let armed = FirePlanner.plan(now: june1At8 - 2 * 3600, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(armed.wakeAt == june1At8)
        // Asleep from 06:30 to 11:15; the timer fires (or is cancelled) on resume.
        let resume = june1At8 + 3 * 3600 + 900
        let fire = FirePlanner.plan(now: resume, zone: F.london, notifyTime: eight, lastFired: F.date(2026, 5, 31))
        #expect(fire == FirePlan(action: .fireNow, day: june1, fireAt: june1At8, wakeAt: resume))
        let next = FirePlanner.plan(now: resume, zone: F.london, notifyTime: eight, lastFired: june1)
        #expect(next == FirePlan(action: .armed, day: F.date(2026, 6, 2), fireAt: june1At8 + 86_400, wakeAt: resume + six))
    }

    @Test func restartAfterTheDaysFireArmsForTomorrow() {
        for now in [june1At8, june1At8 + 1, june1At8 + 15 * 3600 + 59 * 60] {  // up to 23:59 BST
            let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: june1)
            #expect(plan.action == .armed && plan.day == F.date(2026, 6, 2) && plan.fireAt == june1At8 + 86_400)
            #expect(plan.wakeAt == min(plan.fireAt, now + six))
        }
    }

    @Test func missedDaysWhileOffAreDroppedNotCaughtUp() {
        // Off from before 2026-06-02 08:00 until 2026-06-03 10:00; last fired 2026-06-01.
        let now = june1At8 + 2 * 86_400 + 2 * 3600
        let plan = FirePlanner.plan(now: now, zone: F.london, notifyTime: eight, lastFired: june1)
        #expect(plan == FirePlan(action: .fireNow, day: F.date(2026, 6, 3), fireAt: june1At8 + 2 * 86_400, wakeAt: now))
        // Back on 2026-06-03 before 08:00: wait for the day's own time; 06-02 is not caught up.
        let early = june1At8 + 2 * 86_400 - 3600
        let wait = FirePlanner.plan(now: early, zone: F.london, notifyTime: eight, lastFired: june1)
        #expect(wait == FirePlan(action: .armed, day: F.date(2026, 6, 3), fireAt: june1At8 + 2 * 86_400,
                                 wakeAt: june1At8 + 2 * 86_400))
    }

    @Test func zoneChangeAfterFiringDoesNotFireTheSameDayAgain() {
        // Fired in London at 08:00 BST (07:00Z); at 12:00Z the machine is in New York (08:00 EDT).
        let now = june1At8 + 5 * 3600
        let ny = FirePlanner.plan(now: now, zone: F.newYork, notifyTime: eight, lastFired: june1)
        #expect(ny.action == .armed && ny.day == F.date(2026, 6, 2))
        #expect(F.newYork.iso8601(ny.fireAt) == "2026-06-02T08:00:00-04:00")
        // Fired in Chatham on 06-02 (19:15Z on 06-01), then moved to New York where it is still 06-01:
        // 06-02 was already delivered, so the next is New York's 06-03.
        let chathamFire: Int64 = 1_780_254_900 + 86_400
        #expect(F.chatham.civilDate(at: chathamFire) == F.date(2026, 6, 2))
        let moved = FirePlanner.plan(now: chathamFire + 3600, zone: F.newYork, notifyTime: eight, lastFired: F.date(2026, 6, 2))
        #expect(moved.action == .armed && moved.day == F.date(2026, 6, 3))
    }

    @Test func nextDayIsByCalendarAcrossMonthAndYearEnds() {
        let nyEve: Int64 = 1_798_779_540  // 2026-12-31T23:59-05:00
        let plan = FirePlanner.plan(now: nyEve, zone: F.newYork, notifyTime: F.time(23, 59), lastFired: F.date(2026, 12, 31))
        #expect(plan.day == F.date(2027, 1, 1) && plan.fireAt == nyEve + 86_400)
        let feb = FirePlanner.plan(now: 0, zone: FixedOffsetZone.utc, notifyTime: eight, lastFired: F.date(1970, 1, 1))
        #expect(feb.day == F.date(1970, 1, 2))
        let leap = FirePlanner.firstUnfiredDay(today: F.date(2028, 2, 28), lastFired: F.date(2028, 2, 29))
        #expect(leap == F.date(2028, 3, 1))
    }
}
