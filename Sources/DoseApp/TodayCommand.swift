import DoseCore
import DoseSystem

/// `dose today [--date YYYY-MM-DD] [--days N] [--branch CODE|--all] [--json]`: the day's whole dose.
///
/// Read as the scheduler reads it (`SnapshotReader`), from a snapshot made sure to be the store's pool.
struct TodayCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let everyone = arguments.flag(.all)
        let start = try arguments.date(.date) ?? context.today
        let days = try arguments.dayCount(.days) ?? 1
        let branchText = try arguments.option(.branch)
        try arguments.finish()

        try DayRange.check(start: start, days: days)
        let branch: BranchCode?
        if everyone {
            branch = nil
        } else if let branchText {
            do { branch = BranchCode(exactly: try ConfigKey.branch.normalize(branchText)) } catch {
                throw .usage(error.description)
            }
        } else {
            branch = try context.loadConfig().branch
        }

        // The store's pool as the scheduler reads it: the snapshot's index, mirrored again first if stale.
        let snapshot = try SnapshotMirror(context: context, store: try openStore(context.paths)).currentReader()
        for offset in 0..<days {
            let date = start.adding(days: offset)
            guard let item = try snapshot?.dose(on: date, branch: branch) else {
                let whom = branch.map { " for branch \($0)" } ?? ""
                throw CommandError(
                    "no dose for \(date)\(whom): the pool has no items\(whom.isEmpty ? "" : " for it"); import a pack with `dose import PACK`",
                    exitCode: .failure)
            }
            Console.print(json ? DosePrinter.json(item, date: date) : DosePrinter.text(item, date: date))
            if !json && offset + 1 < days { Console.print("") }
        }
    }
}
