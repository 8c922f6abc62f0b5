import DoseCore
import DoseTestSupport
import Foundation
import Testing

/// FSRS-6 against py-fsrs 6.3.1's published values (default weights, retention 0.9, no fuzz).
@Suite(.timeLimit(.minutes(5)), .watched) struct FSRSTests {
    let fsrs = FSRS()
    /// py-fsrs test_basic's first review: 2022-11-29 12:30 UTC.
    let start: Int64 = 1_669_725_000

    @Test func factorAndRetrievability() {
        #expect(abs(fsrs.factor - 0.980346) < 1e-6)
        #expect(abs(fsrs.retrievability(elapsedDays: 7, stability: 7) - 0.9) < 1e-12)
        #expect(abs(fsrs.retrievability(elapsedDays: 10, stability: 1) - 0.69283) < 1e-5)
        #expect(abs(fsrs.exactInterval(stability: 10, retention: 0.8) - 33.16) < 0.01)
        #expect(fsrs.interval(stability: 10, retention: 0.8) == 33)
        #expect(fsrs.interval(stability: 0.01) == 1)
        #expect(fsrs.interval(stability: 1e9) == 36_500)
    }

    @Test func firstDifficultyPerGrade() {
        let expected: [FSRSGrade: Double] = [.again: 6.4133, .hard: 5.1122, .good: 2.1181, .easy: 1.0]
        for (grade, value) in expected {
            #expect(abs(fsrs.initialDifficulty(grade) - value) < 1e-4, "D0(\(grade))")
            #expect(fsrs.initialStability(grade) == FSRS.defaultParameters[grade.rawValue - 1])
        }
        #expect(abs(fsrs.initialDifficulty(.easy, clamped: false) - -4.7716) < 1e-4)
    }

    @Test func goodThenGoodTwoDaysLater() {
        let first = fsrs.review(.new(now: start), grade: .good, now: start)
        #expect(first.stability == 2.3065)
        #expect(first.state == .learning && first.step == 1 && first.due == start + 600)
        // Straight into review, as if the steps were done: S 2.3065 two days on.
        var card = first
        card.state = .review
        card.step = nil
        let later = start + 2 * 86_400
        #expect(abs(fsrs.retrievability(of: card, now: later) - 0.90949) < 1e-5)
        let second = fsrs.review(card, grade: .good, now: later)
        #expect(abs((second.stability ?? 0) - 10.9643) < 1e-4)
        #expect(abs((second.difficulty ?? 0) - 2.1112) < 1e-4)
        #expect(second.due == later + 11 * 86_400)
        #expect(second.reps == 2 && second.lapses == 0)
    }

    /// py-fsrs tests/test_basic.py: Good×6, Again×2, Good×5, each at the previous due time.
    @Test func pyFSRSIntervalSequence() {
        let grades: [FSRSGrade] = [.good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good]
        var card = FSRSCard.new(now: start)
        var now = start
        var intervals: [Int64] = []
        for grade in grades {
            card = fsrs.review(card, grade: grade, now: now)
            intervals.append((card.due - now) / 86_400)
            now = card.due
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
        #expect(card.lapses == 1 && card.reps == 13 && card.state == .review)
    }

    @Test func learningSteps() {
        let new = FSRSCard.new(now: start)
        #expect(fsrs.review(new, grade: .again, now: start).due == start + 60)
        #expect(fsrs.review(new, grade: .hard, now: start).due == start + 330)
        let easy = fsrs.review(new, grade: .easy, now: start)
        #expect(easy.state == .review && easy.step == nil)
        #expect(easy.due == start + Int64(fsrs.interval(stability: 8.2956)) * 86_400)
        // A lapse in review goes to relearning for 10 minutes, and Good brings it back.
        var review = easy
        review = fsrs.review(review, grade: .again, now: easy.due)
        #expect(review.state == .relearning && review.due == easy.due + 600 && review.lapses == 1)
        let back = fsrs.review(review, grade: .good, now: review.due)
        #expect(back.state == .review && back.due >= review.due + 86_400)
    }

    @Test func elementaryFunctionsMatchLibm() {
        var worst = 0.0
        var x = -30.0
        while x < 30 {
            worst = max(worst, abs(Elementary.exp(x) - Foundation.exp(x)) / Foundation.exp(x))
            x += 0.0137
        }
        var y = 1e-6
        while y < 1e6 {
            let reference = Foundation.log(y)
            worst = max(worst, abs(Elementary.log(y) - reference) / max(abs(reference), 1))
            worst = max(worst, abs(Elementary.pow(y, -0.1542) - Foundation.pow(y, -0.1542)) / Foundation.pow(y, -0.1542))
            y *= 1.0731
        }
        #expect(worst < 1e-14)
        #expect(Elementary.exp(1000) == .infinity && Elementary.exp(-1000) == 0)
        #expect(Elementary.log(0) == -.infinity && Elementary.log(-1).isNaN)
        #expect(Elementary.pow(2, 10) == 1024 || abs(Elementary.pow(2, 10) - 1024) < 1e-10)
    }
}
