import DoseCore
import DoseSystem

/// `dose calendar [--from YYYY-MM-DD] [--days N] [--branch CODE | --all]`: the coming doses, one
/// line each (weekday, date, kind, title), never an answer.
///
/// Resolved through the snapshot's index with the scheduler's resolver (`DoseCalendar`), so each
/// line is the dose `dose-notify --dry-run` would arm for that day.
struct CalendarCommand {
    static let defaultDays = 7
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let everyone = arguments.flag(.all)
        let start = try arguments.date(.from) ?? context.today
        let days = try arguments.dayCount(.days) ?? Self.defaultDays
        let branchText = try arguments.option(.branch)
        try arguments.finish()
        try DayRange.check(start: start, days: days)
        let audience = try resolveAudience(branchText, everyone: everyone, context: context)

        let view = try PoolView.open(context)
        var decoded: [Int: Item] = [:]
        var lines: [String] = []
        for (date, position) in DoseCalendar.positions(view.reader.index, audience: audience, from: start, days: days) {
            guard let position else {
                let message = switch audience {
                case .everyone: tr("no dose: the pool has no items for it")
                case .commonOnly: tr("no dose for the common doses only: the pool has no untagged items")
                case .branch(let code): tr("no dose for branch {branch}: the pool has no items for it", ["branch": code])
                }
                throw CommandError(message, exitCode: .failure)
            }
            let item: Item
            if let known = decoded[position] { item = known } else {
                item = try view.reader.item(at: position)
                decoded[position] = item
            }
            lines.append(DoseCalendar.line(date: date, item: item, day: DateText.current.weekdayAndDate(date)))
        }
        Console.print(lines.joined(separator: "\n"))
    }
}
