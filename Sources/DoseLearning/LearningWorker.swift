import DoseStore
import DoseSystem

/// Works through the pending list: one topic at a time, under the machine-wide lock.
///
/// Synchronous and single-threaded by design: the daemon calls it on its one serial queue and
/// `dose learn run` on its main thread. The clock, the jitter source, the provider client and
/// the network status are injected. Not `Sendable`: it belongs to the thread that calls it.
public final class LearningWorker {
    public struct Dependencies {
        public var databasePath: String
        public var lockPath: String
        public var loadProvider: () -> ProviderSnapshot
        public var client: any ArtifactGenerating
        public var network: any NetworkStatus
        /// Unix seconds now.
        public var now: () -> Int64
        /// A jitter sample in -1...1.
        public var jitter: () -> Double
        /// One line of progress (`dose learn run` prints it; the daemon logs it).
        public var progress: (String) -> Void
        /// Rewrites the due summary when a deck is stored (nil: not mirrored, for tests of the queue alone).
        public var dueMirror: DueMirror?

        public init(
            databasePath: String, lockPath: String, loadProvider: @escaping () -> ProviderSnapshot,
            client: any ArtifactGenerating, network: any NetworkStatus, now: @escaping () -> Int64,
            jitter: @escaping () -> Double, progress: @escaping (String) -> Void, dueMirror: DueMirror? = nil
        ) {
            self.databasePath = databasePath
            self.lockPath = lockPath
            self.loadProvider = loadProvider
            self.client = client
            self.network = network
            self.now = now
            self.jitter = jitter
            self.progress = progress
            self.dueMirror = dueMirror
        }
    }

    private let dependencies: Dependencies
    private var lock: GenerationLock { GenerationLock(path: dependencies.lockPath) }

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Clears in-flight marks a killed process left behind (under the lock, so no live request is touched),
    /// and takes the key in use out of stored provider messages (those stored before redaction existed).
    public func recover() throws(LearningError) {
        let redaction = dependencies.loadProvider().redaction
        try lock.withLock { () throws(LearningError) in
            let store = try storeCall { try openStore() }
            let cleared = try storeCall { try store.clearStaleInFlight() }
            if cleared > 0 { dependencies.progress(trn("cleared {count} interrupted request", "cleared {count} interrupted requests", cleared)) }
            if redaction != .none { _ = try storeCall { try store.rewriteMessages(redaction.apply) } }
            // A summary a crash left behind its store (killed between a commit and the rename) is made good.
            dependencies.dueMirror?.mirror(store.database)
        }
    }

    /// Works until nothing more can be done now; `foreground` tries every pending topic once, whatever its backoff.
    ///
    /// - Parameter oneTopic: stop after one topic's generation with `.more` when it ended without
    ///   a reason to wait, so the daemon runs each topic as its own job and other jobs take turns.
    public func runPass(foreground: Bool, oneTopic: Bool = false) throws(LearningError) -> PassResult {
        var visited = Set<TopicKey>()
        while true {
            let store = try storeCall { try openStore() }
            let provider = dependencies.loadProvider()
            let online = provider.settings.isLoopback || dependencies.network.isAvailable()
            let inputs = QueuePlanner.Inputs(
                entries: try storeCall { try store.entries() }, state: try storeCall { try store.queueState() },
                now: dependencies.now(), foreground: foreground, visited: visited, providerProblem: provider.problem,
                fingerprint: provider.fingerprint, online: online)
            switch QueuePlanner.decide(inputs) {
            case .idle:
                return .idle
            case .waitForProvider(let reason):
                return .waitForProvider(reason: reason)
            case .paused(let reason):
                // As stored: perhaps before redaction existed.
                return .paused(reason: provider.redaction.apply(reason))
            case .waitForNetwork:
                return .waitForNetwork
            case .sleep(let until):
                return .sleep(until: until)
            case .held(let until, let reason):
                return .held(until: until, reason: provider.redaction.apply(reason))
            case .liftPause:
                dependencies.progress(tr("the provider settings changed: resuming the queue"))
                try storeCall { try store.resume() }
            case .settle(let key):
                _ = try storeCall { try store.settle(subject: key.subject, topic: key.topic) }
            case .attempt(let key, _):
                visited.insert(key)
                if let stop = try lock.withLock({ () throws(LearningError) -> PassResult? in
                    try generate(key, provider: provider, foreground: foreground)
                }) {
                    return stop
                }
                if oneTopic { return .more }
            }
        }
    }

