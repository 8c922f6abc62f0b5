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
}
