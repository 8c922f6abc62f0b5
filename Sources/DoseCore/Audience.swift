/// Whom the doses are picked for: the resolver's audience filter (docs/resolver.md, rule 1).
///
/// Applied to the pool before resolution, never inside it, so the card and the notification agree for
/// every audience by the same arithmetic.
public enum Audience: Hashable, Sendable, CustomStringConvertible {
    /// No branch: the whole pool, common and every branch's items.
    case everyone
    /// Only the untagged (common) items, whatever branch they would also suit.
    case commonOnly
    /// A branch: the items tagged for it and the untagged ones.
    case branch(BranchCode)

    /// How the config file and `--branch` spell "common only"; never a branch code (those are capitals).
    public static let commonOnlyWord = "common"

    /// The audience a configured branch text names: nil is everyone, `common` common only, else a code.
    public init?(configured text: String?) {
        guard let text else { self = .everyone; return }
        if text == Self.commonOnlyWord { self = .commonOnly; return }
        guard let code = BranchCode(exactly: text) else { return nil }
        self = .branch(code)
    }

    /// The config file's `branch=` value: nil for everyone.
    public var configured: String? {
        switch self {
        case .everyone: nil
        case .commonOnly: Self.commonOnlyWord
        case .branch(let code): code.rawValue
        }
    }

    /// The branch code, for a branch audience.
    public var branch: BranchCode? {
        if case .branch(let code) = self { code } else { nil }
    }

    /// `everyone`, `common` or the code, for messages.
    public var description: String { configured ?? "everyone" }

    /// True when an item with `tags` is meant for this audience.
    public func includes(tags: [BranchCode]) -> Bool {
        switch self {
        case .everyone: true
        case .commonOnly: tags.isEmpty
        case .branch(let code): tags.isEmpty || tags.contains(code)
        }
    }
}
