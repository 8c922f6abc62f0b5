import DoseCore
import DoseLearning
import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// The quiz model the terminal and the app share: shuffled orders tracked by index, progress, feedback,
/// misses, retry, and the score (answered questions only, first round only) written to a real store.
@Suite(.timeLimit(.minutes(5)), .watched) struct QuizSessionTests {
    /// Five questions; question i's right choice is i % 4, its choices "q{i}c{j}".
    static let quiz = Quiz(questions: (0..<5).map { i in
        QuizQuestion(prompt: "Q\(i) $x^\(i)$?", choices: (0..<4).map { "q\(i)c\($0)" }, answer: i % 4, explanation: "Because \(i).")
    })

    /// The shown position of question `index`'s right answer in the session's current order.
    static func rightPosition(_ session: QuizSession) -> Int {
        let current = session.current!
        return current.order.firstIndex(of: current.question.answer)!
    }

    @Test func ordersComeFromTheShuffleAsEachQuestionComesUpAndTheAnswerIsTrackedByIndex() {
        var session = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 7))
        var expected = ChoiceShuffle(seed: 7)
        for index in 0..<5 {
            let current = session.current!
            let order = expected.order(4)
            #expect(current.index == index && current.order == order)
            #expect(session.progress == (index + 1, 5))
            let feedback = session.answer(shownPosition: Self.rightPosition(session))!
            #expect(feedback.isRight && feedback.chosen == index % 4)
            let secondAnswer = session.answer(shownPosition: 0)
            #expect(secondAnswer == nil, "one answer per question")
            session.next()
        }
        #expect(session.isOver && session.current == nil && session.answered == 5 && session.correct == 5)
        // Another seed shows some question's choices in another order.
        var other = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 8))
        var first = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 7))
        var differs = false
        while let a = first.current, let b = other.current {
            differs = differs || a.order != b.order
            _ = first.answer(shownPosition: 0)
            _ = other.answer(shownPosition: 0)
            first.next()
            other.next()
        }
        #expect(differs)
    }

    @Test func aWrongAnswerIsAMissWithTheRightLetterAndRetryAsksOnlyTheMissesReshuffled() {
        var session = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 3))
        var expected = ChoiceShuffle(seed: 3)
        for _ in 0..<5 { _ = expected.order(4) }
        for index in 0..<5 {
            let right = Self.rightPosition(session)
            let shown = index == 1 || index == 4 ? (right + 1) % 4 : right
            let feedback = session.answer(shownPosition: shown)!
            #expect(feedback.isRight == (shown == right) && feedback.rightPosition == right)
            session.next()
        }
        #expect(session.misses.map(\.question) == [1, 4] && session.correct == 3)
        #expect(session.misses[0].chosen != 1 && session.misses[1].chosen != 0)
        #expect(session.score(takenAt: 10) == QuizScore(takenAt: 10, answered: 5, correct: 3, total: 5))

        let retried = session.retryMissed()
        #expect(retried)
        #expect(!session.isFirstRound && session.questions == [1, 4] && session.progress == (1, 2))
        let retryOrder = expected.order(4)
        #expect(session.current?.order == retryOrder, "the retry draws fresh orders from the same generator")
        _ = session.answer(shownPosition: Self.rightPosition(session))
        session.next()
        _ = session.answer(shownPosition: Self.rightPosition(session))
        session.next()
        #expect(session.isOver && session.correct == 2 && session.misses.isEmpty)
        #expect(session.score(takenAt: 11) == nil, "a retry is no score of the quiz")
        let retriedAgain = session.retryMissed()
        #expect(!retriedAgain, "nothing missed, nothing to retry")
    }

    @Test func leavingScoresOnlyWhatWasAnswered() {
        var session = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 1))
        let earlyRetry = session.retryMissed()
        #expect(!earlyRetry, "no retry before the round is over")
        _ = session.answer(shownPosition: Self.rightPosition(session))
        session.next()
        _ = session.answer(shownPosition: (Self.rightPosition(session) + 1) % 4)
        session.next()
        session.leave()
        #expect(session.isOver && session.quit && session.answered == 2 && session.misses.count == 1)
        #expect(session.score(takenAt: 5) == QuizScore(takenAt: 5, answered: 2, correct: 1, total: 5))

        var untouched = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 1))
        untouched.leave()
        #expect(untouched.quit && untouched.score(takenAt: 5) == nil)
    }

    @Test func theFirstRoundsScoreIsRecordedOnceInTheStore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let study = StudyStore(database: try Database(path: directory.appendingPathComponent("dose.sqlite3").path))

        var session = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 2))
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 100) == nil, "nothing answered yet")
        _ = session.answer(shownPosition: Self.rightPosition(session))
        session.next()
        session.leave()
        let written = try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 200)
        #expect(written == QuizScore(takenAt: 200, answered: 1, correct: 1, total: 5))
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 300) == nil, "once per sitting")
        #expect(try study.quizScores(subject: "Maths", topic: "Powers") == [QuizScore(takenAt: 200, answered: 1, correct: 1, total: 5)])
    }

    @Test func eachAnswerGrowsTheSittingsOneRowSoASittingCutShortKeepsItsAnswers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let study = StudyStore(database: try Database(path: directory.appendingPathComponent("dose.sqlite3").path))
        try study.recordQuizScore(subject: "Maths", topic: "Powers", score: QuizScore(takenAt: 50, answered: 5, correct: 4, total: 5))
        func scores() throws -> [QuizScore] { try study.quizScores(subject: "Maths", topic: "Powers") }
        let earlier = QuizScore(takenAt: 50, answered: 5, correct: 4, total: 5)

        // As the front ends call it: after every answer. The sitting is one row whatever its length.
        var session = QuizSession(quiz: Self.quiz, shuffle: ChoiceShuffle(seed: 3))
        _ = session.answer(shownPosition: Self.rightPosition(session))
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 100) == QuizScore(takenAt: 100, answered: 1, correct: 1, total: 5))
        #expect(try scores() == [earlier, QuizScore(takenAt: 100, answered: 1, correct: 1, total: 5)])
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 110) == nil, "nothing new: the Next after it")
        session.next()
        _ = session.answer(shownPosition: (Self.rightPosition(session) + 1) % 4)
        try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 120)
        for _ in 2..<5 {
            session.next()
            _ = session.answer(shownPosition: Self.rightPosition(session))
            try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 130)
        }
        // Every question answered, the last feedback still on show: a sitting closed here has its whole score.
        #expect(!session.isOver)
        #expect(try scores() == [earlier, QuizScore(takenAt: 130, answered: 5, correct: 4, total: 5)])

        // The round's end rewrites the row at its own time; the retry adds nothing.
        session.next()
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 140) == QuizScore(takenAt: 140, answered: 5, correct: 4, total: 5))
        let retrying = session.retryMissed()
        #expect(retrying)
        _ = session.answer(shownPosition: Self.rightPosition(session))
        #expect(try session.recordScore(in: study, subject: "Maths", topic: "Powers", now: 150) == nil, "a retry is no attempt")
        #expect(try scores() == [earlier, QuizScore(takenAt: 140, answered: 5, correct: 4, total: 5)])
    }
}
