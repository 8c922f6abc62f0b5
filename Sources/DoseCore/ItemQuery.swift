/// Which items `dose list` and `dose search` show: a kind, a branch's audience, words to find.
///
/// The words are looked for in the id, the title and the text, never in a question's answer or
/// explanation, so what a search finds never hints at an answer.
public struct ItemQuery: Sendable {
    public var kind: Kind?
    /// The audience (a branch: its own items and the untagged ones), as the resolver filters.
    public var audience: Audience
    /// Found case- and accent-insensitively (`SearchFold`); nil or empty: every item.
    public var text: String?

    public init(kind: Kind? = nil, audience: Audience = .everyone, text: String? = nil) {
        self.kind = kind
        self.audience = audience
        self.text = text
    }

    /// True when `item` is one the query asks for.
    public func matches(_ item: Item) -> Bool {
        matches(item, wanted: text.map(SearchFold.fold))
    }

    /// `matches` with the words already folded (once per query, not once per item).
    private func matches(_ item: Item, wanted: String?) -> Bool {
        if let kind, item.kind != kind { return false }
        guard item.isShown(to: audience) else { return false }
        guard let wanted, !wanted.isEmpty else { return true }
        let bytes = Array(wanted.utf8)
        return [item.id, item.title ?? "", item.text].contains { SearchFold.contains(folded: SearchFold.fold($0), wanted: bytes) }
    }

    /// The items asked for, ordered by kind (fact, formula, question), then sort key, then id.
    public func select(_ items: [Item]) -> [Item] {
        let wanted = text.map(SearchFold.fold)
        return items.filter { matches($0, wanted: wanted) }.sorted { a, b in
            let ka = Kind.rotation.firstIndex(of: a.kind) ?? 0, kb = Kind.rotation.firstIndex(of: b.kind) ?? 0
            if ka != kb { return ka < kb }
            if a.sortKey != b.sortKey { return a.sortKey < b.sortKey }
            return Array(a.id.utf8).lexicographicallyPrecedes(Array(b.id.utf8))
        }
    }
}
