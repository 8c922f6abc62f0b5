import DoseCore
import DoseSystem

/// `dose show ID|CODE [--json]`: any dose by id, or by the short code a notification's hint prints,
/// searched in the unfiltered pool.
///
/// One row by its primary key: O(log n) whatever the pool's size, where the snapshot's index reads
/// every item (at 100,000 items `dose-notify --dry-run --id` takes 30 ms, nearly all of it the index;
/// docs/performance.md), from the store opened read-only (`ReadOnlyPool`). The snapshot is made sure
/// to match the store first, so a click (which reads the snapshot) and `dose show` name the same dose.
struct ShowCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let id = try arguments.positional("ID")
        try arguments.finish()
        let pool = try ReadOnlyPool(context)
        guard let item = try pool.item(named: id) else {
            if try pool.isPoolEmpty() {
                throw CommandError(
                    tr("no dose with id or code {id}: the pool is empty; {hint}", ["id": JSONWriter.quoted(id), "hint": EmptyPool.hint]),
                    exitCode: .noInput)
            }
            throw CommandError(
                tr("no dose with id or code {id}: it may have been retired from the pool", ["id": JSONWriter.quoted(id)])
                    + idHint(id),
                exitCode: .noInput)
        }
        Console.print(json ? DosePrinter.json(item, date: nil) : DosePrinter.text(item, date: nil, width: Terminal.standardOutputWrapWidth()))
    }

    /// `; did you mean …?` with the closest ids, but never for what could be a short code: a hint
    /// withholds the id (ids are authored words), so a mistyped code must not bring one out.
    private func idHint(_ text: String) -> String {
        guard ShortCode.normalized(text) == nil else { return "" }
        return Suggestion.hint(for: text, among: CompletionValues.ids(context.paths))
    }
}
