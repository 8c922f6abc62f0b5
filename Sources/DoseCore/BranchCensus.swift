/// Which branches a pool's items carry, and how many each: what `dose config list --branches`
/// shows and what `config set branch` checks a new branch against.
public struct BranchCensus: Sendable, Equatable {
    /// Each branch code some item is tagged with, in code order, with its number of items.
    public var branches: [(code: BranchCode, items: Int)]
    /// Items with no tags, shown to every branch.
    public var untagged: Int

    public init(_ items: [Item]) {
        var counts: [BranchCode: Int] = [:]
        var untagged = 0
        for item in items {
            if item.tags.isEmpty { untagged += 1 }
            for tag in Set(item.tags) { counts[tag, default: 0] += 1 }
        }
        branches = counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.untagged = untagged
    }

    /// True when some item is tagged with `code`.
    public func carries(_ code: BranchCode) -> Bool {
        branches.contains { $0.code == code }
    }

    /// The codes, comma-separated (`CE, CS, EE`).
    public var codes: String { branches.map(\.code.rawValue).joined(separator: ", ") }

    /// One line per branch (`CS  25 items`), then the untagged items.
    public var lines: [String] {
        branches.map { "\($0.code)  \($0.items) item\($0.items == 1 ? "" : "s")" }
            + ["(untagged, shown to every branch: \(untagged) item\(untagged == 1 ? "" : "s"))"]
    }

    public static func == (lhs: BranchCensus, rhs: BranchCensus) -> Bool {
        lhs.untagged == rhs.untagged && lhs.branches.map(\.code) == rhs.branches.map(\.code)
            && lhs.branches.map(\.items) == rhs.branches.map(\.items)
    }
}
