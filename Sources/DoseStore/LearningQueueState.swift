/// The learning queue's shared state: a hold of every topic and a pause that needs the user.
///
/// Backoff is per topic (`LearningEntry.Pending.failures` and `nextAttemptAt`); this is only what the
/// provider as a whole brought on.
public struct LearningQueueState: Sendable, Equatable {
    /// Provider-wide holds in a row (a 429, a provider unreachable or failing for several topics); any
    /// answer from the provider sets it back to 0.
    public var failures: Int
    /// No background attempt before this time (Unix seconds), whatever the topic.
    public var holdUntil: Int64?
    /// Why every topic is held (the provider's words, or that it failed for several topics in a row).
    public var holdReason: String?
    /// Why the queue stopped spending attempts (a bad key, no quota, an unknown model).
    public var pauseReason: String?
    /// A digest of the provider settings the pause was decided under; other settings lift it.
    public var pauseFingerprint: String?

    public init(
        failures: Int = 0, holdUntil: Int64? = nil, holdReason: String? = nil, pauseReason: String? = nil,
        pauseFingerprint: String? = nil
    ) {
        self.failures = failures
        self.holdUntil = holdUntil
        self.holdReason = holdReason
        self.pauseReason = pauseReason
        self.pauseFingerprint = pauseFingerprint
    }
}

/// What one failed attempt writes: the topic's own backoff and, when the provider as a whole is at fault,
/// a hold of every topic. Decided by `QueuePlanner.afterFailure`, written by `LearningStore.recordFailure`.
public struct FailureRecord: Sendable, Equatable {
    /// A topic's backoff step: its failures in a row and its next try.
    public struct TopicBackoff: Sendable, Equatable {
        public var failures: Int
        public var nextAttemptAt: Int64

        public init(failures: Int, nextAttemptAt: Int64) {
            self.failures = failures
            self.nextAttemptAt = nextAttemptAt
        }
    }

    /// Every topic held: until when, why, and the provider-wide failures in a row it is the step of.
    public struct Hold: Sendable, Equatable {
        public var until: Int64
        public var reason: String
        public var failures: Int

        public init(until: Int64, reason: String, failures: Int) {
            self.until = until
            self.reason = reason
            self.failures = failures
        }
    }

    /// Why the attempt failed, as stored on the topic.
    public var error: String
    /// The topic's new backoff, or nil to leave it as it was (the provider, not the topic, was at fault).
    public var topic: TopicBackoff?
    /// The topic's `serverFailed` mark: the server failed its first request since it last succeeded, so it
    /// counts toward judging the provider down.
    public var serverFailed: Bool
    /// The provider answered (its answer was unusable for this topic): it is up, so what counted toward
    /// judging it down starts again.
    public var providerAnswered: Bool
    /// A hold of every topic, or nil.
    public var hold: Hold?

    public init(error: String, topic: TopicBackoff?, serverFailed: Bool = false, providerAnswered: Bool = false, hold: Hold? = nil) {
        self.error = error
        self.topic = topic
        self.serverFailed = serverFailed
        self.providerAnswered = providerAnswered
        self.hold = hold
    }
}
