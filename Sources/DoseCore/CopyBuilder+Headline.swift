extension CopyBuilder {
    /// The words that name a kind of dose: "Fact of the day", "Formula of the day", "Question of the day".
    public static func headline(for kind: Kind) -> String {
        switch kind {
        case .fact: return "Fact of the day"
        case .formula: return "Formula of the day"
        case .question: return "Question of the day"
        }
    }
}
