import DoseApp
import DoseCore
import DoseSystem
import Synchronization

/// Which dose the window shows and what each button, key and action does to that: the day on show, a step
/// to the previous or next day, back to today, an item opened by id, Reveal.
///
/// Every move takes a `DesktopPool` made at the moment of the move (the clock and zone are read at the
/// window's edge), so "today" follows midnight and the pool follows imports while the window is open.
public struct DoseBrowser: Sendable {
    /// What is on the card.
    public private(set) var card: DoseCard
    /// The day on show; an item opened by id keeps the day it was opened from, so next/previous go on from there.
    public private(set) var day: CivilDate

    /// The browser on `pool`'s today.
    public init(pool: DesktopPool) {
        day = pool.today
        card = Self.card(for: pool.today, pool: pool)
    }

    /// Back to today's dose.
    public mutating func showToday(_ pool: DesktopPool) {
        show(day: pool.today, pool: pool)
    }

    /// One day before (-1) or after (+1) the day on show.
    public mutating func step(_ days: Int, _ pool: DesktopPool) {
        show(day: day.adding(days: days), pool: pool)
    }

    /// The dose of `day` for the configured branch, exactly as `dose today --date DAY` picks it.
    public mutating func show(day: CivilDate, pool: DesktopPool) {
        self.day = day
        card = Self.card(for: day, pool: pool)
    }

    /// The item named `reference` (an id, or a hint's short code), looked up in the unfiltered pool as
    /// `dose open ID` does. A valid id the pool no longer holds gets the honest "retired" page.
    public mutating func open(_ reference: String, _ pool: DesktopPool) {
        if ItemRules.idProblem(reference) != nil {
            card = DoseCard(content: .unknown(id: reference), date: nil)
            return
        }
        do {
            card = DoseCard(
                content: try pool.item(named: reference).map { .item($0) } ?? .retired(id: reference), date: nil,
                due: pool.dueFlashcards())
        } catch {
            card = DoseCard(content: .failed(message: Self.unreadable(error)), date: nil)
        }
    }

    /// Counts the due flashcards again for the card on show (a grade, a deck, the clock moved on); a card of
    /// another day than today shows none.
    public mutating func refreshDue(_ pool: DesktopPool) {
        card.due = card.date == nil || card.date == pool.today ? pool.dueFlashcards() : DueSummary.Count(cards: 0, topics: 0)
    }

    /// Shows the answer and explanation (nothing to do for an item without them).
    public mutating func reveal() {
        if card.hasHiddenPart { card.revealed = true }
    }

    /// Whether the day on show is `pool`'s today (the Today button has nothing to do then).
    public func isToday(_ pool: DesktopPool) -> Bool {
        card.date == pool.today
    }

    /// The pool that cannot be read, in the student's words; the store's own message goes to the journal once for as
    /// long as it stays the same (the window draws again on every move and would repeat it).
    public static func unreadable(_ error: CommandError) -> String {
        let new = lastUnreadable.withLock { last in
            defer { last = error.message }
            return last != error.message
        }
        if new { Log.warning("daily-dose: \(error.message)") }
        return tr("Your doses can't be read right now. If the disk is full, free some space and open Daily Dose again.")
    }

    /// The store's message `unreadable` last logged.
    private static let lastUnreadable = Mutex<String?>(nil)

    static func card(for day: CivilDate, pool: DesktopPool) -> DoseCard {
        var card: DoseCard
        do {
            let audience = try pool.audience()
            if let item = try pool.reader()?.dose(on: day, audience: audience) {
                card = DoseCard(content: .item(item), date: day)
            } else {
                card = DoseCard(content: .empty, date: day)
            }
        } catch {
            card = DoseCard(content: .failed(message: unreadable(error)), date: day)
        }
        if day == pool.today { card.due = pool.dueFlashcards() }
        return card
    }
}
