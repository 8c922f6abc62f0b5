import DoseStore

/// How `dose learn list` describes a ticked topic; pure.
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
    public var state: State
    public var attempts: Int
    /// The next background attempt (Unix seconds), or nil when it is not scheduled by time.
    public var nextAttemptAt: Int64?
    public var lastError: String?
    /// Which artifacts exist.
    public var hasDeck: Bool
    public var hasQuiz: Bool

    /// The status of `entry`, given the queue state, the provider and the network; `redaction` takes the key in
    /// use out of the stored messages (stored before redaction existed, they may quote it).
    public static func of(
        _ entry: LearningEntry, state: LearningQueueState, providerProblem: String?, fingerprint: String, online: Bool,
        redaction: KeyRedaction
    ) -> TopicStatus {
        var status = TopicStatus(
            subject: entry.subject, topic: entry.topic, state: .ready, attempts: entry.pending?.attempts ?? 0,
            nextAttemptAt: nil, lastError: entry.pending?.lastError.map(redaction.apply), hasDeck: entry.hasDeck, hasQuiz: entry.hasQuiz)
        guard let pending = entry.pending, !entry.isComplete else { return status }
        status.nextAttemptAt = QueuePlanner.dueTime(pending, state: state)
        if let providerProblem {
            status.state = .waitingForProvider
            status.lastError = providerProblem
        } else if let reason = state.pauseReason, state.pauseFingerprint == fingerprint {
            status.state = .paused
            status.lastError = redaction.apply(reason)
            status.nextAttemptAt = nil
        } else if !online {
            status.state = .waitingForNetwork
        } else {
            status.state = .pending
        }
        return status
    }
}
