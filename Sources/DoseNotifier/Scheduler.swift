import DoseCore
import DoseSystem
import GLibGlue

/// `dose-notify run`: arms the morning notification on a wall-clock timer and fires it once a day.
///
/// The interpreter around `SchedulerMachine`, which makes every decision: this reads the world (clock,
/// zone, config, stamp) into a `SchedulerReading` once per planning pass, turns the timer, the file
/// monitors, the bus-name watch, clicks and the bus closing into events, and performs the effects the
/// machine returns (arm, send through the `Deliverer`, write the stamp, open a page, log, stop).
/// Reads the snapshot and the config file, nothing else; between events it sleeps in poll(2).
final class Scheduler {
    private let paths: DosePaths
    private let deliverer: Deliverer
    private var machine = SchedulerMachine()
    private var timer: WallClockTimer?
    private var watches: [FileWatch] = []
    private var serverWatch: ServerWatch?
    /// The socket GIO connects to when no bus address is set, watched so a bus started after us is seen at once.
    private var busSocketWatch: FileWatch?
    /// True while a second look for a bus on that socket is pending.
    private var busLookPending = false
    /// Watches the session bus for closing, once there is one.
    private var busCloseWatch: SessionBusCloseWatch?
    /// Set when the machine stopped the loop: `run` then ends with that failure.
    private var exit: SchedulerExit?
    private var loop: MainLoop?
    private let stamp: FiredStamp
    /// The notification on screen, kept for a scheduler restarted while it is up.
    private let record: NotificationRecord

    init(paths: DosePaths) {
        self.paths = paths
        deliverer = Deliverer(paths: paths)
        stamp = FiredStamp(path: paths.firedStamp)
        record = NotificationRecord(paths: paths)
    }

    /// Sets up the timer and the watches, plans, and runs the main loop until SIGTERM.
    func run() throws(NotifierSetupError) {
        let loop = MainLoop()
        self.loop = loop
        timer = try WallClockTimer { [weak self] event in
            guard let self else { return }
            switch event {
            case .expired: handle(.tick(read()))
            case .clockChanged: handle(.clockChanged)
            }
        }
        // Any change to what the plan depends on makes a new plan; content changes also lift a content block.
        for (path, input) in [(paths.snapshot, SchedulerInput.snapshot), (paths.configFile, .config), ("/etc/localtime", .zone)] {
            if let watch = FileWatch(path: path, handler: { [weak self] in self?.handle(.inputChanged(input)) }) {
                watches.append(watch)
            } else {
                Log.warning(tr("cannot watch {path}; changes there are picked up at the next six-hourly plan", ["path": path]))
            }
        }
        deliverer.onClick = { [weak self] id, token in self?.handle(.clicked(itemID: id, activationToken: token)) }
        deliverer.onClosed = { [weak self] serverID in self?.handle(.notificationClosed(serverID: serverID)) }
        serverWatch = makeServerWatch()
        if Environment.value("DBUS_SESSION_BUS_ADDRESS") == nil, let runtime = paths.runtimeDirectory {
            busSocketWatch = FileWatch(path: runtime + "/bus") { [weak self] in self?.lookForBus(looksLeft: 10) }
        }
        watchBusClose()
        Log.info(tr("dose-notify started; snapshot {path}", ["path": paths.snapshot]))
        handle(.started(read(), record: record.read()))
        loop.run()
        if exit == .sessionBusClosed { throw NotifierSetupError(tr("the D-Bus session bus closed"), sessionBusClosed: true) }
        Log.info(tr("dose-notify stopping"))
    }

    /// The world as one planning pass sees it: clock, zone, config and stamp, each read once.
    private func read() -> SchedulerReading {
        SchedulerReading(
            now: WallClock.now(), zone: SystemZone.current(),
            notifyTime: loadConfigLogging(paths).notifyTime, stamp: stamp.read())
    }

    /// Feeds `event` to the machine and performs its effects; an effect's own outcome is the next event.
    private func handle(_ event: SchedulerEvent) {
        var pending = [event]
        while !pending.isEmpty {
            for effect in machine.handle(pending.removeFirst()) {
                if let next = perform(effect) { pending.append(next) }
            }
        }
    }

