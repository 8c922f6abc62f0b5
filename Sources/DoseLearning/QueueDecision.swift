import DoseStore

/// The worker's next step, as decided by `QueuePlanner`.
public enum QueueDecision: Sendable, Equatable {
    /// Nothing is pending.
    case idle
    /// Pending work, but no provider to ask.
    case waitForProvider(reason: String)
    /// A pause whose provider settings have since changed: lift it, then decide again.
    case liftPause
    /// Paused on an error that needs the user; nothing to do until the settings change.
    case paused(reason: String)
    /// A pending entry whose artifacts all exist: clear it.
    case settle(TopicKey)
    /// Work is due but there is no network: wait, without counting an attempt.
    case waitForNetwork
    /// Generate the `missing` artifacts of `topic`, in order.
    case attempt(TopicKey, missing: [LearningArtifactKind])
    /// Nothing is due before `until` (Unix seconds).
    case sleep(until: Int64)
    /// Every topic is held until `until` (Unix seconds) for a reason the provider as a whole gave.
    case held(until: Int64, reason: String)
}
