/// The offset rules of a time zone: which UTC offset is in effect at an instant.
///
/// DoseCore reads no tz database and no clock; a zone is passed in. The platform
/// layer backs this with the system zone, tests with `TransitionTableZone`.
public protocol ZoneRules: Sendable {
    /// The offset from UTC, in seconds east, in effect at a Unix instant (seconds since 1970-01-01T00:00:00Z).
    ///
    /// At the exact instant of a transition the new offset is in effect.
    func utcOffset(at instant: Int64) -> Int
}
