/// The learning queue's shared state: the backoff level and a pause that needs the user.
public struct LearningQueueState: Sendable, Equatable {
    /// Failed attempts in a row, across topics; any success sets it back to 0.
    public var failures: Int
    /// No background attempt before this time (Unix seconds), whatever the topic.
    public var holdUntil: Int64?
    /// Why the queue stopped spending attempts (a bad key, no quota, an unknown model).
    public var pauseReason: String?
    /// A digest of the provider settings the pause was decided under; other settings lift it.
    public var pauseFingerprint: String?

    public init(failures: Int = 0, holdUntil: Int64? = nil, pauseReason: String? = nil, pauseFingerprint: String? = nil) {
        self.failures = failures
        self.holdUntil = holdUntil
        self.pauseReason = pauseReason
        self.pauseFingerprint = pauseFingerprint
    }
}
