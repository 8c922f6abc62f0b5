/// One ticked topic of the checklist, with its pending entry (if any) and which artifacts exist.
public struct LearningEntry: Sendable, Equatable {
    /// The pending half of a topic: the promise not yet kept.
    public struct Pending: Sendable, Equatable {
        /// When the student ticked it (Unix seconds).
        public var requestedAt: Int64
        /// Requests made for it so far (an offline wait is not one).
        public var attempts: Int
        /// The earliest time the background queue tries it again; nil means "as soon as it can".
        public var nextAttemptAt: Int64?
        /// Why the last attempt failed, readable.
        public var lastError: String?
        /// Set while a request is running (or left behind by a killed process).
        public var inFlightSince: Int64?
        /// This topic's failed attempts in a row: its own backoff step; its next success sets it back to 0.
        public var failures: Int
        /// The server failed this topic's first request since it last succeeded (5xx, a timeout), and the provider
        /// has not answered since: one of the different topics that judge the provider down.
        public var serverFailed: Bool

        public init(
            requestedAt: Int64, attempts: Int, nextAttemptAt: Int64?, lastError: String?, inFlightSince: Int64?,
            failures: Int = 0, serverFailed: Bool = false
        ) {
            self.requestedAt = requestedAt
            self.attempts = attempts
            self.nextAttemptAt = nextAttemptAt
            self.lastError = lastError
            self.inFlightSince = inFlightSince
            self.failures = failures
            self.serverFailed = serverFailed
        }
    }

    public var subject: String
    public var topic: String
    public var tickedAt: Int64
    public var pending: Pending?
    public var hasDeck: Bool
    public var hasQuiz: Bool

    public init(subject: String, topic: String, tickedAt: Int64, pending: Pending?, hasDeck: Bool, hasQuiz: Bool) {
        self.subject = subject
        self.topic = topic
        self.tickedAt = tickedAt
        self.pending = pending
        self.hasDeck = hasDeck
        self.hasQuiz = hasQuiz
    }

    /// True when the store holds both artifacts.
    public var isComplete: Bool { hasDeck && hasQuiz }

    /// Whether the store holds the artifact of `kind`.
    public func has(_ kind: LearningArtifactKind) -> Bool {
        switch kind {
        case .deck: return hasDeck
        case .quiz: return hasQuiz
        }
    }
}
