import DoseCore

extension Kind {
    /// The words that name a kind of dose for people, in their language: "Question of the day".
    /// (The notification's copy takes them through `CopyBuilder.Words.translated`.)
    public var headline: String {
        switch self {
        case .fact: return tr("Fact of the day")
        case .formula: return tr("Formula of the day")
        case .question: return tr("Question of the day")
        }
    }

    /// The kind's name alone, for the app card's heading beside its date ("Question · Monday, November 30, 2026").
    public var name: String {
        switch self {
        // TRANSLATORS: a kind of dose, in the app card's heading "Fact · Monday, November 30, 2026".
        case .fact: return tr("Fact")
        // TRANSLATORS: a kind of dose, in the app card's heading "Formula · Monday, November 30, 2026".
        case .formula: return tr("Formula")
        // TRANSLATORS: a kind of dose, in the app card's heading "Question · Monday, November 30, 2026".
        case .question: return tr("Question")
        }
    }
}
