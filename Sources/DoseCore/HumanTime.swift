/// An instant as a person reads it: local wall time in their zone, never UTC `…Z`.
public enum HumanTime {
    /// Which day an instant falls on, seen from today: the words differ ("at", "tomorrow at", "on … at").
    public enum Day: Equatable, Sendable {
        case today
        case tomorrow
        case other(CivilDate)
    }

    /// The local day (relative to `now`'s) and wall time of `instant` in `zone`.
    public static func local(_ instant: Int64, now: Int64, zone: some ZoneRules) -> (day: Day, time: LocalTime) {
        let local = zone.localDateTime(at: instant)
        let today = zone.civilDate(at: now)
        switch local.date.daysSinceEpoch - today.daysSinceEpoch {
        case 0: return (.today, local.time)
        case 1: return (.tomorrow, local.time)
        default: return (.other(local.date), local.time)
        }
    }

    /// `at 15:28` today, `tomorrow at 07:00`, else `on 2026-12-03 at 15:28` (local dates and
    /// times in `zone`, the day judged against `now`). English and 24-hour; DoseSystem's `DateText`
    /// says the same in the user's language and clock.
    public static func describe(_ instant: Int64, now: Int64, zone: some ZoneRules) -> String {
        let (day, time) = local(instant, now: now, zone: zone)
        switch day {
        case .today: return "at \(time)"
        case .tomorrow: return "tomorrow at \(time)"
        case .other(let date): return "on \(date) at \(time)"
        }
    }
}
