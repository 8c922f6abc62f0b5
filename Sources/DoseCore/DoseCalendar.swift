/// The doses of coming days, one line each, resolved exactly as the scheduler resolves them
/// (`Resolver` over the snapshot's index, through the same audience filter).
public enum DoseCalendar {
    /// For each day from `start`, the position in `index` of its dose for `audience` (nil when that
    /// audience is empty).
    public static func positions(
        _ index: SnapshotIndex, audience: Audience, from start: CivilDate, days: Int
    ) -> [(date: CivilDate, position: Int?)] {
        (0..<max(0, days)).map { offset in
            let date = start.adding(days: offset)
            return (date, Resolver.resolve(index, audience: audience, date: date))
        }
    }

    /// `Mon 2026-11-30  question  Title`: weekday, date, kind, title; never the answer. `day` is how
    /// the date is written (`dose calendar` gives the weekday in the user's locale), English by default.
    public static func line(date: CivilDate, item: Item, day: String? = nil) -> String {
        "\(day ?? "\(weekday(date)) \(date)")  \(ItemLine.kindColumn(item.kind))  \(ItemLine.title(of: item))"
    }

    /// The English three-letter weekday of `date` (1970-01-01 was a Thursday).
    public static func weekday(_ date: CivilDate) -> String {
        ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][date.daysSinceEpoch.floorModulo(7)]
    }
}
