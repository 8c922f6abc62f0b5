import DoseStore
import DoseSystem

/// Decides what the queue does next from the store's state, the provider and the network, and what a failed
/// attempt backs off; pure.
///
/// Backoff belongs to the topic that failed: a topic in backoff waits for its own next try while the others
/// are served, oldest request first. Only what concerns the provider as a whole stops every topic: no usable
/// provider, a pause that needs the user, a hold (the provider busy, unreachable, or failing for
/// `outageTopics` different topics in a row), and no network.
public enum QueuePlanner {
    /// How many different topics the server must fail at their first request, with no answer from the provider
    /// between them, before the failure is judged the provider's and every topic is held. Only a first failure
    /// counts: a topic that keeps failing may be failing for its own reasons, and must not hold the others.
    public static let outageTopics = 3

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
        // A hold is the provider's word for every topic; a run the student asked for tries anyway.
        if !inputs.foreground, let hold = inputs.state.holdUntil, hold > inputs.now {
            return .held(until: hold, reason: holdReason(inputs.state))
        }
        var earliest: Int64?
        for entry in pending {
            guard let key = try? TopicKey(subject: entry.subject, topic: entry.topic) else { continue }
            if inputs.foreground {
                if inputs.visited.contains(key) { continue }
            } else if let due = entry.pending!.nextAttemptAt, due > inputs.now {
                // In its own backoff: skipped, and the next topic due is served meanwhile.
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

    /// Why every topic is held, as stored.
    static func holdReason(_ state: LearningQueueState) -> String {
        state.holdReason ?? tr("the provider asked every topic to wait")
    }

    /// What a failed attempt of a topic writes: its own backoff step (`Backoff`, from its own failures in a
    /// row) and, when the provider as a whole is at fault, a hold of every topic at the provider's own step.
    ///
    /// - `.topic`: the topic backs off; the provider answered, so it is up (the hold and the count below go).
    /// - `.server`: the topic backs off; if this was its first failure and the server failed `outageTopics - 1`
    ///   other different topics at their first request before it (`otherServerFailures`, with no answer
    ///   between), every topic is held too.
    /// - `.provider`: every topic is held (at least `retryAfter`, within the cap); the topic's own backoff is
    ///   left as it was, since the topic was not at fault.
    public static func afterFailure(
        reason: String, scope: RetryScope, pending: LearningEntry.Pending, state: LearningQueueState,
        otherServerFailures: Int, now: Int64, jitter: Double
    ) -> FailureRecord {
        func hold(_ why: String, retryAfter: Int64? = nil) -> FailureRecord.Hold {
            let failures = state.failures + 1
            let delay = Backoff.delay(afterFailures: failures, jitter: jitter, retryAfter: retryAfter)
            return FailureRecord.Hold(until: now + delay, reason: why, failures: failures)
        }
        let failures = pending.failures + 1
        let ownBackoff = FailureRecord.TopicBackoff(
            failures: failures, nextAttemptAt: now + Backoff.delay(afterFailures: failures, jitter: jitter))
        switch scope {
        case .topic:
            return FailureRecord(error: reason, topic: ownBackoff, providerAnswered: true)
        case .server:
            guard pending.failures == 0 else {
                return FailureRecord(error: reason, topic: ownBackoff, serverFailed: pending.serverFailed)
            }
            let failing = otherServerFailures + 1
            let outage = failing < outageTopics ? nil : hold(trn(
                "the provider failed for {count} different topic in a row: {reason}",
                "the provider failed for {count} different topics in a row: {reason}", failing, ["reason": reason]))
            return FailureRecord(error: reason, topic: ownBackoff, serverFailed: true, hold: outage)
        case .provider(let retryAfter):
            return FailureRecord(error: reason, topic: nil, hold: hold(reason, retryAfter: retryAfter))
        }
    }
}
