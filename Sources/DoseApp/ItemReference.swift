import DoseCore
import DoseStore
import DoseSystem

/// A dose named on the command line by its id or by the short code a notification's hint prints
/// (`ShortCode`), looked up in the whole unfiltered pool.
///
/// The id is one row by its primary key; a code is matched against every id in the snapshot, made sure
/// first to be the store's pool. An argument that is an id and another item's code, or the code of two
/// items, names no dose: the error says so without naming either id (a hint must not give one away).
struct ItemReference {
    let text: String

    /// The dose `text` names, or nil when no id and no code in the pool matches it.
    func find(store: PoolStore, mirror: SnapshotMirror) throws(CommandError) -> Item? {
        try find(byID: { id throws(CommandError) in
            do throws(StoreError) { return try store.item(id: id) } catch { throw storeFailure(tr("cannot read the store"), error) }
        }, snapshot: { () throws(CommandError) in try mirror.currentReader() })
    }

    /// The same over any source: `byID` looks one id up, `snapshot` gives the pool's ids for a code.
    func find(
        byID: (String) throws(CommandError) -> Item?, snapshot: () throws(CommandError) -> SnapshotReader?
    ) throws(CommandError) -> Item? {
        var found: [Item] = []
        if let item = try byID(text) { found.append(item) }
        if let code = ShortCode.normalized(text), let reader = try snapshot() {
            for position in reader.positions(ofCode: code) {
                let item = try reader.item(at: position)
                if !found.contains(where: { $0.id.utf8.elementsEqual(item.id.utf8) }) { found.append(item) }
            }
        }
        guard found.count <= 1 else {
            throw CommandError(
                tr("{text} names {count} doses (an id, or a short code two ids share); name the dose by its full id",
                   ["text": JSONWriter.quoted(text), "count": found.count]),
                exitCode: .usage)
        }
        return found.first
    }
}
