import CGLib
import GLibGlue
import Dispatch
import DoseSystem
import Glibc
import Synchronization

/// The app's background half: one serial queue for every background job, woken by GLib events.
///
/// The GLib main loop owns the main thread and the GIO objects (network monitor, file monitors)
/// and drives every HTTP transfer (DoseHTTP's `LoopHTTP`); its callbacks only post work to `jobs`,
/// a serial `DispatchQueue` that runs the worker and the planning pass one at a time — so no two
/// AI calls ever run at once, and jobs that wake together take turns. No job waits for the
/// network on the queue but the worker's provider request (bounded by its deadline): the planning
/// pass's fetch runs on the loop and only its import comes back to the queue. Nothing here uses `@MainActor` or `DispatchQueue.main`: with `g_main_loop_run` on the
/// main thread, the main queue is never drained.
///
/// One job is one topic: a pass stops after a topic's generation and posts the next as a new job at
/// the back of the queue, so a planning pass due meanwhile runs between two topics, not after all of them.
///
/// Wake-ups: start (after clearing stale in-flight marks), the wake file (`dose learn tick`), the
/// config file (a provider configured or changed), the key file (`provider.key-file` written, replaced
/// or made private), the network coming back, the next backoff time, and the planning timer (every
/// six hours). Waiting for the network or for a provider (none, no usable key, paused) sets no timer:
/// only those events end it. The one fallback is a poll while a file that would say so cannot be watched.
///
/// The session bus (the keyring's only road) closing ends the daemon with `.sessionBusClosed` once the job
/// in hand is done: the connection cannot be made again in this process (GIO hands out the closed shared
/// connection to libsecret for good), and a failure is what brings a new daemon from the user unit.
public final class LearningDaemon: @unchecked Sendable {
    public struct Options: Sendable {
        public var configPath: String
        public var wakePath: String
        /// Seconds between planning passes.
        public var planningInterval: Int64 = 6 * 3600
        /// How often a queue waiting for a provider looks again when the config or key file cannot be
        /// watched (GIO refused the monitor): without the watch no event would ever come.
        public var recheckInterval: Int64 = 300

        public init(configPath: String, wakePath: String) {
            self.configPath = configPath
            self.wakePath = wakePath
        }
    }

    private let options: Options
    private let jobs = DispatchQueue(label: "net.dailydose.jobs")
    private let worker: QueueConfined<LearningWorker>
    private let planningPass: @Sendable (LearningDaemon) -> Void
    private let now: @Sendable () -> Int64
    /// True while a worker pass is queued and not yet started: wake-ups coalesce into it.
    private let passQueued = Atomic<Bool>(false)
    /// Bumped each time a pass schedules its timer; an older timer that fires finds it changed and does nothing.
    private let timerGeneration = Atomic<Int>(0)
    /// False while the config or key file cannot be watched, so provider changes raise no event.
    private let providerWatched = Atomic<Bool>(true)
    /// The loop `run` turns (set before it runs), which a closed session bus ends.
    private var loop: MainLoop?
    /// The session bus's close watch: made and read on the loop's thread only.
    private var busWatch: SessionBusCloseWatch?
    /// Whether `busWatch` exists, for the jobs queue.
    private let busWatched = Atomic<Bool>(false)
    /// Set when the session bus closed: `run` then ends with `.sessionBusClosed`.
    private let busClosed = Atomic<Bool>(false)

    /// - Parameters:
    ///   - worker: the learning worker, only ever run on the jobs queue.
    ///   - planningPass: starts the sync-and-mirror pass, on the jobs queue. It must not wait for the
    ///     network there: it starts its fetch on the loop and `post`s the import back when the bytes are in.
    public init(
        options: Options, worker: LearningWorker, now: @escaping @Sendable () -> Int64,
        planningPass: @escaping @Sendable (LearningDaemon) -> Void
    ) {
        self.options = options
        self.worker = QueueConfined(worker)
        self.now = now
        self.planningPass = planningPass
    }

    /// Why `run` returned.
    public enum Ending: Sendable, Equatable {
        /// SIGTERM or SIGINT: a stop request.
        case stopped
        /// The session bus went away under the daemon (a restart, the session's end).
        case sessionBusClosed
    }

    /// Runs until SIGTERM or SIGINT, or the session bus closing. Call on the main thread, which the GLib loop then owns.
    public func run(network: NetworkMonitor) -> Ending {
        let loop = MainLoop()
        self.loop = loop
        // First, before any job looks a key up: the shared connection then belongs to this loop's context,
        // where its "closed" signal arrives (see SessionBusCloseWatch).
        watchSessionBus()
        // The watched files' directories must exist, or GIO polls for them instead of using inotify.
        for path in [options.configPath, options.wakePath] {
            try? FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
        }
        let keyWatch = KeyFileWatch(configPath: options.configPath) { [self] isWorking in
            providerWatched.store(isWorking, ordering: .sequentiallyConsistent)
            wake("the key file changed")
        }
        keyWatch.refresh()
        // Attributes too: a config file made readable again is a change worth a look.
        let configWatch = FileWatch(path: options.configPath, attributes: true) { [self] in
            // provider.key-file may name another file now.
            keyWatch.refresh()
            providerWatched.store(keyWatch.isWorking, ordering: .sequentiallyConsistent)
            wake("the config file changed")
        }
        let wakeWatch = FileWatch(path: options.wakePath) { [self] in wake("a topic was ticked") }
        if configWatch == nil { Log.warning("dose daemon: cannot watch \(options.configPath); provider changes are seen at the next wake-up") }
        if wakeWatch == nil { Log.warning("dose daemon: cannot watch \(options.wakePath); ticks are seen at the next wake-up") }
        providerWatched.store(configWatch != nil && keyWatch.isWorking, ordering: .sequentiallyConsistent)

        jobs.async { [self] in
            watchSessionBusBeforeLookups()
            do { try worker.value.recover() } catch { Log.error("dose daemon: \(error)") }
        }
        wake("the daemon started")
        schedulePlanning(after: 0)
        Log.notice("dose daemon: running (network \(network.isAvailable() ? "available" : "unavailable"))")
        loop.run()
        Log.notice("dose daemon: stopping")
        withExtendedLifetime((configWatch, wakeWatch, keyWatch)) {}
        return busClosed.load(ordering: .sequentiallyConsistent) ? .sessionBusClosed : .stopped
    }

