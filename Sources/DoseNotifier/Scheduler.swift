import DoseCore
import DoseSystem
import GLibGlue

/// `dose-notify run`: arms the morning notification on a wall-clock timer and fires it once a day.
///
/// Reads the snapshot and the config file, nothing else. Every decision goes through the pure
/// `FirePlanner` with the time read once per pass; between events the process sleeps in poll(2).
final class Scheduler {
    private let paths: DosePaths
    private let deliverer: Deliverer
    private var timer: WallClockTimer?
    private var watches: [FileWatch] = []
    private var serverWatch: ServerWatch?
    /// The socket GIO connects to when no bus address is set, watched so a bus started after us is seen at once.
    private var busSocketWatch: FileWatch?
    /// True while a second look for a bus on that socket is pending.
    private var busLookPending = false
    /// Watches the session bus for closing, once there is one.
    private var busCloseWatch: SessionBusCloseWatch?
    /// Set when the session bus closed: `run` then ends with a failure, which the service restarts.
    private var busClosed = false
    private var loop: MainLoop?
    private let stamp: FiredStamp
    /// The last day fired by this process, in case the stamp could not be written.
    private var firedInMemory: CivilDate?
    /// A day whose notification failed, and when to try again.
    private var blocked: (day: CivilDate, until: Int64)?
    private var retry = ServerRetry()
    /// The notification last announced in the log, so a six-hourly re-plan stays silent.
    private var announced: Int64?

    init(paths: DosePaths) {
        self.paths = paths
        deliverer = Deliverer(paths: paths)
        stamp = FiredStamp(path: paths.firedStamp)
    }

    /// Sets up the timer and the watches, plans, and runs the main loop until SIGTERM.
    func run() throws(NotifierSetupError) {
        let loop = MainLoop()
        self.loop = loop
        timer = try WallClockTimer { [weak self] event in
            if case .clockChanged = event { Log.info("the clock was set or the machine resumed; planning again") }
            self?.plan()
        }
        // Any change to what the plan depends on makes a new plan; content changes also lift a content block.
        for path in [paths.snapshot, paths.configFile, "/etc/localtime"] {
            if let watch = FileWatch(path: path, handler: { [weak self] in self?.inputsChanged() }) {
                watches.append(watch)
            } else {
                Log.warning("cannot watch \(path); changes there are picked up at the next six-hourly plan")
            }
        }
        serverWatch = ServerWatch { [weak self] in self?.serverAppeared() }
        if Environment.value("DBUS_SESSION_BUS_ADDRESS") == nil, let runtime = paths.runtimeDirectory {
            busSocketWatch = FileWatch(path: runtime + "/bus") { [weak self] in self?.lookForBus(looksLeft: 10) }
        }
        watchBusClose()
        Log.info("dose-notify started; snapshot \(paths.snapshot)")
        plan()
        loop.run()
        if busClosed { throw NotifierSetupError("the D-Bus session bus closed", sessionBusClosed: true) }
        Log.info("dose-notify stopping")
    }

    /// Watches the session bus, if there is one now, for closing.
    private func watchBusClose() {
        guard busCloseWatch == nil else { return }
        busCloseWatch = SessionBusCloseWatch { [weak self] in
            guard let self else { return }
            Log.error("the D-Bus session bus closed; stopping with a failure so the service starts again")
            busClosed = true
            loop?.quit()
        }
    }

    /// One planning pass: reads the clock, zone, config and stamp once, then fires or arms.
    func plan() {
        let now = WallClock.now()
        let zone = SystemZone.current()
        let config = loadConfigLogging(paths)
        let lastFired = [stamp.read(), firedInMemory].compactMap { $0 }.max()
        let plan = FirePlanner.plan(now: now, zone: zone, notifyTime: config.notifyTime, lastFired: lastFired)

        switch plan.action {
        case .armed:
            blocked = nil
            arm(plan.wakeAt)
            if announced != plan.fireAt {
                Log.info("next notification \(zone.iso8601(plan.fireAt))")
                announced = plan.fireAt
            }
        case .fireNow:
            if let blocked, blocked.day == plan.day, now < blocked.until {
                arm(min(blocked.until, now + FirePlanner.replanInterval))
                return
            }
            fire(day: plan.day, now: now, zone: zone)
        }
    }

    private func fire(day: CivilDate, now: Int64, zone: some ZoneRules) {
        do {
            let id = try deliverer.deliver(day: day)
            markFired(day)
            Log.info("notified \(day): \(id)")
            plan()
        } catch {
            switch error {
            case .unconfirmed:
                // Sending again could show the day's notification twice; a slow server shows it late.
                markFired(day)
                Log.warning("\(error); not sending it again for \(day)")
                plan()
            case .serverUnavailable:
                // The bus may have come since the watch found none (a bus at an address we do not watch).
                renewServerWatchIfBusless()
                // The failed call may have blocked for the D-Bus timeout: back off from now, not from before it.
                let at = retry.next(after: max(now, WallClock.now()))
                blocked = (day, at)
                Log.warning("\(error); retrying at \(zone.iso8601(at)) or as soon as a server appears")
                arm(at)
            case .noContent:
                // Retrying cannot help until the snapshot or config changes; the watches lift this.
                blocked = (day, Int64.max)
                Log.warning("nothing to notify for \(day): \(error)")
                arm(now + FirePlanner.replanInterval)
            }
        }
    }

    /// Records `day` as notified, in the stamp and (in case the stamp cannot be written) in memory.
    private func markFired(_ day: CivilDate) {
        firedInMemory = day
        blocked = nil
        retry.reset()
        do { try stamp.write(day) } catch {
            Log.error("cannot record that \(day) fired (\(error)); this process will not fire it again")
        }
    }

    private func arm(_ instant: Int64) {
        do {
            try timer?.arm(at: instant)
        } catch {
            if error.clockChanged { return plan() }
            Log.error("cannot arm the timer: \(error)")
        }
    }

    private func inputsChanged() {
        if let blocked, blocked.until == Int64.max { self.blocked = nil }
        plan()
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
        Log.info("a D-Bus session bus is there now; watching it for a notification server")
        serverWatch = ServerWatch { [weak self] in self?.serverAppeared() }
        watchBusClose()
    }

    private func serverAppeared() {
        guard let blocked else { return }
        Log.info("a notification server appeared; retrying now")
        self.blocked = (blocked.day, 0)
        retry.reset()
        plan()
    }
}
