extension CopyBuilder {
    /// The words that name a kind of dose in English: "Fact of the day", "Formula of the day", "Question of the day".
    public static func headline(for kind: Kind) -> String {
        Words.english.headline(for: kind)
    }
}
