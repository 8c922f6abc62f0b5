import DoseCore
import DoseSystem

/// `dose today [--date YYYY-MM-DD] [--days N] [--branch CODE|--all] [--answer] [--json]`: the day's dose.
///
/// Read as the scheduler reads it (`SnapshotReader`), from a snapshot made sure to be the store's pool.
/// A question's answer and explanation are kept back unless asked for: `--answer`, or Enter when a
/// person is at the terminal (standard input and output both terminals; never waits otherwise).
/// `--json` is data for programs and carries every field.
struct TodayCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let reveal = arguments.flag(.answer)
        let everyone = arguments.flag(.all)
        let start = try arguments.date(.date) ?? context.today
        let days = try arguments.dayCount(.days) ?? 1
        let branchText = try arguments.option(.branch)
        try arguments.finish()

        try DayRange.check(start: start, days: days)
        let audience = try resolveAudience(branchText, everyone: everyone, context: context)
        let width = Terminal.standardOutputWrapWidth()
        let interactive = !json && !reveal && Terminal.isInteractive()

        // The store's pool as the scheduler reads it: the snapshot's index, mirrored again first if stale
        // (the store opened read-only: a full disk does not stop the answer).
        let snapshot = try ReadOnlyPool(context).currentReader()
        for offset in 0..<days {
            let date = start.adding(days: offset)
            guard let item = try snapshot?.dose(on: date, audience: audience) else {
                guard let snapshot, snapshot.index.count > 0 else {
                    throw CommandError(tr("no dose for {date}: the pool is empty; {hint}", ["date": date, "hint": EmptyPool.hint]), exitCode: .failure)
                }
                let message = switch audience {
                case .everyone: tr("no dose for {date}: the pool has no items; import a pack with `dose import PACK`", ["date": date])
                case .commonOnly:
                    tr("no dose for {date} for the common doses only: the pool has no untagged items; import a pack with `dose import PACK`",
                       ["date": date])
                case .branch(let code):
                    tr("no dose for {date} for branch {branch}: the pool has no items for it; import a pack with `dose import PACK`",
                       ["date": date, "branch": code])
                }
                throw CommandError(message, exitCode: .failure)
            }
            if json || reveal || !DosePrinter.hasSpoiler(item) {
                Console.print(json ? DosePrinter.json(item, date: date) : DosePrinter.text(item, date: date, width: width))
            } else if interactive {
                Console.print(DosePrinter.wrapped(DosePrinter.front(item, date: date), width: width))
                Console.print("")
                // End of input (Ctrl-D) keeps it back: only Enter reveals.
                if Terminal.waitForEnter(tr("Press Enter for the answer")) {
                    Console.print(DosePrinter.wrapped(Array(DosePrinter.back(item).dropFirst()) + DosePrinter.footer(item), width: width))
                } else {
                    Console.print("")
                }
            } else {
                Console.print(DosePrinter.withheld(item, date: date, width: width))
            }
            if !json && offset + 1 < days { Console.print("") }
        }
    }
}

/// The audience a view is for: `--all` is everyone, `--branch CODE` that branch (`--branch common` the
/// untagged doses only), otherwise the configured one. Both at once contradict each other and are refused
/// (exit 64).
func resolveAudience(_ branchText: String?, everyone: Bool, context: AppContext) throws(CommandError) -> Audience {
    if everyone {
        if branchText != nil { throw .usage(tr("--branch and --all contradict each other: give one")) }
        return .everyone
    }
    if let branchText {
        do { return Audience(configured: try ConfigKey.branch.normalize(branchText)) ?? .everyone } catch {
            throw .usage(error.description)
        }
    }
    return try context.loadConfig().audience
}

