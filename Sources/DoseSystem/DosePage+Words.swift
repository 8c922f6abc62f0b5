import DoseCore

extension DosePage.Words {
    /// The page's words in the user's language: the app's web view, `dose open`'s page and the page a click opens.
    public static var translated: Self {
        DosePage.Words(
            // TRANSLATORS: before a question's answer on the dose page, in bold.
            answer: tr("Answer:"),
            showAnswer: tr("Show the answer"),
            showExplanation: tr("Show the explanation"),
            retiredHeading: tr("This dose is no longer available"),
            retiredTitle: tr("Dose no longer available"),
            // TRANSLATORS: {id} is the dose's id as the notification gave it.
            retiredText: tr(
                "The notification advertised the dose {id}, but it has been retired from the content pool since. Nothing else was opened in its place."),
            headlines: .translated,
            // TRANSLATORS: the language code of this translation (such as "de" or "pt-BR"), for the page's
            // <html lang>, so that screen readers and hyphenation read the page's own words in it.
            language: tr("en"),
            // TRANSLATORS: what a screen reader calls a display formula's region on the dose page.
            formula: tr("Formula"))
    }
}
