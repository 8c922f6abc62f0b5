import DoseCore
import DoseSystem

/// One entry of the branch row.
public enum BranchChoice: Sendable, Equatable {
    /// No branch set: every dose of the pool, common and every branch's (the resolver's audience filter is off).
    case none
    /// A branch: its own doses and the common (untagged) ones; `items` is how many carry its code.
    case branch(BranchCode, items: Int)

    /// The row's text.
    public var label: String {
        switch self {
        case .none: tr("No branch (every dose)")
        case .branch(let code, let items):
            // TRANSLATORS: a branch in the branch row: "CS (12 doses of its own, and the common ones)".
            trn("{code} ({count} dose of its own, and the common ones)", "{code} ({count} doses of its own, and the common ones)",
                items, ["code": code])
        }
    }
}

/// What the branch row offers, and which entry is in effect.
public struct BranchChoices: Sendable, Equatable {
    public var choices: [BranchChoice]
    /// Index in `choices` of the current setting.
    public var selected: Int
    /// Items shown to every branch.
    public var common: Int

    public init(census: BranchCensus, current: BranchCode?) {
        var choices: [BranchChoice] = [.none] + census.branches.map { .branch($0.code, items: $0.items) }
        if let current, !census.carries(current) { choices.append(.branch(current, items: 0)) }
        self.choices = choices
        selected = choices.firstIndex { if case .branch(let code, _) = $0 { code == current } else { current == nil } } ?? 0
        common = census.untagged
    }
}
