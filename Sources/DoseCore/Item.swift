/// One dose in the pool: a fact, a formula or a question.
public struct Item: Sendable, Hashable {
    /// Stable identifier, 1–128 bytes of UTF-8 without control characters.
    public var id: String
    public var kind: Kind
    /// Orders items of a kind before the shuffle; ties break on the id's UTF-8 bytes.
    public var sortKey: Int64
    /// Branches the item is for; empty means common, shown to every branch.
    public var tags: [BranchCode]
    public var title: String?
    /// The fact, the formula (LaTeX) or the question; may hold inline `$...$` LaTeX.
    public var text: String
    /// A question's answer; nil for facts and formulas.
    public var answer: String?
    public var explanation: String?

    public init(
        id: String, kind: Kind, sortKey: Int64 = 0, tags: [BranchCode] = [],
        title: String? = nil, text: String, answer: String? = nil, explanation: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.sortKey = sortKey
        self.tags = tags
        self.title = title
        self.text = text
        self.answer = answer
        self.explanation = explanation
    }

    /// True when this item is meant for `audience`.
    public func isShown(to audience: Audience) -> Bool {
        audience.includes(tags: tags)
    }
}