    /// Generates what `key` still lacks, holding the lock; returns a result when the pass must stop.
    private func generate(_ key: TopicKey, provider: ProviderSnapshot, foreground: Bool) throws(LearningError) -> PassResult? {
        let store = try storeCall { try openStore() }
        // Holding the lock, any in-flight mark is a dead process's.
        _ = try storeCall { try store.clearStaleInFlight() }
        // Asked again under the lock: another process may have finished or the student unticked.
        guard let entry = try storeCall({ try store.entry(subject: key.subject, topic: key.topic) }),
            entry.pending != nil
        else { return nil }
        for kind in QueuePlanner.missing(entry) {
            guard provider.settings.isLoopback || dependencies.network.isAvailable() else { return .waitForNetwork }
            guard try storeCall({ try store.beginAttempt(subject: key.subject, topic: key.topic, now: dependencies.now()) })
            else { return nil }
            dependencies.progress(kind == .deck
                ? tr("{topic}: asking for the deck…", ["topic": key]) : tr("{topic}: asking for the quiz…", ["topic": key]))
            let result = dependencies.client.generate(kind, for: key, settings: provider.settings, key: provider.key)
            let now = dependencies.now()
            switch result {
            case .success(let body):
                let cleared = try storeCall {
                    try store.storeArtifact(
                        subject: key.subject, topic: key.topic, kind: kind, body: body, model: provider.settings.model, now: now)
                }
                let stored = switch (kind, cleared) {
                case (.deck, false): tr("{topic}: deck stored", ["topic": key])
                case (.deck, true): tr("{topic}: deck stored; ready", ["topic": key])
                case (.quiz, false): tr("{topic}: quiz stored", ["topic": key])
                case (.quiz, true): tr("{topic}: quiz stored; ready", ["topic": key])
                }
                dependencies.progress(stored)
            case .failure(let failure):
                let online = provider.settings.isLoopback || dependencies.network.isAvailable()
                switch FailureClassifier.classify(failure, networkAvailable: online, now: now, redaction: provider.redaction) {
                case .retry(let reason, let scope):
                    let record = try backOff(key, pending: entry.pending!, reason: reason, scope: scope, store: store, now: now)
                    if let backoff = record.topic {
                        let values: KeyValuePairs<String, any CustomStringConvertible> = [
                            "topic": key, "reason": reason, "delay": backoff.nextAttemptAt - now]
                        dependencies.progress(kind == .deck
                            ? tr("{topic}: deck failed: {reason}; next try in {delay} s", values)
                            : tr("{topic}: quiz failed: {reason}; next try in {delay} s", values))
                        if let hold = record.hold {
                            dependencies.progress(tr("every topic waits {delay} s: {reason}", ["delay": hold.until - now, "reason": hold.reason]))
                        }
                    } else if let hold = record.hold {
                        let values: KeyValuePairs<String, any CustomStringConvertible> = [
                            "topic": key, "reason": reason, "delay": hold.until - now]
                        dependencies.progress(kind == .deck
                            ? tr("{topic}: deck failed: {reason}; every topic waits {delay} s", values)
                            : tr("{topic}: quiz failed: {reason}; every topic waits {delay} s", values))
                    }
                    // A hold ends a background pass; a run the student asked for still tries each topic once.
                    if let hold = record.hold, !foreground { return .held(until: hold.until, reason: hold.reason) }
                    return nil
                case .offline(let reason):
                    try storeCall { try store.recordOffline(subject: key.subject, topic: key.topic, reason: reason) }
                    dependencies.progress(tr("{topic}: {reason}; waiting for the network", ["topic": key, "reason": reason]))
                    return .waitForNetwork
                case .needsUser(let reason):
                    try storeCall {
                        try store.pause(subject: key.subject, topic: key.topic, reason: reason, fingerprint: provider.fingerprint)
                    }
                    dependencies.progress(tr("{topic}: paused: {reason}", ["topic": key, "reason": reason]))
                    return .paused(reason: reason)
                }
            }
        }
        return nil
    }

    /// Records a retryable failure of `key`: its own backoff and, when the provider is at fault, a hold of every
    /// topic (`QueuePlanner.afterFailure`); returns what was written.
    private func backOff(
        _ key: TopicKey, pending: LearningEntry.Pending, reason: String, scope: RetryScope, store: LearningStore, now: Int64
    ) throws(LearningError) -> FailureRecord {
        let entries = try storeCall { try store.entries() }
        // As stored now (a deck stored a moment ago reset the topic's failures), or as it was if unticked meanwhile.
        let current = entries.first { $0.subject == key.subject && $0.topic == key.topic }?.pending ?? pending
        let otherServerFailures = entries.filter {
            $0.pending?.serverFailed == true && !($0.subject == key.subject && $0.topic == key.topic)
        }.count
        let record = QueuePlanner.afterFailure(
            reason: reason, scope: scope, pending: current, state: try storeCall { try store.queueState() },
            otherServerFailures: otherServerFailures, now: now, jitter: dependencies.jitter())
        try storeCall { try store.recordFailure(subject: key.subject, topic: key.topic, record) }
        return record
    }

    private func openStore() throws(StoreError) -> LearningStore {
        let database = try Database(path: dependencies.databasePath)
        dependencies.dueMirror?.attach(to: database)
        return LearningStore(database: database)
    }

    /// Runs a store call, turning its failure into a `LearningError`.
    private func storeCall<T>(_ body: () throws -> T) throws(LearningError) -> T {
        do { return try body() } catch { throw LearningError(.store, tr("the learning store: {error}", ["error": "\(error)"])) }
    }
}

@available(*, unavailable, message: "a worker belongs to the thread (or serial queue) that runs it")
extension LearningWorker: Sendable {}
