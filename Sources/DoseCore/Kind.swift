/// The three kinds of dose, in the order the daily rotation walks them.
public enum Kind: String, Sendable, CaseIterable, Hashable {
    case fact
    case formula
    case question

    /// The rotation order of the resolver contract: `KINDS = [fact, formula, question]`.
    public static let rotation: [Kind] = [.fact, .formula, .question]
}
