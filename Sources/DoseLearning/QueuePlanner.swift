import DoseStore

/// Decides what the queue does next from the store's state, the provider and the network; pure.
public enum QueuePlanner {
    /// Everything the decision depends on, gathered by the caller.
    public struct Inputs: Sendable {
        public var entries: [LearningEntry]
        public var state: LearningQueueState
        public var now: Int64
        /// A run the student asked for: every pending topic once, whatever its backoff.
        public var foreground: Bool
        /// Topics this run has already tried (foreground runs try each once).
        public var visited: Set<TopicKey>
        /// Why no request can be made (provider unset, key unusable), or nil.
        public var providerProblem: String?
        /// The current provider settings' fingerprint, compared with the pause's.
        public var fingerprint: String
        /// Whether a request could reach the provider (always true for a loopback provider).
        public var online: Bool

        public init(
            entries: [LearningEntry], state: LearningQueueState, now: Int64, foreground: Bool = false,
            visited: Set<TopicKey> = [], providerProblem: String? = nil, fingerprint: String, online: Bool
        ) {
            self.entries = entries
            self.state = state
            self.now = now
            self.foreground = foreground
            self.visited = visited
            self.providerProblem = providerProblem
            self.fingerprint = fingerprint
            self.online = online
        }
    }

    /// The artifacts a topic still lacks, deck first: what a retry generates, and nothing more.
    public static func missing(_ entry: LearningEntry) -> [LearningArtifactKind] {
        LearningArtifactKind.allCases.filter { !entry.has($0) }
    }

    /// When a pending entry may next be tried in the background: its own time and the queue's hold.
    public static func dueTime(_ pending: LearningEntry.Pending, state: LearningQueueState) -> Int64? {
        switch (pending.nextAttemptAt, state.holdUntil) {
        case (nil, nil): return nil
        case (let next?, nil): return next
        case (nil, let hold?): return hold
        case (let next?, let hold?): return max(next, hold)
        }
    }

    /// The next step.
    public static func decide(_ inputs: Inputs) -> QueueDecision {
        let pending = inputs.entries
            .filter { $0.pending != nil }
            // Oldest request first, so the student's order is kept.
            .sorted { ($0.pending!.requestedAt, $0.subject, $0.topic) < ($1.pending!.requestedAt, $1.subject, $1.topic) }
        guard !pending.isEmpty else { return .idle }
        // Clearing a finished entry costs no request: do it whatever else holds the queue.
        if let done = pending.first(where: { $0.isComplete }), let key = try? TopicKey(subject: done.subject, topic: done.topic) {
            return .settle(key)
        }
        if let problem = inputs.providerProblem { return .waitForProvider(reason: problem) }
        if let reason = inputs.state.pauseReason {
            guard inputs.state.pauseFingerprint == inputs.fingerprint else { return .liftPause }
            return .paused(reason: reason)
        }
        var earliest: Int64?
        for entry in pending {
            guard let key = try? TopicKey(subject: entry.subject, topic: entry.topic) else { continue }
            if inputs.foreground {
                if inputs.visited.contains(key) { continue }
            } else if let due = dueTime(entry.pending!, state: inputs.state), due > inputs.now {
                earliest = min(earliest ?? due, due)
                continue
            }
            // Ask for the network only once there is something to send.
            guard inputs.online else { return .waitForNetwork }
            return .attempt(key, missing: missing(entry))
        }
        if let earliest { return .sleep(until: earliest) }
        return .idle
    }
}
