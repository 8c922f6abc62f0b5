/// Where a worker pass stopped, so its caller knows what to wait for.
public enum PassResult: Sendable, Equatable {
    /// Nothing pending (or, in a foreground run, every pending topic tried once).
    case idle
    /// Wait until this time (Unix seconds) for the next due attempt.
    case sleep(until: Int64)
    /// The provider as a whole asked every topic to wait until this time (Unix seconds), for `reason`.
    case held(until: Int64, reason: String)
    /// Offline: wait for the network to come back.
    case waitForNetwork
    /// No usable provider yet: wait for the config to change.
    case waitForProvider(reason: String)
    /// Paused on an error that needs the user: wait for the provider settings to change.
    case paused(reason: String)
    /// One topic was worked on and more may be due now (a pass asked to stop after one topic).
    case more
}
