import DoseStore

/// How `dose learn list` and the app's Learn view describe a ticked topic: its own state; pure.
public struct TopicStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        case ready
        case pending
        case waitingForNetwork = "waiting-for-network"
        case waitingForProvider = "waiting-for-provider"
        case paused
    }

    public var subject: String
    public var topic: String
    /// `pending` while only the topic's own backoff or a hold (`QueueCondition.held`) keeps it waiting.
    public var state: State
    public var attempts: Int
    /// The topic's own next background attempt (Unix seconds), or nil when it is due as soon as the queue runs.
    public var nextAttemptAt: Int64?
    /// Why the topic's own last attempt failed.
    public var lastError: String?
    /// The topic's failed attempts in a row (its backoff step).
    public var failures: Int
    /// Which artifacts exist.
    public var hasDeck: Bool
    public var hasQuiz: Bool

    /// The status of `entry` under the queue's condition (`QueueCondition.of`); `redaction` takes the key in use
    /// out of the stored messages (stored before redaction existed, they may quote it).
    public static func of(_ entry: LearningEntry, queue: QueueCondition?, redaction: KeyRedaction) -> TopicStatus {
        var status = TopicStatus(
            subject: entry.subject, topic: entry.topic, state: .ready, attempts: entry.pending?.attempts ?? 0,
            nextAttemptAt: nil, lastError: entry.pending?.lastError.map(redaction.apply), failures: entry.pending?.failures ?? 0,
            hasDeck: entry.hasDeck, hasQuiz: entry.hasQuiz)
        guard let pending = entry.pending, !entry.isComplete else { return status }
        status.nextAttemptAt = pending.nextAttemptAt
        switch queue {
        case .waitingForProvider: status.state = .waitingForProvider
        case .paused:
            status.state = .paused
            // Nothing is tried until the settings change: no time to give.
            status.nextAttemptAt = nil
        case .waitingForNetwork: status.state = .waitingForNetwork
        case .held, nil: status.state = .pending
        }
        return status
    }
}

/// What holds every pending topic back at once, if anything: shown once, above the topics (`dose learn list`,
/// the Learn view's summary); pure.
public enum QueueCondition: Sendable, Equatable {
    /// No request can be made (no provider set, no usable key).
    case waitingForProvider(reason: String)
    /// An error retrying cannot fix, until the provider settings change.
    case paused(reason: String)
    /// The provider as a whole asked every topic to wait (busy, unreachable, failing for several topics).
    case held(until: Int64, reason: String)
    /// The provider is off this machine and there is no network.
    case waitingForNetwork

    /// The condition of the queue, given its state, the provider and the network; nil when nothing holds every
    /// topic (each waits for its own time only).
    public static func of(
        _ state: LearningQueueState, providerProblem: String?, fingerprint: String, online: Bool, now: Int64,
        redaction: KeyRedaction
    ) -> QueueCondition? {
        if let providerProblem { return .waitingForProvider(reason: providerProblem) }
        if let reason = state.pauseReason, state.pauseFingerprint == fingerprint { return .paused(reason: redaction.apply(reason)) }
        // The order the planner asks in: a hold first (it sleeps until then), the network when a topic is due.
        if let until = state.holdUntil, until > now {
            return .held(until: until, reason: redaction.apply(QueuePlanner.holdReason(state)))
        }
        if !online { return .waitingForNetwork }
        return nil
    }

    /// The word of `dose learn list --json`'s `queue` line.
    public var name: String {
        switch self {
        case .waitingForProvider: "waiting-for-provider"
        case .paused: "paused"
        case .held: "held"
        case .waitingForNetwork: "waiting-for-network"
        }
    }

    /// Why, in the provider's or the settings' words; nil offline, where the state says it all.
    public var reason: String? {
        switch self {
        case .waitingForProvider(let reason), .paused(let reason), .held(_, let reason): reason
        case .waitingForNetwork: nil
        }
    }

    /// Until when every topic is held, for a hold.
    public var until: Int64? {
        if case .held(let until, _) = self { return until }
        return nil
    }
}