    /// Performs one effect; returns the event it leads to, if any.
    private func perform(_ effect: SchedulerEffect) -> SchedulerEvent? {
        switch effect {
        case .arm(let instant):
            do {
                try timer?.arm(at: instant)
            } catch {
                // The clock was set between reading it and arming: plan again from a new reading.
                if error.clockChanged { return .tick(read()) }
                Log.error(tr("cannot arm the timer: {reason}", ["reason": error]))
            }
        case .send(let day, let replacing):
            do {
                let delivery = try deliverer.deliver(day: day, replacing: replacing)
                return .sendFinished(.shown(delivery), now: WallClock.now())
            } catch {
                return .sendFinished(.failed(error), now: WallClock.now())
            }
        case .reshow(let shown):
            do {
                let delivery = try deliverer.deliver(day: shown.day, itemID: shown.itemID, replacing: shown.serverID)
                return .reshowFinished(serverID: delivery.serverID)
            } catch {
                // Not the error itself: for a retired dose it names the id, and the journal names none.
                if case .serverUnavailable = error {
                    Log.notice(tr("cannot show the notification of {date} again (no notification server); forgetting it", ["date": shown.day]))
                } else {
                    Log.notice(tr("cannot show the notification of {date} again (its dose is not in the snapshot); forgetting it", ["date": shown.day]))
                }
                return .reshowFinished(serverID: nil)
            }
        case .writeRecord(let shown):
            do { try record.write(shown) } catch {
                Log.warning(tr("cannot keep the notification's id ({reason}); a restarted scheduler will not hear its click", ["reason": error]))
            }
        case .removeRecord:
            record.remove()
        case .closeNotification:
            deliverer.closeShown()
        case .writeStamp(let day):
            do { try stamp.write(day) } catch {
                Log.error(tr("cannot record that {date} fired ({reason}); this process will not fire it again", ["date": day, "reason": error]))
            }
        case .openDose(let itemID, let activationToken):
            deliverer.open(itemID: itemID, activationToken: activationToken)
        case .log(let priority, let message):
            Log.write(priority, message)
        case .watchForLateBus:
            // The bus may have come since the watch found none (a bus at an address we do not watch).
            renewServerWatchIfBusless()
        case .planAgain:
            return .tick(read())
        case .exit(let reason):
            exit = reason
            loop?.quit()
        }
        return nil
    }

    private func makeServerWatch() -> ServerWatch {
        ServerWatch(
            appeared: { [weak self] in self?.handle(.serverAppeared) },
            vanished: { [weak self] in self?.handle(.serverVanished) })
    }

    /// Watches the session bus, if there is one now, for closing.
    private func watchBusClose() {
        guard busCloseWatch == nil else { return }
        busCloseWatch = SessionBusCloseWatch { [weak self] in self?.handle(.busClosed) }
    }

    /// The bus socket appeared or changed: watches the bus on it, if one answers.
    ///
    /// The socket exists a moment before the bus listens on it (bind, then listen), and GIO reports it
    /// at once: a refused look is repeated, half a second apart, `looksLeft` times.
    private func lookForBus(looksLeft: Int) {
        renewServerWatchIfBusless()
        guard !busLookPending, looksLeft > 0, serverWatch?.hasNoBus == true else { return }
        busLookPending = true
        after(milliseconds: 500) { [weak self] in
            self?.busLookPending = false
            self?.lookForBus(looksLeft: looksLeft - 1)
        }
    }

    /// Replaces a server watch that found no session bus with a new one, once a bus answers.
    ///
    /// GIO never retries a watch that had no bus, so without this a server appearing on a bus that
    /// came later would wait for the next backoff step (up to 15 minutes).
    private func renewServerWatchIfBusless() {
        guard serverWatch?.hasNoBus == true, SessionBus.problem() == nil else { return }
        Log.info(tr("a D-Bus session bus is there now; watching it for a notification server"))
        serverWatch = makeServerWatch()
        watchBusClose()
    }
}
