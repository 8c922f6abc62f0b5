import DoseCore
import DoseSystem

/// Every decision of `dose-notify run`, as a pure state machine: an event in, effects out.
///
/// No clock read, no file, no D-Bus: the interpreter (`Scheduler`) reads the world into a
/// `SchedulerReading`, performs the effects and reports what came of them (a send's outcome, a
/// click, the bus closing) as the next event. So each branch — a day already fired, no server
/// (backoff from 15 s to 15 min, cut short when a server appears), a send the server did not confirm,
/// nothing to show, the bus lost — is tested with plain numbers (`SchedulerMachineTests`).
///
/// The rule of when to fire is `FirePlanner`'s; this adds what happens around a send. A day fires at
/// most once: the stamp, and `firedInMemory` in case the stamp cannot be written.
struct SchedulerMachine {
    /// A day whose send failed, and the instant before which it is not tried again.
    struct Block: Equatable {
        var day: CivilDate
        /// `Int64.max`: nothing to show; only a change of the snapshot or the config lifts it.
        var until: Int64
    }

    /// The last day fired by this process, in case the stamp could not be written.
    private(set) var firedInMemory: CivilDate?
    private(set) var blocked: Block?
    private(set) var retry = ServerRetry()
    /// The notify instant last announced in the log, so a six-hourly re-plan stays silent.
    private(set) var announced: Int64?
    /// The send in flight: its day, and the time and zone of the plan that started it.
    private var sending: (day: CivilDate, now: Int64, zone: any ZoneRules)?
    /// Our notification on the freedesktop server's screen, as the runtime record keeps it.
    private(set) var onScreen: ShownDose?
    /// The recorded notification being shown again after a restart.
    private var reshowing: ShownDose?

    /// The effects of `event`, in the order the interpreter performs them.
    mutating func handle(_ event: SchedulerEvent) -> [SchedulerEffect] {
        switch event {
        case .tick(let reading):
            return plan(reading)
        case .started(let reading, let record):
            onScreen = record
            var effects = plan(reading)
            // A day's send replaces the recorded notification in place; otherwise show it again, so the
            // click on it (heard only by the process that sent it) reaches us.
            if let record, !effects.contains(where: { if case .send = $0 { true } else { false } }) {
                reshowing = record
                effects += [.log(.info, tr("a notification of {date} is on screen from before the restart; showing it again in place", ["date": record.day])),
                            .reshow(record)]
            }
            return effects
        case .reshowFinished(let serverID):
            guard let record = reshowing else { return [] }
            reshowing = nil
            guard let serverID else {
                onScreen = nil
                return [.removeRecord]
            }
            let shown = ShownDose(serverID: serverID, itemID: record.itemID, day: record.day)
            onScreen = shown
            return [.writeRecord(shown)]
        case .clockChanged:
            return [.log(.info, tr("the clock was set or the machine resumed; planning again")), .planAgain]
        case .inputChanged:
            // Content or config changed: a day blocked for having nothing to show may have something now.
            if blocked?.until == Int64.max { blocked = nil }
            return [.planAgain]
        case .serverAppeared:
            guard let blocked else { return [] }
            self.blocked = Block(day: blocked.day, until: 0)
            retry.reset()
            return [.log(.info, tr("a notification server appeared; retrying now")), .planAgain]
        case .serverVanished:
            // A shown notification went with its server (its id may name another's on the next one);
            // a day is never sent twice.
            return forgetOnScreen()
        case .sendFinished(let outcome, let now):
            return finished(outcome, now: now)
        case .clicked(let itemID, let activationToken):
            // Handled once: closed, so a server that keeps it up (LXQt) does not open it again on each click.
            return [.openDose(itemID: itemID, activationToken: activationToken), .closeNotification] + forgetOnScreen()
        case .notificationClosed(let serverID):
            guard onScreen?.serverID == serverID else { return [] }
            return forgetOnScreen()
        case .busClosed:
            return forgetOnScreen() + [
                .log(.error, tr("the D-Bus session bus closed; stopping with a failure so the service starts again")),
                .exit(.sessionBusClosed),
            ]
        }
    }

    /// One planning pass over `reading`: fire now, or arm for `min(fireAt, now + 6 h)`.
    private mutating func plan(_ reading: SchedulerReading) -> [SchedulerEffect] {
        guard sending == nil else { return [] }
        let lastFired = [reading.stamp, firedInMemory].compactMap { $0 }.max()
        let plan = FirePlanner.plan(
            now: reading.now, zone: reading.zone, notifyTime: reading.notifyTime, lastFired: lastFired)
        switch plan.action {
        case .armed:
            blocked = nil
            var effects: [SchedulerEffect] = [.arm(at: plan.wakeAt)]
            if announced != plan.fireAt {
                effects.append(.log(.info, tr("next notification {time}", ["time": reading.zone.iso8601(plan.fireAt)])))
                announced = plan.fireAt
            }
            return effects
        case .fireNow:
            if let blocked, blocked.day == plan.day, reading.now < blocked.until {
                return [.arm(at: min(blocked.until, reading.now + FirePlanner.replanInterval))]
            }
            sending = (plan.day, reading.now, reading.zone)
            return [.send(day: plan.day, replacing: onScreen?.serverID)]
        }
    }

    private mutating func finished(_ outcome: SendOutcome, now: Int64) -> [SchedulerEffect] {
        guard let sending else { return [] }
        self.sending = nil
        let day = sending.day
        switch outcome {
        case .shown(let delivery):
            var effects = markFired(day)
            if let serverID = delivery.serverID {
                let shown = ShownDose(serverID: serverID, itemID: delivery.itemID, day: day)
                onScreen = shown
                effects.append(.writeRecord(shown))
            } else {
                // GNOME Shell has it: a click goes to the app, not to us.
                effects += forgetOnScreen()
            }
            // The day, never the item: the journal keeps no record of which dose was seen.
            return effects + [.log(.info, tr("notified {date}", ["date": day])), .planAgain]
        case .failed(let error):
            switch error {
            case .unconfirmed:
                // Sending again could show the day's notification twice; a slow server shows it late.
                return markFired(day) + [.log(.warning, tr("{reason}; not sending it again for {date}", ["reason": error, "date": day])), .planAgain]
            case .serverUnavailable:
                // The failed call may have blocked for the D-Bus timeout: back off from now, not from before it.
                let at = retry.next(after: max(sending.now, now))
                blocked = Block(day: day, until: at)
                return [
                    .watchForLateBus,
                    .log(.warning, tr(
                        "{reason}; retrying at {time} or as soon as a server appears",
                        ["reason": error, "time": sending.zone.iso8601(at)])),
                    .arm(at: at),
                ]
            case .noContent:
                // Retrying cannot help until the snapshot or config changes; `inputChanged` lifts this.
                blocked = Block(day: day, until: Int64.max)
                return [
                    .log(.warning, tr("nothing to notify for {date}: {reason}", ["date": day, "reason": error])),
                    .arm(at: sending.now + FirePlanner.replanInterval),
                ]
            }
        }
    }

    /// Nothing of ours is on screen any more: the record goes.
    private mutating func forgetOnScreen() -> [SchedulerEffect] {
        guard onScreen != nil else { return [] }
        onScreen = nil
        return [.removeRecord]
    }

    /// Records `day` as notified, in the stamp and in memory.
    private mutating func markFired(_ day: CivilDate) -> [SchedulerEffect] {
        firedInMemory = day
        blocked = nil
        retry.reset()
        return [.writeStamp(day)]
    }
}
