import DoseCore
import DoseTestSupport
import Testing
@testable import DoseStore

/// The due summary the store gives the scheduler, on a real SQLite file: it counts exactly what the daily queue
/// holds and is due at any later instant, and every change of review state tells the database's observer.
@Suite(.timeLimit(.minutes(5)), .watched) struct DueSummaryStoreTests {
    static let t0: Int64 = 1_780_272_000 + 7 * 3600  // 2026-06-01T07:00:00Z
    static let day: Int64 = 86_400

    private static func store(_ tmp: TemporaryDirectory, decks: [(String, String, Int)]) throws -> (LearningStore, StudyStore) {
        try StudyStoreTests.store(tmp, decks: decks)
    }

    /// What the queue holds at `instant` and is due by then: (cards, topics), the oracle of the summary's count.
    private static func queued(_ study: StudyStore, at instant: Int64, zone: some ZoneRules, policy: StudyStore.QueuePolicy) throws -> DueSummary.Count {
        let cards = try study.queue(now: instant, dayStart: zone.startOfDay(at: instant), policy: policy).filter { $0.state.due <= instant }
        return DueSummary.Count(cards: cards.count, topics: Set(cards.map { $0.subject + "\u{1F}" + $0.topic }).count)
    }

    @Test func theSummaryCountsWhatTheQueueHoldsAtAnyLaterInstant() throws {
        let tmp = try TemporaryDirectory()
        let (learning, study) = try Self.store(tmp, decks: [("Calculus", "Limits", 8), ("Physics", "Ohm", 10), ("Physics", "Waves", 6)])
        let policy = StudyStore.QueuePolicy(newPerDay: 7, learnAhead: 1200)
        let zone = FixedOffsetZone(offset: 19_800)  // Kolkata: the local day does not start at a UTC midnight
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var now = Self.t0
        var checked = 0
        for session in 0..<14 {
            // A sitting: the queue's cards graded in order, at a minute each, some Again so learning cards wait.
            for card in try study.queue(now: now, dayStart: zone.startOfDay(at: now), policy: policy).prefix(1 + next(9)) {
                now += 60
                try study.grade(subject: card.subject, topic: card.topic, index: card.index, grade: FSRSGrade(rawValue: 1 + next(4))!, now: now)
            }
            if session == 4 { _ = try study.undoLastGrade() }
            if session == 6 { try learning.untick(subject: "Physics", topic: "Ohm") }
            if session == 9 { _ = try learning.tick(subject: "Physics", topic: "Ohm", now: now) }
            let summary = try study.dueSummary(policy: policy)
            // Any later instant: the next minutes (learning steps), hours (the morning), days (reviews).
            for offset in [0, 30, 60, 300, 599, 600, 1199, 3600, 4 * 3600, 20 * 3600] + (1...40).map({ $0 * 13 * 3600 + 17 }) {
                let instant = now + Int64(offset)
                #expect(summary.count(at: instant, zone: zone) == (try Self.queued(study, at: instant, zone: zone, policy: policy)),
                        "session \(session), \(offset) s later")
                checked += 1
            }
            now += Int64(6 + next(30)) * 3600
        }
        #expect(checked == 14 * 50)
        // The summary names no topic and holds no card's text: instants and counts only.
        let bytes = String(decoding: try study.dueSummary().encoded(), as: UTF8.self)
        for word in ["Calculus", "Limits", "Ohm", "f1", "b1", "back"] { #expect(!bytes.contains(word), "\(bytes)") }
    }

    @Test func aDeckJustArrivedIsDueAsTheDaysNewCards() throws {
        let tmp = try TemporaryDirectory()
        let (_, study) = try Self.store(tmp, decks: [("Calculus", "Limits", 8), ("Physics", "Ohm", 10), ("Physics", "Waves", 6)])
        let summary = try study.dueSummary()
        #expect(summary == DueSummary(newPerDay: 20, newStudied: [], topics: [
            DueSummary.Topic(due: [], new: 8), DueSummary.Topic(due: [], new: 10), DueSummary.Topic(due: [], new: 6),
        ]))
        // The next morning: twenty of the 24 new cards, in the first three topics' order.
        #expect(summary.count(at: Self.t0 + Self.day, zone: FixedOffsetZone.utc) == .init(cards: 20, topics: 3))
        // Cards graded Easy fall due in days, not tomorrow morning; the new cards they were count against today.
        try study.grade(subject: "Calculus", topic: "Limits", index: 0, grade: .easy, now: Self.t0)
        try study.grade(subject: "Calculus", topic: "Limits", index: 1, grade: .easy, now: Self.t0)
        let later = try study.dueSummary()
        #expect(later.newStudied == [Self.t0, Self.t0])
        #expect(later.count(at: Self.t0 + 60, zone: FixedOffsetZone.utc) == .init(cards: 18, topics: 3))
        #expect(later.count(at: Self.t0 + Self.day, zone: FixedOffsetZone.utc) == .init(cards: 20, topics: 3))
        #expect(later.count(at: Self.t0 + 9 * Self.day, zone: FixedOffsetZone.utc) == .init(cards: 22, topics: 3))
    }

    @Test func firstStudiesOlderThanTheWindowAreLeftOut() throws {
        let tmp = try TemporaryDirectory()
        let (_, study) = try Self.store(tmp, decks: [("Calculus", "Limits", 8)])
        try study.grade(subject: "Calculus", topic: "Limits", index: 0, grade: .good, now: Self.t0)
        try study.grade(subject: "Calculus", topic: "Limits", index: 1, grade: .good, now: Self.t0 + 3 * Self.day)
        try study.grade(subject: "Calculus", topic: "Limits", index: 1, grade: .good, now: Self.t0 + 3 * Self.day + 600)
        // Only first studies within 48 hours of the newest grade: later grades of a card are no first study.
        #expect(try study.dueSummary().newStudied == [Self.t0 + 3 * Self.day])
    }

    @Test func everyChangeOfReviewStateTellsTheObserverOnceItsTransactionEnded() throws {
        let tmp = try TemporaryDirectory()
        let (learning, study) = try Self.store(tmp, decks: [("Calculus", "Limits", 8)])
        var told: [Bool] = []
        // Told after the commit: a second connection already sees the change.
        let other = StudyStore(database: try Database(path: tmp.file("dose.sqlite3")))
        study.database.onReviewStateChange = { database in
            #expect(database === study.database)
            told.append((try? other.dueSummary().topics.first?.due.isEmpty) == false)
        }
        try study.grade(subject: "Calculus", topic: "Limits", index: 0, grade: .good, now: Self.t0)
        #expect(told == [true])
        _ = try study.undoLastGrade()
        _ = try learning.untick(subject: "Calculus", topic: "Limits")
        _ = try learning.tick(subject: "Calculus", topic: "Limits", now: Self.t0)
        try learning.storeArtifact(subject: "Calculus", topic: "Limits", kind: .quiz, body: "{}", model: nil, now: Self.t0)
        #expect(told.count == 5)
        // A call that fails tells it too (the file then shows what the store kept); reads and quiz scores do not.
        #expect(throws: StoreError.self) {
            try learning.storeArtifact(subject: "Maths", topic: "Sets", kind: .deck, body: "not json", model: nil, now: Self.t0)
        }
        #expect(told.count == 6)
        _ = try study.counts(now: Self.t0)
        _ = try study.dueSummary()
        try study.recordQuizScore(subject: "Calculus", topic: "Limits", score: QuizScore(takenAt: Self.t0, answered: 1, correct: 1, total: 5))
        #expect(told.count == 6)
    }
}
