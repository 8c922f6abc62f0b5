import DoseCore

extension DueSummary.Count {
    /// The line of due flashcards in the user's language, as the morning notification and the app's card
    /// show it: "12 flashcards due in 3 topics"; nil when no card is due. English under C (`englishLine`).
    public var line: String? {
        guard cards > 0 else { return nil }
        // TRANSLATORS: the topics of the next message, "3 topics" in "12 flashcards due in 3 topics".
        let topicWords = trn("{count} topic", "{count} topics", topics)
        // TRANSLATORS: a line of the morning notification and of the app's card; {topics} is "3 topics"
        // (the message before), {count} the number of flashcards to study now.
        return trn("{count} flashcard due in {topics}", "{count} flashcards due in {topics}", cards, ["topics": topicWords])
    }
}
