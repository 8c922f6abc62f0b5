import DoseLearning
import DoseSystem
import Foundation

/// `dose daemon`: the app's background half (a user service), running the learning queue and
/// a planning pass every six hours on one serial queue.
///
/// The planning pass is `dose sync`'s logic ending in the snapshot mirror; with no source
/// configured it only mirrors.
struct DaemonCommand {
    static let usage = "dose daemon"
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        try arguments.finish()
        let paths = context.paths
        let daemonBox = DaemonBox()
        // Created on this (the main, GLib) thread; its signal wakes the queue when the network returns.
        let network = NetworkMonitor { available in
            if available { daemonBox.daemon?.wake("the network came back") }
        }
        let worker = LearnSetup.worker(context, network: network) { line in Log.info("dose daemon: \(line)") }
        let options = LearningDaemon.Options(configPath: paths.configFile, wakePath: WakeFile(paths: paths).path)
        let daemon = LearningDaemon(
            options: options, worker: worker, now: { WallClock.now() },
            planningPass: { Self.planningPass() })
        daemonBox.daemon = daemon
        daemon.run(network: network)
    }

    /// Sync (or, with no source, just mirror) — blocking the jobs queue until it ends, so it takes its turn.
    private static func planningPass() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let context = AppContext.live()
            do {
                if try context.loadConfig().source != nil {
                    var none = Arguments([])
                    try await SyncCommand(context: context).run(&none)
                } else {
                    try PlanningPass(context: context).run { _ throws(CommandError) in }
                }
                Log.info("dose daemon: planning pass done")
            } catch {
                Log.warning("dose daemon: planning pass: \(error)")
            }
            done.signal()
        }
        done.wait()
    }
}

/// Lets the network callback, created before the daemon, reach it.
private final class DaemonBox: @unchecked Sendable {
    // Written once on the main thread before the loop starts; read afterwards.
    var daemon: LearningDaemon?
}
