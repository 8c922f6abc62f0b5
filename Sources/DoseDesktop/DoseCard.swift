import DoseCore
import DoseSystem

/// What the window's card shows: the native labels' texts, the page for the web view and the plain text a
/// screen reader gets for it. Built from one item (or the lack of one), with the answer kept back until Reveal.
public struct DoseCard: Sendable, Equatable {
    /// Why the card shows what it shows.
    public enum Content: Sendable, Equatable {
        /// An item of the pool: the day's dose, or one opened by id.
        case item(Item)
        /// An id (a notification's) that the pool no longer holds: an honest page, never another dose.
        case retired(id: String)
        /// Something that cannot be an id at all (empty, too long, control characters).
        case unknown(id: String)
        /// The pool has nothing for the day: a first run, or no item for the branch.
        case empty
        /// The store or the config could not be read; the message says why.
        case failed(message: String)
    }

    public var content: Content
    /// The day the card is for; nil for an item opened by id (it is not tied to a day).
    public var date: CivilDate?
    /// Whether Reveal was pressed.
    public var revealed: Bool
    /// The flashcards due at the moment the card was drawn (today's card and one opened by id; none on
    /// another day's), counted as the morning notification counts them.
    public var due: DueSummary.Count

    public init(content: Content, date: CivilDate?, revealed: Bool = false, due: DueSummary.Count = .init(cards: 0, topics: 0)) {
        self.content = content
        self.date = date
        self.revealed = revealed
        self.due = due
    }

    /// The morning notification's line, "12 flashcards due in 3 topics", or nil when none are due.
    public var dueText: String? {
        due.line
    }

    /// The item on show, if any.
    public var item: Item? {
        if case .item(let item) = content { return item }
        return nil
    }

    /// The heading above the card: the kind and the day, "Question · Monday, November 30, 2026", in the
    /// user's language; the kind alone for an item opened by id (it is not tied to a day).
    public var headingText: String {
        // The app's name, which stays as it is in every language, for a card that shows no dose.
        let kind = item?.kind.name ?? "Daily Dose"
        guard date != nil else { return kind }
        // TRANSLATORS: the dose card's heading: the kind of dose ("Question") and its day.
        return tr("{kind} · {date}", ["kind": kind, "date": dateText])
    }

    /// The day in words, or "" for an item opened by id.
    public var dateText: String {
        date.map { DayText.long($0) } ?? ""
    }

    /// The title line in plain text (LaTeX reduced as the notification reduces it), or nil when the item has
    /// none: the page is then the one rendering of its text (a question read once, its maths as maths).
    public var titleText: String? {
        switch content {
        case .item(let item): item.title.map { _ in ItemLine.title(of: item) }
        case .retired: tr("This dose is no longer available")
        case .unknown: tr("There is no such dose")
        case .empty: tr("No dose for this day")
        case .failed: tr("The dose could not be read")
        }
    }

    /// The title line as Pango markup for the window's heading: the same words as `titleText`, with a script that has
    /// no Unicode form lowered or raised (`$k_B$` is k with a lowered B, where plain text writes `k_B`). A screen
    /// reader gets `titleText`.
    public var titleMarkup: String? {
        if case .item(let item) = content, let markup = ItemLine.titleMarkup(of: item) { return markup }
        return titleText.map(Markup.escape)
    }

    /// Whether the item has something Reveal would show (a question's answer, an explanation).
    public var hasHiddenPart: Bool {
        guard let item else { return false }
        return item.answer != nil || item.explanation != nil
    }

    /// The Reveal button's label.
    public var revealLabel: String {
        item?.kind == .question ? tr("Reveal the answer") : tr("Reveal the explanation")
    }

    /// The page for the web view: `dose open`'s builder (same escaping, same CSP, KaTeX from libjs-katex),
    /// without the heading the native labels show, no id, the answer only once revealed, in the window's
    /// colours and font when `theme` gives them.
    public func html(assets: DosePage.Assets, dark: Bool, theme: DosePage.Theme? = nil) -> String {
        let presentation = DosePage.Presentation(
            heading: false, answer: revealed ? .shown : .withheld, dark: dark, words: .translated, theme: theme)
        switch content {
        case .item(let item):
            return DosePage.html(item: item, requestedID: item.id, assets: assets, presentation: presentation)
        case .retired(let id):
            return DosePage.html(item: nil, requestedID: id, assets: assets, presentation: presentation)
        case .unknown(let id):
            return DosePage.notice(title: titleText ?? "", text: Self.notAnID(id), assets: assets, presentation: presentation)
        case .empty:
            return DosePage.notice(
                title: titleText ?? "",
                text: tr("There is no dose for this day yet. Add a content source in Preferences to get doses."),
                assets: assets, presentation: presentation)
        case .failed(let message):
            return DosePage.notice(title: titleText ?? "", text: message, assets: assets, presentation: presentation)
        }
    }

    /// The page in plain text, for the web view's accessible description (WebKitGTK on GTK 4.8 bridges no
    /// page to AT-SPI): the notification's converter for the maths, the answer only once revealed.
    public var plainText: String {
        switch content {
        case .item(let item):
            var lines = [item.kind == .formula ? LaTeXText.plainMath(item.text) : LaTeXText.plainText(item.text)]
            if revealed {
                if let answer = item.answer {
                    // TRANSLATORS: a question's answer as a screen reader hears it; "Answer:" as on the page.
                    lines.append(tr("Answer: {answer}", ["answer": LaTeXText.plainText(answer)]))
                }
                if let explanation = item.explanation { lines.append(LaTeXText.plainText(explanation)) }
            }
            return lines.joined(separator: "\n")
        case .retired(let id):
            return Localization.fill(DosePage.Words.translated.retiredText, ["id": id])
        case .unknown(let id):
            return Self.notAnID(id)
        case .empty:
            return tr("The pool has no dose for this day.")
        case .failed(let message):
            return message
        }
    }

    /// The sentence for a name that cannot be an id (quoted as JSON, so control characters show as escapes).
    private static func notAnID(_ id: String) -> String {
        tr("{id} is not a dose id; nothing was opened in its place.", ["id": JSONWriter.quoted(id)])
    }
}
