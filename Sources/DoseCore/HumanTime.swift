/// An instant as a person reads it: local wall time in their zone, never UTC `…Z`.
public enum HumanTime {
    /// `at 15:28` today, `tomorrow at 07:00`, else `on 2026-12-03 at 15:28` (local dates and
    /// times in `zone`, the day judged against `now`).
    public static func describe(_ instant: Int64, now: Int64, zone: some ZoneRules) -> String {
        let local = zone.localDateTime(at: instant)
        let today = zone.civilDate(at: now)
        let time = local.time.description
        switch local.date.daysSinceEpoch - today.daysSinceEpoch {
        case 0: return "at \(time)"
        case 1: return "tomorrow at \(time)"
        default: return "on \(local.date) at \(time)"
        }
    }
}
