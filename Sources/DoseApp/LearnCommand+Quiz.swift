import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn quiz SUBJECT TOPIC [--interactive]`: prints the quiz, or asks it question by question.
    func quiz(_ arguments: inout Arguments) throws(CommandError) {
        let interactive = arguments.flag(.interactive)
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let body = try artifact(.quiz, typed)
        let quiz: Quiz
        do { quiz = try ArtifactValidator.quiz(from: body, stored: true) } catch {
            throw CommandError(tr("the stored quiz of {topic} is unreadable: {error}", ["topic": typed, "error": error]), exitCode: .dataError)
        }
        let width = Terminal.standardOutputWrapWidth()
        guard interactive else {
            Console.print(LearnPrinter.quizText(quiz, typed, width: width))
            return
        }
        let store = try LearnSetup.store(context)
        let key = try LearnSetup.resolved(typed, store)
        var round = QuizRound(questions: Array(quiz.questions.indices), quiz: quiz, width: width, shuffle: Self.choiceShuffle())
        Console.print("Quiz: \(key.subject) — \(key.topic). Answer with A, B, C or D; q quits.\n")
        let first = round.ask()
        let score = QuizScore(takenAt: context.now, answered: first.answered, correct: first.correct, total: quiz.questions.count)
        if score.answered > 0 {
            try learnStoreCall {
                try StudyStore(database: store.database).recordQuizScore(subject: key.subject, topic: key.topic, score: score)
            }
        }
        Console.print(LearnPrinter.scoreLine(score))
        var misses = first.misses
        while !misses.isEmpty {
            Console.print(LearnPrinter.missesText(misses, quiz: quiz, width: width))
            guard !first.quit, Self.wantsRetry() else { break }
            round.questions = misses.map(\.question)
            let again = round.ask()
            Console.print("Retry: \(again.correct) of \(again.answered) right.")
            if again.quit { break }
            misses = again.misses
        }
    }

    /// The shuffle's seed: `DOSE_QUIZ_SEED` (a whole number, for exact tests) or a fresh random one.
    private static func choiceShuffle() -> ChoiceShuffle {
        ChoiceShuffle(seed: Environment.value("DOSE_QUIZ_SEED").flatMap { UInt64($0) } ?? UInt64.random(in: .min ... .max))
    }

    /// Asks whether to retry the missed questions: `r` yes; Enter, anything else or end of input no.
    private static func wantsRetry() -> Bool {
        Console.print("Retry the missed questions? r retries, Enter finishes > ", terminator: "")
        guard let line = readLine() else { return false }
        return line.filter { !$0.isWhitespace }.lowercased() == "r"
    }
}

/// One pass over some of a quiz's questions, each with its choices in a fresh order.
struct QuizRound {
    /// What a pass came to; questions after a quit or end of input are neither answered nor missed.
    struct Outcome {
        var answered = 0
        var correct = 0
        var misses: [Miss] = []
        var quit = false
    }

    /// A missed question: its index in the quiz and the choice (index into its choices) given.
    struct Miss {
        let question: Int
        let chosen: Int
    }

    var questions: [Int]
    let quiz: Quiz
    let width: Int?
    var shuffle: ChoiceShuffle

    mutating func ask() -> Outcome {
        var outcome = Outcome()
        for (position, index) in questions.enumerated() {
            let question = quiz.questions[index]
            let order = shuffle.order(question.choices.count)
            Console.print("[\(position + 1) of \(questions.count)] "
                + LearnPrinter.questionText(question, order: order, width: width))
            guard let letter = readChoice() else {
                outcome.quit = true
                Console.print("")
                break
            }
            outcome.answered += 1
            let chosen = order[letter]
            let explanation = LearnPrinter.plain(question.explanation, width: width)
            if chosen == question.answer {
                outcome.correct += 1
                Console.print("Right. \(explanation)\n")
            } else {
                let right = order.firstIndex(of: question.answer) ?? 0
                outcome.misses.append(Miss(question: index, chosen: chosen))
                Console.print("Not quite: the answer is \(LearnPrinter.letter(right)). \(explanation)\n")
            }
        }
        return outcome
    }

    /// Reads A–D from standard input, asking again on anything else; nil for `q` or at end of input.
    private func readChoice() -> Int? {
        while true {
            Console.print("> ", terminator: "")
            guard let line = readLine() else { return nil }
            let word = line.uppercased().filter { !$0.isWhitespace }
            if word == "Q" { return nil }
            if let index = ["A", "B", "C", "D"].firstIndex(of: word) { return index }
            Console.print("Please answer A, B, C or D (q quits).")
        }
    }
}