    /// Watches the session bus for closing, unless it is watched already or there is none. On the loop's thread.
    private func watchSessionBus() {
        // Never where none is known: GIO would autolaunch one (dbus-launch) wherever $DISPLAY is set.
        guard busWatch == nil, SessionBusAddress.isKnown else { return }
        busWatch = SessionBusCloseWatch { [self] in
            Log.warning("dose daemon: " + tr("the session bus closed; stopping with a failure once the job in hand ends, so that the service manager starts a new daemon on the new bus"))
            // Behind the job in hand (a provider request the loop is driving), so nothing is cut off mid-request.
            jobs.async { [self] in
                busClosed.store(true, ordering: .sequentiallyConsistent)
                loop?.quit()
            }
        }
        busWatched.store(busWatch != nil, ordering: .sequentiallyConsistent)
    }

    /// A bus that was not there when the daemon started may be now: watch it before a key lookup reaches it
    /// from the jobs queue, which would make the shared connection in a context nobody runs. On the jobs queue.
    private func watchSessionBusBeforeLookups() {
        guard !busWatched.load(ordering: .sequentiallyConsistent), SessionBusAddress.isKnown else { return }
        let made = DispatchSemaphore(value: 0)
        postToLoop { [self] in
            watchSessionBus()
            made.signal()
        }
        // The loop never waits for this queue, so it answers at once; the bound only covers a loop that has stopped.
        _ = made.wait(timeout: .now() + .seconds(5))
    }

    /// Posts a worker pass to the jobs queue, unless one is already waiting there. Any thread.
    public func wake(_ reason: String) {
        postPass { Log.info("dose daemon: waking: \(reason)") }
    }

    /// Runs `job` on the jobs queue, after whatever is queued there. Any thread.
    public func post(_ job: @escaping @Sendable () -> Void) {
        jobs.async(execute: job)
    }

    /// Posts a pass at the back of the jobs queue unless one waits there already; `posted` runs if it did.
    private func postPass(_ posted: () -> Void = {}) {
        guard !passQueued.exchange(true, ordering: .sequentiallyConsistent) else { return }
        posted()
        jobs.async { [self] in
            passQueued.store(false, ordering: .sequentiallyConsistent)
            pass()
        }
    }

    /// One topic's pass (a job), then the next topic as another job, or a timer for what it waits for. On the jobs queue.
    private func pass() {
        watchSessionBusBeforeLookups()
        let result: PassResult
        do {
            result = try worker.value.runPass(foreground: false, oneTopic: true)
        } catch {
            Log.error("dose daemon: \(error)")
            schedule(after: 60, reason: "retrying after a store error")
            return
        }
        switch result {
        case .more:
            // Behind whatever was posted meanwhile (a planning pass), not ahead of it.
            postPass()
        case .idle:
            cancelTimer()
        case .sleep(let until):
            schedule(after: max(1, until - now()), reason: "the next attempt is due")
        case .held(let until, let reason):
            Log.info("dose daemon: every topic waits \(max(0, until - now())) s: \(reason)")
            schedule(after: max(1, until - now()), reason: "the provider's hold ended")
        case .waitForNetwork:
            // The network monitor's change signal wakes the queue; no poll.
            Log.info("dose daemon: offline; waiting for the network")
            cancelTimer()
        case .waitForProvider(let reason):
            Log.info("dose daemon: waiting for a provider: \(reason)")
            waitForProviderChange()
        case .paused(let reason):
            Log.warning("dose daemon: learning queue paused: \(reason)")
            waitForProviderChange()
        }
    }

    /// Waits for the config or key file to change: their watches wake the queue, a poll only when they cannot.
    private func waitForProviderChange() {
        if providerWatched.load(ordering: .sequentiallyConsistent) {
            cancelTimer()
        } else {
            schedule(after: options.recheckInterval, reason: "checking the provider again (its files cannot be watched)")
        }
    }

    private func schedule(after seconds: Int64, reason: String) {
        let generation = timerGeneration.add(1, ordering: .sequentiallyConsistent).newValue
        jobs.asyncAfter(deadline: .now() + .seconds(Int(seconds))) { [self] in
            guard timerGeneration.load(ordering: .sequentiallyConsistent) == generation else { return }
            wake(reason)
        }
    }

    private func cancelTimer() {
        timerGeneration.add(1, ordering: .sequentiallyConsistent)
    }

    /// The planning pass, on the same queue as the worker, every `planningInterval`.
    private func schedulePlanning(after seconds: Int64) {
        jobs.asyncAfter(deadline: .now() + .seconds(Int(seconds))) { [self] in
            planningPass(self)
            schedulePlanning(after: options.planningInterval)
        }
    }
}
