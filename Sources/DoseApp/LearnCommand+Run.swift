import DoseLearning
import DoseSystem

extension LearnCommand {
    /// `dose learn run`: works through the queue now, in the foreground, printing progress.
    ///
    /// Every pending topic is tried once, whatever its backoff, but never while offline;
    /// the generation lock keeps it from overlapping a running daemon's work.
    /// A hold of every topic (the provider busy or down) does not stop it: the student asked for every topic once.
    /// Exit status: 0 when nothing is left pending, 75 when work remains (failed, offline, paused, held).
    func runQueue(_ arguments: inout Arguments) throws(CommandError) {
        try arguments.finish()
        let network = NetworkMonitor(pumpsContext: true)
        let worker = LearnSetup.worker(context, network: network) { line in Console.print(line) }
        let result: PassResult
        do {
            try worker.recover()
            result = try worker.runPass(foreground: true)
        } catch {
            throw CommandError(error.message, exitCode: error.kind == .store ? .ioError : .software)
        }
        let store = try LearnSetup.store(context)
        let entries = try learnStoreCall { try store.entries() }
        let ready = entries.filter { $0.pending == nil }.count
        let pending = entries.count - ready
        switch result {
        case .waitForNetwork:
            Console.print(trn("Offline: {count} topic wait for the network.", "Offline: {count} topics wait for the network.", pending))
        case .waitForProvider(let reason):
            Console.print(tr("Waiting for a provider: {reason}.", ["reason": reason]))
        case .paused(let reason):
            Console.print(tr("Paused: {reason}.", ["reason": reason]))
        case .held(let until, let reason):
            Console.print(LearnWords.queue(.held(until: until, reason: reason), now: context.now, zone: context.zone))
        case .idle, .sleep, .more:
            break
        }
        Console.print(tr("{ready} ready, {pending} pending.", ["ready": ready, "pending": pending]))
        if pending > 0 {
            if case .waitForProvider = result { throw CommandError(tr("no usable AI provider"), exitCode: .config) }
            throw CommandError(trn("{count} topic is still pending", "{count} topics are still pending", pending), exitCode: .temporaryFailure)
        }
    }
}
