import DoseCore
import DoseSystem

/// The pool as the read-only views (`calendar`, `list`, `search`) see it: the snapshot the
/// scheduler reads, made sure first to be the store's pool (opened read-only), as `dose today` does.
struct PoolView {
    let reader: SnapshotReader

    /// The current snapshot; an empty pool (never imported) is exit 1 with a hint.
    static func open(_ context: AppContext) throws(CommandError) -> PoolView {
        guard let reader = try ReadOnlyPool(context).currentReader(),
              reader.index.count > 0 else {
            throw CommandError(tr("the pool is empty; {hint}", ["hint": EmptyPool.hint]), exitCode: .failure)
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
        throw .usage(tr("--kind takes {kinds}, not {text}", ["kinds": Kind.allCases.map(\.rawValue).joined(separator: ", "), "text": text]))
    }
    return kind
}
