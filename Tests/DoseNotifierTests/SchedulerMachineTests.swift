import DoseCore
import DoseSystem
import DoseTestSupport
import Testing

@testable import DoseNotifier

/// Every branch of the scheduler's decisions, on the pure `SchedulerMachine` with an injected clock:
/// the times below are what the interpreter would have read, so no test waits.
@Suite(.timeLimit(.minutes(5)), .watched) struct SchedulerMachineTests {
    static let utc = FixedOffsetZone(offset: 0)
    /// Europe/London in 2026 (cross-checked with Python's zoneinfo, as in DoseCoreTests' ZoneFixtures).
    static let london = TransitionTableZone(initialOffset: 0, [
        (1_774_746_000, 3600),  // 2026-03-29T01:00Z: 01:00 GMT -> 02:00 BST
        (1_792_890_000, 0),     // 2026-10-25T01:00Z: 02:00 BST -> 01:00 GMT
    ])

    static func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
    static func time(_ text: String) -> LocalTime { LocalTime(parsing: text)! }
    /// The instant a zone's wall clock first shows `clock` on `date`.
    static func at(_ date: String, _ clock: String, _ zone: some ZoneRules = utc) -> Int64 {
        zone.firstInstant(on: day(date), at: time(clock))
    }
    static func reading(_ now: Int64, notify: String = "08:00", zone: any ZoneRules = utc, stamp: String? = nil) -> SchedulerReading {
        SchedulerReading(now: now, zone: zone, notifyTime: time(notify), stamp: stamp.map(day))
    }

    /// A freedesktop server's delivery: the scheduler keeps its id (7) in the runtime record.
    static let delivery = Delivery(itemID: "q-x", serverID: 7)

    /// The days the effects send, whatever they replace.
    static func sends(_ effects: [SchedulerEffect]) -> [CivilDate] {
        effects.compactMap { if case .send(let day, _) = $0 { day } else { nil } }
    }

    /// True when no effect logs a line at all (a silent step).
    static func logs(_ effects: [SchedulerEffect]) -> [String] {
        effects.compactMap { if case .log(_, let line) = $0 { line } else { nil } }
    }

    // MARK: planning

    @Test func armsForTheNotifyTimeAndAnnouncesItOnce() {
        var machine = SchedulerMachine()
        let fireAt = Self.at("2026-11-29", "08:00")
        let now = fireAt - 3600
        #expect(machine.handle(.tick(Self.reading(now))) == [
            .arm(at: fireAt), .log(.info, "next notification 2026-11-29T08:00:00+00:00"),
        ])
        // A re-plan for the same notification stays silent.
        #expect(machine.handle(.tick(Self.reading(now + 60))) == [.arm(at: fireAt)])
    }

    @Test func sleepsAtMostSixHoursBeforePlanningAgain() {
        var machine = SchedulerMachine()
        let now = Self.at("2026-11-29", "00:30")
        let effects = machine.handle(.tick(Self.reading(now)))
        #expect(effects.first == .arm(at: now + 6 * 3600))
        #expect(Self.logs(effects) == ["next notification 2026-11-29T08:00:00+00:00"])
    }

    @Test func firesWhenDueAndLogsTheDayNeverTheItem() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-29", "08:00")
        #expect(machine.handle(.tick(Self.reading(due))) == [.send(day: Self.day("2026-11-29"), replacing: nil)])
        #expect(machine.handle(.sendFinished(.shown(Self.delivery), now: due + 1)) == [
            .writeStamp(Self.day("2026-11-29")),
            .writeRecord(ShownDose(serverID: 7, itemID: "q-x", day: Self.day("2026-11-29"))),
            .log(.info, "notified 2026-11-29"), .planAgain,
        ])
        // The stamp could not be written (still nil on disk): the day is not fired again, tomorrow is armed.
        #expect(machine.handle(.tick(Self.reading(due + 2))) == [
            .arm(at: due + 2 + 6 * 3600), .log(.info, "next notification 2026-11-30T08:00:00+00:00"),
        ])
        #expect(machine.firedInMemory == Self.day("2026-11-29"))
    }

    @Test func aDayAlreadyFiredIsNeverFiredAgain() {
        var machine = SchedulerMachine()
        // A restart after the day's fire, later that day, and a clock set back to before notify-time.
        for clock in ["08:00", "23:59", "07:59"] {
            let effects = machine.handle(.tick(Self.reading(Self.at("2026-11-29", clock), stamp: "2026-11-29")))
            #expect(!Self.sends(effects).contains(Self.day("2026-11-29")), "\(clock)")
            #expect(effects.contains { if case .arm = $0 { true } else { false } })
        }
        // The next day fires as usual.
        #expect(machine.handle(.tick(Self.reading(Self.at("2026-11-30", "08:00"), stamp: "2026-11-29")))
            == [.send(day: Self.day("2026-11-30"), replacing: nil)])
    }

    @Test func aMissedNotifyTimeFiresOnceLateThatDayButNotForADayPast() {
        var machine = SchedulerMachine()
        // Off at 08:00, on at 15:00: fires late, once.
        #expect(machine.handle(.tick(Self.reading(Self.at("2026-11-29", "15:00"), stamp: "2026-11-27")))
            == [.send(day: Self.day("2026-11-29"), replacing: nil)])
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: Self.at("2026-11-29", "15:00")))
        #expect(!Self.sends(machine.handle(.tick(Self.reading(Self.at("2026-11-29", "15:01"))))).contains(Self.day("2026-11-29")))
    }

    // MARK: DST

    /// 01:30 does not exist in London on 2026-03-29: it fires once, at 02:00 BST (01:00Z).
    @Test func springForwardFiresAtTheEndOfTheGap() {
        var machine = SchedulerMachine()
        let zone = Self.london
        let before = 1_774_745_992  // 2026-03-29T00:59:52Z, 00:59:52 GMT
        #expect(machine.handle(.tick(Self.reading(Int64(before), notify: "01:30", zone: zone, stamp: "2026-03-28"))) == [
            .arm(at: 1_774_746_000), .log(.info, "next notification 2026-03-29T02:00:00+01:00"),
        ])
        #expect(machine.handle(.tick(Self.reading(1_774_746_000, notify: "01:30", zone: zone, stamp: "2026-03-28")))
            == [.send(day: Self.day("2026-03-29"), replacing: nil)])
    }

    /// 01:30 happens twice in London on 2026-10-25: it fires at the first (BST) and not at the repeat (GMT).
    @Test func fallBackFiresAtTheFirstOfTheRepeatedTimesOnly() {
        var machine = SchedulerMachine()
        let zone = Self.london
        let first = Int64(1_792_888_200)  // 2026-10-25T00:30Z = 01:30 BST
        let repeated = first + 3600       // 01:30Z = 01:30 GMT
        #expect(machine.handle(.tick(Self.reading(first - 8, notify: "01:30", zone: zone, stamp: "2026-10-24")))
            == [.arm(at: first), .log(.info, "next notification 2026-10-25T01:30:00+01:00")])
        #expect(machine.handle(.tick(Self.reading(first, notify: "01:30", zone: zone, stamp: "2026-10-24")))
            == [.send(day: Self.day("2026-10-25"), replacing: nil)])
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: first + 1))
        let effects = machine.handle(.tick(Self.reading(repeated, notify: "01:30", zone: zone, stamp: "2026-10-25")))
        #expect(!Self.sends(effects).contains(Self.day("2026-10-25")))
        #expect(Self.logs(effects) == ["next notification 2026-10-26T01:30:00+00:00"])
    }

    // MARK: no server

    /// No server: 15 s, doubling to 15 min, counted from after the failed call (which may have waited
    /// for the D-Bus timeout); nothing stamped; a try before the block ends only re-arms.
    @Test func noServerBacksOffFrom15SecondsTo15Minutes() {
        var machine = SchedulerMachine()
        let today = Self.day("2026-11-29")
        var now = Self.at("2026-11-29", "08:00")
        var waits: [Int64] = []
        for attempt in 0..<8 {
            #expect(machine.handle(.tick(Self.reading(now))) == [.send(day: today, replacing: nil)], "attempt \(attempt)")
            let returned = now + 25  // the call waited for the D-Bus timeout
            let effects = machine.handle(.sendFinished(.failed(.serverUnavailable("nothing owns it")), now: returned))
            guard case .arm(let at) = effects.last else {
                Issue.record("no arm after a failure: \(effects)")
                return
            }
            #expect(effects.first == .watchForLateBus)
            #expect(!effects.contains(.writeStamp(today)))
            #expect(Self.logs(effects) == [
                "no notification server answered: nothing owns it; retrying at \(Self.utc.iso8601(at)) or as soon as a server appears",
            ])
            waits.append(at - returned)
            // Woken early (a config edit, a six-hourly plan): not tried before the block ends.
            #expect(machine.handle(.tick(Self.reading(at - 1))) == [.arm(at: at)])
            now = at
        }
        #expect(waits == [15, 30, 60, 120, 240, 480, 900, 900])
        // Delivered at last: the backoff starts again from 15 s on a later failure.
        _ = machine.handle(.tick(Self.reading(now)))
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: now))
        let tomorrow = Self.at("2026-11-30", "08:00")
        _ = machine.handle(.tick(Self.reading(tomorrow)))
        #expect(machine.handle(.sendFinished(.failed(.serverUnavailable("x")), now: tomorrow)).last == .arm(at: tomorrow + 15))
    }

    /// A server appearing cuts the wait short: the day is sent at once, and only once.
    @Test func aServerAppearingLateIsUsedAtOnce() {
        var machine = SchedulerMachine()
        let today = Self.day("2026-11-29")
        let due = Self.at("2026-11-29", "08:00")
        // A server appearing while nothing is blocked changes nothing.
        #expect(machine.handle(.serverAppeared) == [])
        _ = machine.handle(.tick(Self.reading(due)))
        _ = machine.handle(.sendFinished(.failed(.serverUnavailable("no D-Bus session bus: x")), now: due))
        #expect(machine.blocked == SchedulerMachine.Block(day: today, until: due + 15))
        #expect(machine.handle(.serverAppeared) == [.log(.info, "a notification server appeared; retrying now"), .planAgain])
        #expect(machine.handle(.tick(Self.reading(due + 3))) == [.send(day: today, replacing: nil)])
        #expect(machine.handle(.sendFinished(.shown(Self.delivery), now: due + 4)).first == .writeStamp(today))
        #expect(machine.handle(.serverAppeared) == [])
        #expect(!Self.sends(machine.handle(.tick(Self.reading(due + 5)))).contains(today))
    }

    /// A server that vanishes took our notification with it: the record goes, nothing is sent again.
    @Test func aServerThatVanishesForgetsTheNotificationAndSendsNothing() {
        var machine = SchedulerMachine()
        _ = machine.handle(.tick(Self.reading(Self.at("2026-11-29", "08:00"))))
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: Self.at("2026-11-29", "08:00")))
        #expect(machine.handle(.serverVanished) == [.removeRecord])
        #expect(machine.onScreen == nil)
        #expect(machine.handle(.serverVanished) == [])
    }

    // MARK: unconfirmed send, no content

    /// A Notify the server did not answer in time may still show: the day counts as fired, never sent again.
    @Test func anUnconfirmedSendIsNotSentAgain() {
        var machine = SchedulerMachine()
        let today = Self.day("2026-11-29")
        let due = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(due)))
        let effects = machine.handle(.sendFinished(.failed(.unconfirmed("Timeout was reached")), now: due + 25))
        #expect(effects == [
            .writeStamp(today),
            .log(.warning, "the notification server did not answer in time (Timeout was reached); it may still "
                + "show the notification; not sending it again for 2026-11-29"),
            .planAgain,
        ])
        let next = machine.handle(.tick(Self.reading(due + 26)))
        #expect(!Self.sends(next).contains(today))
        #expect(machine.handle(.serverAppeared) == [])
    }

    /// Nothing to show: no retry until the snapshot or the config changes (a server appearing is no such change
    /// for content, but it does lift the block, as before); a changed input lifts it.
    @Test func noContentWaitsForTheSnapshotOrConfigToChange() {
        var machine = SchedulerMachine()
        let today = Self.day("2026-11-29")
        let due = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(due)))
        #expect(machine.handle(.sendFinished(.failed(.noContent("no dose for 2026-11-29: nothing for this branch")), now: due + 1)) == [
            .log(.warning, "nothing to notify for 2026-11-29: no dose for 2026-11-29: nothing for this branch"),
            .arm(at: due + 6 * 3600),
        ])
        // Six hours later, nothing changed: not tried again, the plan comes back in six hours.
        let later = due + 6 * 3600
        #expect(machine.handle(.tick(Self.reading(later))) == [.arm(at: later + 6 * 3600)])
        for input in [SchedulerInput.snapshot, .config, .zone] {
            var copy = machine
            #expect(copy.handle(.inputChanged(input)) == [.planAgain])
            #expect(copy.handle(.tick(Self.reading(later + 1))) == [.send(day: today, replacing: nil)], "\(input)")
        }
    }

    /// A changed input does not lift a no-server block: the backoff still holds.
    @Test func aChangedInputKeepsTheServerBackoff() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(due)))
        _ = machine.handle(.sendFinished(.failed(.serverUnavailable("x")), now: due))
        #expect(machine.handle(.inputChanged(.config)) == [.planAgain])
        #expect(machine.handle(.tick(Self.reading(due + 5))) == [.arm(at: due + 15)])
    }

    /// A block is for one day: at midnight the next day fires on its own notify-time.
    @Test func aBlockEndsWithItsDay() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-29", "23:59")
        _ = machine.handle(.tick(Self.reading(due, notify: "23:59")))
        _ = machine.handle(.sendFinished(.failed(.noContent("empty")), now: due))
        let next = Self.at("2026-11-30", "23:59")
        let effects = machine.handle(.tick(Self.reading(next - 60, notify: "23:59")))
        #expect(effects.first == .arm(at: next))
        #expect(machine.blocked == nil)
        #expect(machine.handle(.tick(Self.reading(next, notify: "23:59"))) == [.send(day: Self.day("2026-11-30"), replacing: nil)])
    }

    // MARK: clock, clicks, bus

    @Test func aClockChangePlansAgain() {
        var machine = SchedulerMachine()
        #expect(machine.handle(.clockChanged) == [
            .log(.info, "the clock was set or the machine resumed; planning again"), .planAgain,
        ])
    }

    /// A click opens the id the notification carried, looked up by the interpreter; nothing is logged here.
    @Test func aClickOpensTheAdvertisedIdEvenOneNoLongerInThePool() {
        var machine = SchedulerMachine()
        #expect(machine.handle(.clicked(itemID: "q-retired", activationToken: "token-1"))
            == [.openDose(itemID: "q-retired", activationToken: "token-1"), .closeNotification])
    }

    @Test func losingTheBusStopsWithAFailure() {
        var machine = SchedulerMachine()
        #expect(machine.handle(.busClosed) == [
            .log(.error, "the D-Bus session bus closed; stopping with a failure so the service starts again"),
            .exit(.sessionBusClosed),
        ])
    }

    /// A send outcome with no send in flight (it cannot happen in the interpreter) does nothing.
    @Test func anOutcomeWithoutASendIsIgnored() {
        var machine = SchedulerMachine()
        #expect(machine.handle(.sendFinished(.shown(Self.delivery), now: 0)) == [])
        #expect(machine.firedInMemory == nil)
    }

    // MARK: the notification on screen: record, re-attach, replace, close

    static let recorded = ShownDose(serverID: 41, itemID: "q-advertised", day: day("2026-11-29"))

    /// Restarted with the day's notification on screen and nothing due: it is shown again in place (its id as
    /// replaces_id) so this process hears its click; the server's answer is recorded.
    @Test func aRestartShowsTheRecordedNotificationAgainInPlace() {
        var machine = SchedulerMachine()
        let now = Self.at("2026-11-29", "09:00")
        let effects = machine.handle(.started(Self.reading(now, stamp: "2026-11-29"), record: Self.recorded))
        #expect(effects.last == .reshow(Self.recorded))
        #expect(Self.sends(effects).isEmpty)
        #expect(machine.onScreen == Self.recorded)
        #expect(Self.logs(effects).contains(
            "a notification of 2026-11-29 is on screen from before the restart; showing it again in place"))
        let again = ShownDose(serverID: 42, itemID: "q-advertised", day: Self.day("2026-11-29"))
        #expect(machine.handle(.reshowFinished(serverID: 42)) == [.writeRecord(again)])
        // Its click opens the advertised item, closes the notification and forgets it.
        #expect(machine.handle(.clicked(itemID: "q-advertised", activationToken: nil)) == [
            .openDose(itemID: "q-advertised", activationToken: nil), .closeNotification, .removeRecord,
        ])
        #expect(machine.onScreen == nil)
        // A second click (a server that kept it up) opens again but has nothing more to forget.
        #expect(machine.handle(.clicked(itemID: "q-advertised", activationToken: nil)) == [
            .openDose(itemID: "q-advertised", activationToken: nil), .closeNotification,
        ])
    }

    /// A restart when the day is due: the day's send replaces the recorded notification, no re-show.
    @Test func aRestartWithTheDayDueReplacesTheRecordedNotification() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-30", "08:00")
        let effects = machine.handle(.started(Self.reading(due, stamp: "2026-11-29"), record: Self.recorded))
        #expect(effects == [.send(day: Self.day("2026-11-30"), replacing: 41)])
        #expect(machine.handle(.reshowFinished(serverID: 9)) == [])
    }

    /// A recorded notification that cannot be shown again (server gone, dose retired) is forgotten.
    @Test func aRecordThatCannotBeShownAgainIsForgotten() {
        var machine = SchedulerMachine()
        _ = machine.handle(.started(Self.reading(Self.at("2026-11-29", "09:00"), stamp: "2026-11-29"), record: Self.recorded))
        #expect(machine.handle(.reshowFinished(serverID: nil)) == [.removeRecord])
        #expect(machine.onScreen == nil)
        // No record: a plain start, nothing re-shown.
        var fresh = SchedulerMachine()
        let effects = fresh.handle(.started(Self.reading(Self.at("2026-11-29", "09:00"), stamp: "2026-11-29"), record: nil))
        #expect(!effects.contains { if case .reshow = $0 { true } else { false } })
    }

    /// A new day's notification replaces the previous one in place, and the record follows it.
    @Test func aNewDaysNotificationReplacesThePreviousInPlace() {
        var machine = SchedulerMachine()
        let first = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(first)))
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: first))
        let second = Self.at("2026-11-30", "08:00")
        #expect(machine.handle(.tick(Self.reading(second))) == [.send(day: Self.day("2026-11-30"), replacing: 7)])
        let effects = machine.handle(.sendFinished(.shown(Delivery(itemID: "f-next", serverID: 7)), now: second))
        #expect(effects.contains(.writeRecord(ShownDose(serverID: 7, itemID: "f-next", day: Self.day("2026-11-30")))))
        // GNOME Shell takes the third: nothing of ours to keep, the record goes.
        let third = Self.at("2026-12-01", "08:00")
        _ = machine.handle(.tick(Self.reading(third)))
        let viaShell = machine.handle(.sendFinished(.shown(Delivery(itemID: "m-x", serverID: nil)), now: third))
        #expect(viaShell.contains(.removeRecord))
        #expect(!viaShell.contains { if case .writeRecord = $0 { true } else { false } })
        #expect(machine.onScreen == nil)
    }

    /// The server reports our notification closed: the record goes; another id's close changes nothing.
    @Test func aClosedNotificationIsForgotten() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(due)))
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: due))
        #expect(machine.handle(.notificationClosed(serverID: 8)) == [])
        #expect(machine.handle(.notificationClosed(serverID: 7)) == [.removeRecord])
        #expect(machine.handle(.notificationClosed(serverID: 7)) == [])
    }

    /// The bus closing takes the server and its notification: the record goes before the stop.
    @Test func losingTheBusForgetsTheNotification() {
        var machine = SchedulerMachine()
        let due = Self.at("2026-11-29", "08:00")
        _ = machine.handle(.tick(Self.reading(due)))
        _ = machine.handle(.sendFinished(.shown(Self.delivery), now: due))
        #expect(machine.handle(.busClosed).first == .removeRecord)
    }
}
