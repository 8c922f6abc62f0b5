import DoseApp
import DoseCore
import DoseSystem

/// One entry of the branch row.
public enum BranchChoice: Sendable, Equatable {
    /// No branch set: every dose of the pool, common and every branch's (the resolver's audience filter is off).
    case none
    /// Only the untagged doses, the ones meant for every branch; `items` is how many there are.
    case commonOnly(items: Int)
    /// A branch: its own doses and the common (untagged) ones; `items` is how many carry its code.
    case branch(BranchCode, items: Int)

    /// The audience the choice sets.
    public var audience: Audience {
        switch self {
        case .none: .everyone
        case .commonOnly: .commonOnly
        case .branch(let code, _): .branch(code)
        }
    }

    /// The row's text.
    public var label: String {
        switch self {
        case .none: tr("No branch (every dose)")
        case .commonOnly(let items):
            // TRANSLATORS: the branch row's entry for the untagged doses only: "Common only (40 doses)".
            trn("Common only ({count} dose)", "Common only ({count} doses)", items)
        case .branch(let code, let items):
            // TRANSLATORS: a branch in the branch row, by its name: "Computer science — 12 of its own" (doses); the
            // row's subtitle says that every branch also gets the common doses.
            trn("{branch} — {count} of its own", "{branch} — {count} of its own", items, ["branch": BranchNames.name(code)])
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
    /// What the setting in effect means on this pool (a branch no dose carries yet), for the row's subtitle.
    public var warning: ConfigChange.Warning?

    /// The branch row's subtitle: what the setting in effect means on this pool when there is something to warn of,
    /// else, once the pool has branches, that every branch also gets the common doses (each entry names only its own).
    public var subtitle: String {
        if let warning { return PreferencesText.warning(warning) }
        guard choices.contains(where: { if case .branch = $0 { true } else { false } }) else { return "" }
        // TRANSLATORS: the branch row's subtitle: the doses every branch gets beside its own.
        return trn("Every branch also gets the {count} common dose", "Every branch also gets the {count} common doses", common)
    }

    /// Every dose, then common only, then the pool's codes (and the configured code, even when no item carries it,
    /// so the row can show it). Common only is offered once the pool has branches (before, it is every dose).
    public init(census: BranchCensus, current: Audience) {
        var choices: [BranchChoice] = [.none]
        if !census.branches.isEmpty || current == .commonOnly { choices.append(.commonOnly(items: census.untagged)) }
        choices += census.branches.map { .branch($0.code, items: $0.items) }
        if let code = current.branch, !census.carries(code) { choices.append(.branch(code, items: 0)) }
        self.choices = choices
        selected = choices.firstIndex { $0.audience == current } ?? 0
        common = census.untagged
        warning = ConfigChange.branchWarning(current, census)
    }
}
