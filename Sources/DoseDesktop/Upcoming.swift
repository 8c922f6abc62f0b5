import DoseApp
import DoseCore
import DoseSystem

/// One row of the Upcoming list: weekday, date, kind and title of a coming day's dose; never an answer.
public struct UpcomingRow: Sendable, Equatable {
    public var day: CivilDate
    public var weekday: String
    public var date: String
    public var kind: String
    public var title: String
    /// The item's id, for the tests that compare the list with the scheduler's; not shown.
    public var itemID: String
}

/// The coming days' doses, resolved as the scheduler resolves them (`DoseCalendar` over the snapshot's
/// index, the configured branch), so the list agrees with `dose-notify --dry-run --days N`.
public enum Upcoming {
    /// How many days the list shows.
    public static let days = 30

    /// `days` rows from `pool`'s today; a day with no dose for the branch has no row. Throws when the
    /// store or config cannot be read; empty for a pool that never had items.
    public static func rows(_ pool: DesktopPool, days: Int = Upcoming.days) throws(CommandError) -> [UpcomingRow] {
        guard let reader = try pool.reader() else { return [] }
        let audience = try pool.audience()
        var rows: [UpcomingRow] = []
        for (day, position) in DoseCalendar.positions(reader.index, audience: audience, from: pool.today, days: days) {
            guard let position else { continue }
            let item = try reader.item(at: position)
            let text = DayText.format(day)
            rows.append(UpcomingRow(
                day: day, weekday: text.weekday, date: text.date, kind: item.kind.headline,
                title: ItemLine.title(of: item), itemID: item.id))
        }
        return rows
    }
}
