import DoseCore
import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// `dose learn quiz --interactive` through piped input: shuffle, progress, q, end of input, misses, history.
@Suite(.timeLimit(.minutes(5)), .watched) struct QuizCLITests {
    /// The fake provider's quiz of six: question i's right choice is i % 4.
    static let answers = [0, 1, 2, 3, 0, 1]

    /// The letters that answer `answers` right when the choices are shuffled from `seed`, one line each.
    static func rightLetters(seed: UInt64, answers: [Int]) -> String {
        letters(seed: seed, answers: answers).map { $0 + "\n" }.joined()
    }

    static func letters(seed: UInt64, answers: [Int]) -> [String] {
        var shuffle = ChoiceShuffle(seed: seed)
        return answers.map { answer in ["A", "B", "C", "D"][shuffle.order(4).firstIndex(of: answer)!] }
    }

    /// A letter that is wrong for each answer under `seed`.
    static func wrongLetters(seed: UInt64, answers: [Int]) -> [String] {
        letters(seed: seed, answers: answers).map { $0 == "A" ? "B" : "A" }
    }

    private func readyBox() throws -> LearnSandbox {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "maths-ok"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Circuits", "Ohm")
        #expect(try box.dose("learn", "run").status == 0)
        return box
    }

    private func quiz(_ box: LearnSandbox, seed: UInt64, _ input: String) throws -> LearnSandbox.Run {
        try box.run(["learn", "quiz", "Circuits", "Ohm", "-i"], stdin: input, extraEnvironment: ["DOSE_QUIZ_SEED": "\(seed)"])
    }

    @Test func shuffledEveryAttemptWithTheRightAnswerTracked() throws {
        let box = try readyBox()
        let first = try quiz(box, seed: 1, Self.rightLetters(seed: 1, answers: Self.answers))
        let second = try quiz(box, seed: 2, Self.rightLetters(seed: 2, answers: Self.answers))
        #expect(first.stdout.contains("Score: 6/6") && second.stdout.contains("Score: 6/6"), "\(first.stdout)")
        #expect(first.stdout.contains("[1 of 6] Ohm α₁: question 1?"), "\(first.stdout)")
        #expect(!first.stdout.contains("\\alpha") && first.stdout.contains("Because 0 is right."))
        // Two seeds, two orders of the same choices (what A shows differs somewhere).
        func shownA(_ run: LearnSandbox.Run) -> [String] {
            run.stdout.split(separator: "\n").filter { $0.hasPrefix("   A) ") }.map(String.init)
        }
        #expect(shownA(first).count == 6 && shownA(first) != shownA(second))
        #expect(Self.letters(seed: 1, answers: Self.answers) != Self.letters(seed: 2, answers: Self.answers))
        // The printed (non-interactive) quiz keeps the stored order and its answer key.
        let printed = try box.dose("learn", "quiz", "Circuits", "Ohm")
        #expect(printed.stdout.contains("1. A — Because 0 is right."), "\(printed.stdout)")
    }

    @Test func qQuitsAndOnlyAnsweredQuestionsScoreThenTheMissesAreReviewed() throws {
        let box = try readyBox()
        let right = Self.letters(seed: 5, answers: Self.answers)
        let wrong = Self.wrongLetters(seed: 5, answers: Self.answers)
        let run = try quiz(box, seed: 5, "\(right[0])\n\(wrong[1])\n\(right[2])\nq\n\(right[3])\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Score: 2/3 (3 of 6 not asked)"), "\(run.stdout)")
        #expect(run.stdout.contains("Missed (1):\n2. Ohm α₁: question 2?\n   You answered: choice"), "\(run.stdout)")
        #expect(run.stdout.contains("   Right: choice B of 2 — Because 1 is right."), "\(run.stdout)")
        #expect(!run.stdout.contains("[5 of 6]") && !run.stdout.contains("Retry the missed"), "q at question 4 ends the quiz: \(run.stdout)")

        // End of input (Ctrl-D) after two answers: two scored, nothing for the rest.
        let short = try quiz(box, seed: 6, Self.rightLetters(seed: 6, answers: [0, 1]))
        #expect(short.stdout.contains("Score: 2/2 (4 of 6 not asked)"), "\(short.stdout)")
        // Nothing answered: nothing scored, nothing recorded.
        #expect(try quiz(box, seed: 6, "q\n").stdout.contains("No question answered"))

        let database = try Database(path: box.databasePath)
        let history = try StudyStore(database: database).quizScores(subject: "Circuits", topic: "Ohm")
        #expect(history.map { "\($0.correct)/\($0.answered)/\($0.total)" } == ["2/3/6", "2/2/6"])
    }

    @Test func retryMissedAsksOnlyTheMissedQuestions() throws {
        let box = try readyBox()
        let seed: UInt64 = 9
        var shuffle = ChoiceShuffle(seed: seed)
        var input: [String] = []
        // First pass: questions 1 and 4 wrong, the rest right.
        for (index, answer) in Self.answers.enumerated() {
            let right = ["A", "B", "C", "D"][shuffle.order(4).firstIndex(of: answer)!]
            input.append(index == 0 || index == 3 ? (right == "A" ? "B" : "A") : right)
        }
        input.append("r")
        // The retry draws fresh orders from the same generator, for questions 1 and 4 only.
        for answer in [Self.answers[0], Self.answers[3]] {
            input.append(["A", "B", "C", "D"][shuffle.order(4).firstIndex(of: answer)!])
        }
        let run = try quiz(box, seed: seed, input.map { $0 + "\n" }.joined())
        #expect(run.stdout.contains("Score: 4/6"), "\(run.stdout)")
        #expect(run.stdout.contains("Missed (2):"), "\(run.stdout)")
        #expect(run.stdout.contains("[1 of 2] Ohm α₁: question 1?") && run.stdout.contains("[2 of 2] Ohm α₁: question 4?"), "\(run.stdout)")
        #expect(run.stdout.contains("Retry: 2 of 2 right."), "\(run.stdout)")
        // The history keeps the first pass only.
        let history = try StudyStore(database: try Database(path: box.databasePath)).quizScores(subject: "Circuits", topic: "Ohm")
        #expect(history.map(\.correct) == [4])
    }
}
