/// Writes a notification's words from a teaser.
public enum CopyBuilder {
    /// Summaries longer than this many grapheme clusters are cut with "…".
    public static let maxSummaryLength = 80

    /// The copy for `teaser`.
    ///
    /// - Parameters:
    ///   - markup: escape the body (and hint) for notification markup; the summary is
    ///     always plain text and never escaped.
    ///   - maxBodyLength: the body's length in grapheme clusters, "…" included; a longer
    ///     body is cut at a word boundary (see `truncatedAtWord`).
    ///     Escaping happens after the cut, so an entity is never cut in half.
    ///   - dueLine: a line after the dose's text (after the cut), "12 flashcards due in 3 topics"
    ///     (`DueSummary.Count`), escaped like the rest; nil when no flashcard is due.
    ///   - openHint: the body's last line (after the cut), such as
    ///     "Open it with: dose show CODE", for servers that offer no actions.
    ///   - words: the headlines and the summary's form, in the user's language (English by default).
    public static func copy(
        for teaser: Teaser, markup: Bool, maxBodyLength: Int = 240, dueLine: String? = nil, openHint: String? = nil,
        words: Words = .english
    ) -> NotificationCopy {
        let summary = summaryLine(for: teaser, words: words).truncated(toGraphemes: maxSummaryLength)
        let reduced = teaser.kind == .formula ? LaTeXText.plainMath(teaser.text) : LaTeXText.plainText(teaser.text)
        var lines = [reduced.collapsingWhitespace.truncatedAtWord(toGraphemes: maxBodyLength)]
        for line in [dueLine, openHint] {
            if let line = line?.collapsingWhitespace, !line.isEmpty { lines.append(line) }
        }
        let body = lines.filter { !$0.isEmpty }.map { markup ? Markup.escape($0) : $0 }.joined(separator: "\n")
        return NotificationCopy(summary: summary, body: body, id: teaser.id)
    }

    /// "Fact of the day", with the title after a colon for facts and formulas. A
    /// question's title is left out: it may name the concept being asked about.
    static func summaryLine(for teaser: Teaser, words: Words = .english) -> String {
        let label = words.headline(for: teaser.kind)
        if teaser.kind == .question { return label }
        let title = LaTeXText.plainText(teaser.title ?? "").collapsingWhitespace
        return title.isEmpty ? label : words.summary(headline: label, title: title)
    }
}
