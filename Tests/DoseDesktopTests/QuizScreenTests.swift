import DoseCore
import DoseDesktop
import DoseLearning
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The app's Quiz page without GTK, on a real store: the stored quiz opened by a topic in any spelling,
/// shuffled from an injected seed, feedback, the end page, retry, and the score history with the clock passed in.
@Suite(.timeLimit(.minutes(5)), .watched) struct QuizScreenTests {
    static let t0: Int64 = 1_700_000_000

    /// Question i: "Q{i+1} $\alpha_{i}$?", right choice i % 4, choices "c{j} of {i+1}".
    static let quizJSON = """
        {"questions": [\((0..<5).map { i in
            #"{"prompt": "Q\#(i + 1) $\\alpha_\#(i)$?", "choices": ["c0 of \#(i + 1)", "c1 of \#(i + 1)", "c2 of \#(i + 1)", "$x^2$ of \#(i + 1)"], "answer": \#(i % 4), "explanation": "Because $\\frac{1}{\#(i + 1)}$ <b>."}"#
        }.joined(separator: ", "))]}
        """

    /// A home whose store has Calculus / Chain rule ready (its quiz stored), or only ticked.
    static func home(ready: Bool = true) throws -> DesktopHome {
        let home = try DesktopHome()
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        let learning = LearningStore(database: try Database(path: home.paths.database))
        _ = try learning.tick(subject: "Calculus", topic: "Chain rule", now: t0)
        if ready {
            try learning.storeArtifact(subject: "Calculus", topic: "Chain rule", kind: .quiz, body: quizJSON, model: nil, now: t0)
        }
        return home
    }

    /// The shown position of the right choice, read from the choices' accessible names ("B: c1 of 2").
    static func rightPosition(_ screen: QuizScreen, question: Int) -> Int {
        let right = question % 4 == 3 ? "x² of \(question + 1)" : "c\(question % 4) of \(question + 1)"
        return screen.choiceNames.firstIndex { $0.hasSuffix(": " + right) }!
    }

    @Test func aQuestionIsShownWithMathsForKaTeXAndInPlainWordsForScreenReaders() throws {
        let home = try Self.home()
        let screen = QuizScreen.open(try TopicKey(subject: "calculus", topic: "  CHAIN rule "), paths: home.paths, seed: 4)
        #expect(screen.stage == .asking && screen.title == "Quiz: Calculus — Chain rule")
        #expect(screen.progressText == "Question 1 of 5")
        var shuffle = ChoiceShuffle(seed: 4)
        let order = shuffle.order(4)
        let choices = ["c0 of 1", "c1 of 1", "c2 of 1", "x² of 1"]
        #expect(screen.choiceNames == order.enumerated().map { "\(["A", "B", "C", "D"][$0.offset]): \(choices[$0.element])" })
        // The choices are the page's buttons (their markup: the letter, then the maths in Unicode), not the web page's.
        #expect(screen.plainText == "Q1 α₀?", "\(screen.plainText)")
        #expect(screen.choiceMarkups == order.enumerated().map { "<b>\(["A", "B", "C", "D"][$0.offset])</b>  \(choices[$0.element])" })
        #expect(screen.answeredPositions == nil)
        let html = screen.html(assets: DosePage.Assets(katexBase: "file:///k", renderScript: "/r.js"), dark: false)
        #expect(html.contains(#"<span class="dd-math" data-display="inline">\alpha_0</span>"#), "\(html)")
        #expect(html.contains("Content-Security-Policy") && !html.contains("Because"), "no explanation before an answer")
        #expect(screen.feedbackText.isEmpty && screen.scoreText.isEmpty)
    }

    @Test func feedbackThenTheEndPageThenRetryMissedAndTheHistory() throws {
        let home = try Self.home()
        var screen = QuizScreen.open(try TopicKey(subject: "Calculus", topic: "Chain rule"), paths: home.paths, seed: 9)
        // Question 1 right, question 2 wrong.
        let taken = screen.answer(Self.rightPosition(screen, question: 0), now: Self.t0 + 5)
        #expect(taken)
        #expect(screen.feedbackText == "Right." && screen.plainText.hasSuffix("Right. Because 1/1 <b>."), "\(screen.plainText)")
        let secondAnswer = screen.answer(0, now: Self.t0 + 6)
        #expect(!secondAnswer, "one answer per question")
        let html = screen.html(assets: DosePage.Assets(katexBase: "file:///k", renderScript: "/r.js"), dark: true)
        #expect(html.contains("&lt;b&gt;") && !html.contains("<b>"), "outside text is escaped")
        screen.next(now: Self.t0 + 10)
        #expect(screen.progressText == "Question 2 of 5")
        let right = Self.rightPosition(screen, question: 1)
        let given = String(screen.choiceNames[(right + 1) % 4].dropFirst(3))
        screen.answer((right + 1) % 4, now: Self.t0 + 15)
        let letter = ["A", "B", "C", "D"][right]
        #expect(screen.feedbackText == "Not quite: the answer is \(letter).")
        #expect(screen.answeredPositions?.right == right && screen.answeredPositions?.wrong == (right + 1) % 4, "the buttons mark both")
        screen.next(now: Self.t0 + 20)

        // Back after two answers: scored over those two, recorded at the moment of leaving.
        screen.leave(now: Self.t0 + 30)
        #expect(screen.stage == .over)
        #expect(screen.scoreText == "Score: 1 of 2 answered right (3 of 5 not asked)")
        #expect(screen.recordedScore == QuizScore(takenAt: Self.t0 + 30, answered: 2, correct: 1, total: 5))
        #expect(screen.plainText.hasPrefix("Missed (1)\n2. Q2 α₁?\nYou answered: \(given)\n"), "\(screen.plainText)")
        #expect(screen.plainText.contains("Right: c1 of 2\nBecause 1/2 <b>."), "\(screen.plainText)")
        #expect(screen.canRetry)

        let retried = screen.retryMissed()
        #expect(retried)
        #expect(screen.progressText == "Retry: question 1 of 1" && screen.stage == .asking)
        screen.answer(Self.rightPosition(screen, question: 1), now: Self.t0 + 35)
        screen.next(now: Self.t0 + 40)
        #expect(screen.scoreText == "Score: 1 of 2 answered right (3 of 5 not asked)\nRetry: 1 of 1 right.")
        #expect(!screen.canRetry && screen.plainText == "No question missed.")

        // The history: the first round only, in words, in the user's zone (Tokyo is 9 h ahead of UTC).
        let tokyo = try #require(SystemZone(identifier: "Asia/Tokyo"))
        #expect(screen.history(zone: tokyo) == [
            "Wednesday, November 15, 2023 at 07:13: 1 of 2 right (3 of 5 not asked)",
        ])
    }

    @Test func aFullRoundIsRecordedWhenItEndsAndLeavingAfterwardsAddsNothing() throws {
        let home = try Self.home()
        var screen = QuizScreen.open(try TopicKey(subject: "Calculus", topic: "Chain rule"), paths: home.paths, seed: 1)
        for question in 0..<5 {
            screen.answer(Self.rightPosition(screen, question: question), now: Self.t0 + 90)
            screen.next(now: Self.t0 + 100)
        }
        #expect(screen.stage == .over && screen.scoreText == "Score: 5 of 5 answered right" && !screen.canRetry)
        screen.leave(now: Self.t0 + 200)
        let scores = try StudyStore(database: try Database(path: home.paths.database)).quizScores(subject: "Calculus", topic: "Chain rule")
        #expect(scores == [QuizScore(takenAt: Self.t0 + 100, answered: 5, correct: 5, total: 5)])

        // Leaving before any answer records nothing.
        var idle = QuizScreen.open(try TopicKey(subject: "Calculus", topic: "Chain rule"), paths: home.paths, seed: 1)
        idle.leave(now: Self.t0 + 300)
        #expect(idle.recordedScore == nil && idle.scoreText == "No question answered: nothing scored.")
        #expect(try StudyStore(database: try Database(path: home.paths.database)).quizScores(subject: "Calculus", topic: "Chain rule").count == 1)
    }

    /// Closing the window (Ctrl+W, its close button, the app ended) drops the screen without Next, Finish or
    /// Back: what was answered is in the history already.
    @Test func aScreenDroppedInTheMiddleHasEveryAnswerInTheHistory() throws {
        let home = try Self.home()
        let key = try TopicKey(subject: "Calculus", topic: "Chain rule")
        func scores() throws -> [QuizScore] {
            try StudyStore(database: try Database(path: home.paths.database)).quizScores(subject: "Calculus", topic: "Chain rule")
        }
        do {
            var screen = QuizScreen.open(key, paths: home.paths, seed: 5)
            for question in 0..<5 {
                if question > 0 { screen.next(now: Self.t0 + 10 * Int64(question)) }
                screen.answer(question == 2 ? (Self.rightPosition(screen, question: 2) + 1) % 4 : Self.rightPosition(screen, question: question),
                              now: Self.t0 + 10 * Int64(question) + 5)
            }
            // The last answer's feedback is on show; the window closes before Next.
            #expect(screen.stage != .over)
        }
        #expect(try scores() == [QuizScore(takenAt: Self.t0 + 45, answered: 5, correct: 4, total: 5)])

        // Two answered, the third on show unanswered: the two count, the rest were not asked.
        do {
            var screen = QuizScreen.open(key, paths: home.paths, seed: 6)
            screen.answer(Self.rightPosition(screen, question: 0), now: Self.t0 + 100)
            screen.next(now: Self.t0 + 101)
            screen.answer(Self.rightPosition(screen, question: 1), now: Self.t0 + 102)
            screen.next(now: Self.t0 + 103)
            #expect(screen.stage == .asking)
        }
        #expect(try scores().last == QuizScore(takenAt: Self.t0 + 102, answered: 2, correct: 2, total: 5))
        #expect(try scores().count == 2, "one row per sitting")
    }

    @Test func aTopicWithoutAQuizSaysWhy() throws {
        let home = try Self.home(ready: false)
        let pending = QuizScreen.open(try TopicKey(subject: "Calculus", topic: "Chain rule"), paths: home.paths, seed: 1)
        #expect(pending.stage == .unavailable("The quiz of Calculus — Chain rule is not generated yet."))
        #expect(pending.history(zone: SystemZone.current()) == ["No quiz score yet for Calculus — Chain rule."])
        #expect(pending.choiceNames.isEmpty && pending.plainText == "The quiz of Calculus — Chain rule is not generated yet.")
        let unknown = QuizScreen.open(try TopicKey(subject: "Physics", topic: "Gauss"), paths: home.paths, seed: 1)
        #expect(unknown.stage == .unavailable("Physics — Gauss is not on the checklist: tick it to get a quiz."))
    }
}
