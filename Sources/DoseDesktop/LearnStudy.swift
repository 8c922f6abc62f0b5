import DoseApp
import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// The app's Study page over a `StudySession` (the one `dose learn study` uses): the card on show, Reveal,
/// the four grades, undo, progress "3 of 12", and the card as a page and as plain text.
///
/// The clock is an input to each move. Not `Sendable`: its session writes through the checklist's connection.
public final class LearnStudy {
    private var session: StudySession
    /// The card on show, its position and the sitting's total, or nil when nothing is left today.
    public private(set) var current: (card: StudyCard, position: Int, total: Int)?
    /// Whether the card's back is on show.
    public private(set) var revealed = false
    /// What the last move did, for a line under the card ("Good: next in 10 minutes.").
    public private(set) var lastMove = ""

    init(_ session: StudySession) {
        self.session = session
        current = try? session.next()
    }

    public var key: TopicKey { session.key }

    /// "3 of 12", or "" when the sitting is over.
    public var progressText: String {
        guard let current else { return "" }
        // TRANSLATORS: study progress: the card on show and the sitting's cards, "3 of 12".
        return tr("{position} of {total}", ["position": current.position, "total": current.total])
    }

    public var isFinished: Bool { current == nil }

    public func reveal() {
        revealed = current != nil
    }

    /// Grades the card on show (once revealed) at `now`, saved at once, and moves to the next card.
    public func grade(_ grade: FSRSGrade, now: Int64, zone: some ZoneRules) throws(ServiceFailure) {
        guard let card = current?.card, revealed else { return }
        do {
            let after = try session.grade(card, grade, at: now)
            lastMove = tr("{grade}: next {when}.", ["grade": Self.name(grade), "when": DateText.current.moment(after.due, now: session.now, zone: zone)])
            try advance()
        } catch {
            throw ServiceFailure(tr("Your grade couldn't be saved. Try again."), detail: "the learning store: \(error)")
        }
    }

    /// Takes back the topic's last grade; its card is studied again when its turn comes.
    public func undo() throws(ServiceFailure) {
        do {
            guard let undone = try session.undo() else {
                lastMove = tr("Nothing to undo.")
                return
            }
            lastMove = tr("Took back the {grade} of card {number}.", ["grade": Self.name(undone.grade), "number": undone.index + 1])
            try advance()
        } catch {
            throw ServiceFailure(tr("Your grade couldn't be saved. Try again."), detail: "the learning store: \(error)")
        }
    }

    private func advance() throws(StoreError) {
        current = try session.next()
        revealed = false
    }

    /// The card as a page for the web view (`DosePage.flashcard`: escaped, KaTeX maths, the dose page's CSP),
    /// in the window's colours and font when `theme` gives them.
    public func html(assets: DosePage.Assets, dark: Bool, theme: DosePage.Theme? = nil) -> String {
        let presentation = DosePage.Presentation(heading: false, answer: .shown, dark: dark, words: .translated, theme: theme)
        guard let card = current?.card else {
            return DosePage.notice(title: doneTitle, text: doneText, assets: assets, presentation: presentation)
        }
        let sides = session.sides(of: card)
        return DosePage.flashcard(front: sides.front, back: revealed ? sides.back : nil, assets: assets, presentation: presentation)
    }

    /// The card in plain text (the notification's converter for the maths): the web view's accessible description.
    public var plainText: String {
        guard let card = current?.card else { return doneTitle + "\n" + doneText }
        let sides = session.sides(of: card)
        return revealed ? LaTeXText.plainText(sides.front) + "\n" + LaTeXText.plainText(sides.back) : LaTeXText.plainText(sides.front)
    }

    var doneTitle: String { tr("Done for today") }

    /// "Graded 3 cards. Due now: 0, new: 7, of 10 cards."
    var doneText: String {
        let counts = try? session.counts()
        return trn("Graded {count} card.", "Graded {count} cards.", session.done) + " "
            + tr("Due now: {due}, new: {new}, of {total} cards.", ["due": counts?.due ?? 0, "new": counts?.new ?? 0, "total": counts?.total ?? 0])
    }

    /// The grade's name on its button and in messages.
    public static func name(_ grade: FSRSGrade) -> String {
        LearnWords.grade(grade)
    }
}

@available(*, unavailable, message: "a study sitting writes through a connection that belongs to the GLib thread")
extension LearnStudy: Sendable {}
