import DoseCore

/// The days `--date`/`--days` name, for `dose today` and `dose-notify --dry-run`.
public enum DayRange {
    /// The last date `--date` accepts (`YYYY-MM-DD` has four year digits).
    public static let lastDate = CivilDate(year: 9999, month: 12, day: 31)!

    /// Refuses a range whose last day is past `lastDate`: it would print a year `--date` then refuses.
    public static func check(start: CivilDate, days: Int) throws(CommandError) {
        let room = lastDate.daysSinceEpoch - start.daysSinceEpoch + 1
        guard days > room else { return }
        let (daysName, dateName) = (OptionSpec.days.name, OptionSpec.date.name)
        throw .usage(tr(
            "{days} {count} from {start} runs past {last}, the last date {date} takes; use {days} {room} or less",
            ["days": daysName, "count": days, "start": start, "last": lastDate, "date": dateName, "room": max(room, 1)]))
    }
}
