/// What the scheduler should do now about the daily notification, as decided by `FirePlanner`.
public struct FirePlan: Sendable, Equatable {
    /// Whether to notify at once or to wait.
    public enum Action: Sendable, Equatable {
        /// Show the day's notification now, then record `day` as the last day fired.
        case fireNow
        /// Sleep until `wakeAt`, then plan again.
        case armed
    }

    public var action: Action
    /// The local day this notification belongs to.
    public var day: CivilDate
    /// The instant of `day`'s notify-time; for `.fireNow` the instant that was reached or missed.
    public var fireAt: Int64
    /// When the process should next wake: `now` for `.fireNow`; for `.armed` the earlier of
    /// `fireAt` and the next periodic re-plan.
    public var wakeAt: Int64

    public init(action: Action, day: CivilDate, fireAt: Int64, wakeAt: Int64) {
        self.action = action
        self.day = day
        self.fireAt = fireAt
        self.wakeAt = wakeAt
    }
}
