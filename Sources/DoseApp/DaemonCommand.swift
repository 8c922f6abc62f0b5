import DoseHTTP
import DoseLearning
import DoseSystem

/// `dose daemon`: the app's background half (a user service), running the learning queue and
/// a planning pass every six hours on one serial queue. Exit 0 on SIGTERM or SIGINT (or when another
/// daemon holds the lock), 69 when the session bus closed under it (docs/learning.md).
///
/// The planning pass is `dose sync`'s logic ending in the snapshot mirror; with no source
/// configured it only mirrors. Every HTTP transfer runs on the GLib loop: the provider request
/// (the worker waits for it on the jobs queue, within its deadline) and the sync's fetch, which
/// holds nothing while it waits: only its import is posted to the jobs queue.
struct DaemonCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        try arguments.finish()
        let paths = context.paths
        // Started by the user unit and by the autostart entry on a desktop that runs both: one stays.
        let lockPath = paths.dataDirectory + "/daemon.lock"
        do { try FileSystem.makeDirectories(paths.dataDirectory) } catch {
            throw CommandError("\(error)", exitCode: .cannotCreate)
        }
        let instance: DaemonInstanceLock
        do {
            guard let lock = try DaemonInstanceLock(path: lockPath) else {
                Log.notice("dose daemon: " + tr("another dose daemon is already running for this user ({path}); leaving it the work", ["path": lockPath]))
                return
            }
            instance = lock
        } catch {
            throw CommandError(error.message, exitCode: .ioError)
        }
        let daemonBox = DaemonBox()
        // Created on this (the main, GLib) thread; its signal wakes the queue when the network returns.
        let network = NetworkMonitor { available in
            if available { daemonBox.daemon?.wake("the network came back") }
        }
        let http = LoopHTTP()
        let worker = LearnSetup.worker(context, network: network, transport: http) { line in
            Log.info("dose daemon: \(line)")
        }
        let options = LearningDaemon.Options(configPath: paths.configFile, wakePath: WakeFile(paths: paths).path)
        let daemon = LearningDaemon(
            options: options, worker: worker, now: { WallClock.now() },
            planningPass: { daemon in Self.planningPass(http: http, daemon: daemon) })
        daemonBox.daemon = daemon
        let ending = daemon.run(network: network)
        withExtendedLifetime(instance) {}
        if ending == .sessionBusClosed {
            // EX_UNAVAILABLE: a failure, so the user unit (Restart=on-failure) starts a new daemon on the new bus.
            throw CommandError(tr("stopped: {reason}", ["reason": tr("the D-Bus session bus closed")]), exitCode: .unavailable)
        }
    }

    /// Starts a planning pass, on the jobs queue: a sync (or, with no source, just the mirror).
    ///
    /// A web source's fetch runs on the GLib loop; the import (with its signature check) and the
    /// mirror are posted back to the jobs queue when it ends, so a stalled server holds nothing but its own transfer.
    private static func planningPass(http: LoopHTTP, daemon: LearningDaemon) {
        let context = AppContext.live()
        do {
            let config = try context.loadConfig()
            guard config.source != nil else {
                try PlanningPass(context: context).run { _ throws(CommandError) in }
                Log.info("dose daemon: " + tr("planning pass done (no source)"))
                return
            }
            let sync = try Sync(context: context, config: config, explicit: nil)
            // Each request (a signed source's signature, then its pack) starts on the loop.
            sync.fetch(start: { request, completion in http.start(request, completion: completion) }) { fetched in
                daemon.post { finish(sync, fetched) }
            }
        } catch {
            Log.warning("dose daemon: " + tr("planning pass: {error}", ["error": error]))
        }
    }

    /// The sync's import and mirror, on the jobs queue.
    private static func finish(_ sync: Sync, _ fetched: Sync.Fetched) {
        do {
            try sync.apply(fetched) { Log.info("dose daemon: \($0)") }
            Log.info("dose daemon: " + tr("planning pass done"))
        } catch {
            Log.warning("dose daemon: " + tr("planning pass: {error}", ["error": error]))
        }
    }
}

/// Lets the network callback, created before the daemon, reach it.
private final class DaemonBox: @unchecked Sendable {
    // Written once on the main thread before the loop starts; read afterwards.
    var daemon: LearningDaemon?
}
