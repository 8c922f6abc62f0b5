import DoseCore
import DoseTestSupport
import Testing
@testable import DoseStore

/// Grading, undo, due counts, the daily queue and quiz scores on a real SQLite file, with an injected clock.
@Suite(.timeLimit(.minutes(5)), .watched) struct StudyStoreTests {
    static let t0: Int64 = 1_700_000_000
    static let day: Int64 = 86_400

    /// A store with ticked topics and decks of `cards` cards each (also DueSummaryStoreTests').
    static func store(_ tmp: TemporaryDirectory, decks: [(String, String, Int)]) throws -> (LearningStore, StudyStore) {
        let database = try Database(path: tmp.file("dose.sqlite3"))
        let learning = LearningStore(database: database)
        for (subject, topic, count) in decks {
            _ = try learning.tick(subject: subject, topic: topic, now: t0)
            let cards = (0..<count).map { "{\"back\":\"b\($0)\",\"front\":\"f\($0)\"}" }.joined(separator: ",")
            try learning.storeArtifact(
                subject: subject, topic: topic, kind: .deck, body: "{\"cards\":[\(cards)]}", model: nil, now: t0)
        }
        return (learning, StudyStore(database: database))
    }

    @Test func gradingStoresTheSchedulersStateAndReadsItBack() throws {
        let tmp = try TemporaryDirectory()
        let (_, study) = try Self.store(tmp, decks: [("Maths", "Limits", 8)])
        let fsrs = FSRS()
        #expect(try study.card(subject: "Maths", topic: "Limits", index: 0, now: Self.t0) == .new(now: Self.t0))
        var expected = FSRSCard.new(now: Self.t0)
        var now = Self.t0
        for grade in [FSRSGrade.good, .good, .good, .again] {
            expected = fsrs.review(expected, grade: grade, now: now)
            let stored = try study.grade(subject: "Maths", topic: "Limits", index: 0, grade: grade, now: now)
            #expect(stored == expected)
            #expect(try study.card(subject: "Maths", topic: "Limits", index: 0, now: now) == expected)
            now = expected.due
        }
        #expect(expected.lapses == 1 && expected.reps == 4 && expected.state == .relearning)
    }

    @Test func countsAndUndo() throws {
        let tmp = try TemporaryDirectory()
        let (learning, study) = try Self.store(tmp, decks: [("Maths", "Limits", 8), ("Physics", "Ohm", 10)])
        #expect(try study.counts(now: Self.t0) == [
            StudyCounts(subject: "Maths", topic: "Limits", due: 0, new: 8, total: 8),
            StudyCounts(subject: "Physics", topic: "Ohm", due: 0, new: 10, total: 10),
        ])
        try study.grade(subject: "Maths", topic: "Limits", index: 2, grade: .easy, now: Self.t0)
        try study.grade(subject: "Maths", topic: "Limits", index: 3, grade: .again, now: Self.t0)
        // Easy: due in 8 days (S 8.2956); Again: due in a minute.
        #expect(try study.counts(now: Self.t0, subject: "Maths", topic: "Limits")
            == [StudyCounts(subject: "Maths", topic: "Limits", due: 0, new: 6, total: 8)])
        #expect(try study.counts(now: Self.t0 + 60).first?.due == 1)
        #expect(try study.counts(now: Self.t0 + 8 * Self.day).first?.due == 2)

        // Undo the Again: card 3 is new again; undo the Easy: card 2 too; then nothing is left.
        #expect(try study.undoLastGrade(subject: "Maths", topic: "Limits")
            == UndoneGrade(subject: "Maths", topic: "Limits", index: 3, grade: .again))
        #expect(try study.counts(now: Self.t0 + 60).first == StudyCounts(subject: "Maths", topic: "Limits", due: 0, new: 7, total: 8))
        // An undo of a card that had a state before restores that state, not new.
        let first = try study.grade(subject: "Physics", topic: "Ohm", index: 0, grade: .good, now: Self.t0)
        try study.grade(subject: "Physics", topic: "Ohm", index: 0, grade: .hard, now: Self.t0 + 600)
        #expect(try study.undoLastGrade()?.grade == .hard)
        #expect(try study.card(subject: "Physics", topic: "Ohm", index: 0, now: Self.t0) == first)
        #expect(try study.undoLastGrade(subject: "Maths", topic: "Limits")?.index == 2)
        #expect(try study.undoLastGrade(subject: "Maths", topic: "Limits") == nil)

        // An unticked topic leaves the counts and the queue; its progress stays for a re-tick.
        try study.grade(subject: "Maths", topic: "Limits", index: 0, grade: .good, now: Self.t0)
        try learning.untick(subject: "Maths", topic: "Limits")
        #expect(try study.counts(now: Self.t0).map(\.topic) == ["Ohm"])
        _ = try learning.tick(subject: "Maths", topic: "Limits", now: Self.t0)
        #expect(try study.counts(now: Self.t0).first?.new == 7)
    }

    @Test func dailyQueueDueFirstThenALimitOfNewCards() throws {
        let tmp = try TemporaryDirectory()
        let (_, study) = try Self.store(tmp, decks: [("A", "one", 8), ("B", "two", 8)])
        let policy = StudyStore.QueuePolicy(newPerDay: 5, learnAhead: 1200)
        // Day 1: five new cards across topics, in subject/topic/deck order.
        var queue = try study.queue(now: Self.t0, dayStart: Self.t0, policy: policy)
        #expect(queue.map { "\($0.topic)#\($0.index)" } == ["one#0", "one#1", "one#2", "one#3", "one#4"])
        for card in queue { try study.grade(subject: card.subject, topic: card.topic, index: card.index, grade: .easy, now: Self.t0) }
        // The day's allowance is spent: nothing new until tomorrow.
        #expect(try study.queue(now: Self.t0 + 60, dayStart: Self.t0, policy: policy).isEmpty)
        // A card in its learning step is offered when due within the learn-ahead window.
        try study.grade(subject: "B", topic: "two", index: 7, grade: .again, now: Self.t0 + 100)
        queue = try study.queue(now: Self.t0 + 100, dayStart: Self.t0, policy: policy)
        #expect(queue.map { "\($0.topic)#\($0.index)" } == ["two#7"])
        // Nine days on: the five Easy cards are due (first), then five new ones (B#7 is no longer new).
        let later = Self.t0 + 9 * Self.day
        queue = try study.queue(now: later, dayStart: later - 3600, policy: policy)
        #expect(queue.prefix(6).map { "\($0.topic)#\($0.index)" } == ["two#7", "one#0", "one#1", "one#2", "one#3", "one#4"])
        #expect(queue.dropFirst(6).map { "\($0.topic)#\($0.index)" } == ["one#5", "one#6", "one#7", "two#0", "two#1"])
        #expect(queue.dropFirst(6).allSatisfy { $0.state.state == .new })
        // One topic only.
        #expect(try study.queue(now: later, dayStart: later, policy: policy, subject: "B", topic: "two").map(\.index) == [7, 0, 1, 2, 3, 4])
    }

    @Test func quizScoreHistory() throws {
        let tmp = try TemporaryDirectory()
        let (_, study) = try Self.store(tmp, decks: [("Maths", "Limits", 8)])
        try study.recordQuizScore(subject: "Maths", topic: "Limits", score: QuizScore(takenAt: Self.t0 + 5, answered: 3, correct: 2, total: 5))
        try study.recordQuizScore(subject: "Maths", topic: "Limits", score: QuizScore(takenAt: Self.t0, answered: 5, correct: 5, total: 5))
        #expect(try study.quizScores(subject: "Maths", topic: "Limits").map(\.correct) == [5, 2])
        #expect(try study.quizScores(subject: "Maths", topic: "Other").isEmpty)
        // A sitting still going rewrites its own row.
        let row = try study.recordQuizScore(subject: "Maths", topic: "Other", score: QuizScore(takenAt: Self.t0, answered: 1, correct: 0, total: 5))
        let same = try study.recordQuizScore(
            subject: "Maths", topic: "Other", score: QuizScore(takenAt: Self.t0 + 9, answered: 2, correct: 1, total: 5), replacing: row)
        #expect(same == row)
        #expect(try study.quizScores(subject: "Maths", topic: "Other") == [QuizScore(takenAt: Self.t0 + 9, answered: 2, correct: 1, total: 5)])
        #expect(try study.quizScores(subject: "Maths", topic: "Limits").count == 2)
        // The store refuses an impossible score.
        #expect(throws: StoreError.self) {
            try study.recordQuizScore(subject: "Maths", topic: "Limits", score: QuizScore(takenAt: Self.t0, answered: 2, correct: 3, total: 5))
        }
    }
}
