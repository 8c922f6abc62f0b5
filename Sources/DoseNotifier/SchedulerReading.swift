import DoseCore

/// What one planning pass reads from the world, read once by the scheduler's interpreter and handed
/// to the pure `SchedulerMachine`: the clock, the zone (afresh: `TZ` or `/etc/localtime`), the
/// config's notify-time and the fired stamp.
struct SchedulerReading: Sendable {
    var now: Int64
    var zone: any ZoneRules
    var notifyTime: LocalTime
    /// The day the stamp file names, or nil when there is none (or it is unreadable).
    var stamp: CivilDate?
}
