import DoseCore

extension CopyBuilder.Words {
    /// The notification's words in the user's language (the kinds' headlines are `Kind.headline`'s).
    public static var translated: Self {
        CopyBuilder.Words(
            fact: Kind.fact.headline, formula: Kind.formula.headline, question: Kind.question.headline,
            // TRANSLATORS: a notification's summary: {headline} is "Fact of the day" or "Formula of the day",
            // {title} the dose's title (content, not translated).
            titled: tr("{headline}: {title}"))
    }
}
