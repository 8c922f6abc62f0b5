import DoseCore
import DoseSystem

/// The pool as the read-only views (`calendar`, `list`, `search`) see it: the snapshot the
/// scheduler reads, made sure first to be the store's pool, as `dose today` does.
struct PoolView {
    let reader: SnapshotReader

    /// What every empty-pool message ends with: the command, and the app's first-run page (which imports the
    /// bundled sample pack in one click) where the app is installed.
    static let emptyPoolHint =
        "import a pack with `dose import PACK`, or open Daily Dose (daily-dose), whose first page imports the sample pack"

    /// The current snapshot; an empty pool (never imported) is exit 1 with a hint.
    static func open(_ context: AppContext) throws(CommandError) -> PoolView {
        guard let reader = try SnapshotMirror(context: context, store: try openStore(context.paths)).currentReader(),
              reader.index.count > 0 else {
            throw CommandError("the pool has no items; \(Self.emptyPoolHint)", exitCode: .failure)
        }
        return PoolView(reader: reader)
    }

    /// Every item, decoded in full.
    func items() throws(CommandError) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(reader.index.count)
        for position in 0..<reader.index.count { items.append(try reader.item(at: position)) }
        return items
    }
}

/// Parses `--kind fact|formula|question`.
func parseKind(_ text: String) throws(CommandError) -> Kind {
    guard let kind = Kind(rawValue: text) else {
        throw .usage("--kind takes \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), not \(text)")
    }
    return kind
}
