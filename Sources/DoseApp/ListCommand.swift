import DoseCore
import DoseSystem

/// `dose list [--kind K] [--branch CODE] [--json]`: the pool's items, one line each (id, kind,
/// title), never an answer. Without `--branch`, the whole pool; with it, what that branch is shown
/// (its items and the untagged ones). `--json`: JSON Lines, one item per line, without the answer
/// and explanation.
struct ListCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        let kindText = try arguments.option(.kind)
        let branchText = try arguments.option(.branch)
        try arguments.finish()
        var query = ItemQuery()
        query.kind = try kindText.map { text throws(CommandError) in try parseKind(text) }
        if let branchText { query.audience = try resolveAudience(branchText, everyone: false, context: context) }
        try ItemListing.print(query.select(try PoolView.open(context).items()), json: json, nothing: tr("no item matches"))
    }
}

/// How `list` and `search` print what they found.
enum ItemListing {
    /// One line per item (or one JSON object per line); none found is exit 1 with `nothing`.
    static func print(_ items: [Item], json: Bool, nothing: String) throws(CommandError) {
        guard !items.isEmpty else { throw CommandError(nothing, exitCode: .failure) }
        let idWidth = ItemLine.idWidth(items)
        Console.print(items.map { json ? Self.json($0) : ItemLine.line($0, idWidth: idWidth) }.joined(separator: "\n"))
    }

    /// An item as one JSON object for a listing: every field but the answer and the explanation.
    static func json(_ item: Item) -> String {
        JSONValue.object([
            ("id", .string(item.id)),
            ("kind", .string(item.kind.rawValue)),
            ("sortKey", .number(String(item.sortKey))),
            ("tags", .array(item.tags.map { .string($0.rawValue) })),
            ("title", item.title.map(JSONValue.string) ?? .null),
            ("text", .string(item.text)),
        ]).serialized(pretty: false)
    }
}
