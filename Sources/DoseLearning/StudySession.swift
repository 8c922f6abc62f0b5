import DoseCore
import DoseStore

/// One sitting with a topic's deck, shared by `dose learn study` and the app's Study page: today's queue of
/// the topic, progress ("3 of 12"), grading (saved at once) and undo of the last grade.
///
/// The clock is an input: `grade` takes the moment of the grade, and the session never goes back in time
/// (a session lasts minutes; a later read of the clock can only move it forward). Not `Sendable`, like the
/// store it writes to.
public struct StudySession {
    public let key: TopicKey
    public let deck: Deck
    public let store: StudyStore
    public let zone: any ZoneRules
    /// The time of the last grade: the session's start, then each grade's.
    public private(set) var now: Int64
    /// Cards graded in this session (an undo takes one back).
    public private(set) var done = 0

    public init(key: TopicKey, deck: Deck, store: StudyStore, now: Int64, zone: any ZoneRules) {
        self.key = key
        self.deck = deck
        self.store = store
        self.now = now
        self.zone = zone
    }

    /// Today's cards of the topic still to study (due, then new within the day's limit, then learning cards
    /// due soon), only those the deck has.
    public func remaining() throws(StoreError) -> [StudyCard] {
        try store.queue(now: now, dayStart: zone.startOfDay(at: now), subject: key.subject, topic: key.topic)
            .filter { $0.index < deck.cards.count }
    }

    /// The next card and where it stands ("3 of 12": `position` 3, `total` 12), or nil when nothing is left.
    public func next() throws(StoreError) -> (card: StudyCard, position: Int, total: Int)? {
        let cards = try remaining()
        guard let first = cards.first else { return nil }
        return (first, done + 1, done + cards.count)
    }

    /// The card's two sides.
    public func sides(of card: StudyCard) -> Flashcard {
        deck.cards[card.index]
    }

    /// Grades `card` at `at` (or at the last grade's time, if the clock went back); its new state, saved.
    public mutating func grade(_ card: StudyCard, _ grade: FSRSGrade, at time: Int64) throws(StoreError) -> FSRSCard {
        now = max(now, time)
        let after = try store.grade(subject: key.subject, topic: key.topic, index: card.index, grade: grade, now: now)
        done += 1
        return after
    }

    /// Takes back the topic's last grade (nil when there is none).
    public mutating func undo() throws(StoreError) -> UndoneGrade? {
        let undone = try store.undoLastGrade(subject: key.subject, topic: key.topic)
        if undone != nil { done = max(0, done - 1) }
        return undone
    }

    /// The topic's counts now (nil when the topic has no deck or is not ticked).
    public func counts() throws(StoreError) -> StudyCounts? {
        try store.counts(now: now, subject: key.subject, topic: key.topic).first
    }
}

@available(*, unavailable, message: "a study session writes through a connection that belongs to one thread")
extension StudySession: Sendable {}
