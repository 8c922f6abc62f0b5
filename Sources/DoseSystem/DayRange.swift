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
        throw .usage("\(daysName) \(days) from \(start) runs past \(lastDate), the last date \(dateName) takes; "
            + "use \(daysName) \(max(room, 1)) or less")
    }
}
