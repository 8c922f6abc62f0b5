import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

extension LearnCommand {
    /// `dose learn quiz SUBJECT TOPIC [--interactive | --history]`: prints the quiz, asks it question by
    /// question, or prints its score history.
    func quiz(_ arguments: inout Arguments) throws(CommandError) {
        let interactive = arguments.flag(.interactive)
        let history = arguments.flag(.history)
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        if interactive && history {
            throw CommandError(tr("--interactive and --history do not go together"), exitCode: .usage)
        }
        if history { return try printHistory(typed) }
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
        var session = QuizSession(quiz: quiz, shuffle: Self.choiceShuffle())
        // TRANSLATORS: A to D and q stay as they are: they are what the user types.
        Console.print(tr("Quiz: {subject} — {topic}. Answer with A, B, C or D; q quits.", ["subject": key.subject, "topic": key.topic]) + "\n")
        let study = StudyStore(database: store.database)
        let now = context.now
        // Each answer is in the history at once: a terminal hung up or a Ctrl+C keeps the answers given, as
        // a closed app window does. A failed write is tried again below, where it is reported.
        Self.ask(&session, width: width) { session in
            _ = try? session.recordScore(in: study, subject: key.subject, topic: key.topic, now: now)
        }
        let score = session.score(takenAt: context.now)
        try learnStoreCall {
            _ = try session.recordScore(in: study, subject: key.subject, topic: key.topic, now: now)
        }
        Console.print(LearnPrinter.scoreLine(score ?? QuizScore(takenAt: context.now, answered: 0, correct: 0, total: quiz.questions.count)))
        let firstQuit = session.quit
        while !session.misses.isEmpty {
            Console.print(LearnPrinter.missesText(session.misses, quiz: quiz, width: width))
            guard !firstQuit, Self.wantsRetry() else { break }
            session.retryMissed()
            Self.ask(&session, width: width) { _ in }
            Console.print(tr("Retry: {correct} of {answered} right.", ["correct": session.correct, "answered": session.answered]))
            if session.quit { break }
        }
    }

    /// `dose learn quiz SUBJECT TOPIC --history`: the topic's scores, oldest first, with local dates.
    private func printHistory(_ typed: TopicKey) throws(CommandError) {
        let store = try LearnSetup.store(context)
        let key = try LearnSetup.resolved(typed, store)
        let scores = try learnStoreCall { () throws(StoreError) in
            try StudyStore(database: store.database).quizScores(subject: key.subject, topic: key.topic)
        }
        Console.print(QuizHistoryText.lines(scores, subject: key.subject, topic: key.topic, zone: context.zone).joined(separator: "\n"))
    }

    /// Asks the round's questions on standard input, each with its feedback, until the round is over or `q`
    /// (or end of input) leaves it; `answered` runs after each answer, before its feedback is printed.
    private static func ask(_ session: inout QuizSession, width: Int?, answered: (inout QuizSession) -> Void) {
        while let current = session.current {
            let progress = session.progress
            Console.print(LearnPrinter.progress(progress.number, of: progress.count) + " "
                + LearnPrinter.questionText(current.question, order: current.order, width: width))
            guard let letter = readChoice(), let feedback = session.answer(shownPosition: letter) else {
                session.leave()
                Console.print("")
                break
            }
            answered(&session)
            let explanation = LearnPrinter.plain(current.question.explanation, width: width)
            if feedback.isRight {
                Console.print(tr("Right. {explanation}", ["explanation": explanation]) + "\n")
            } else {
                Console.print(tr("Not quite: the answer is {letter}. {explanation}", [
                    "letter": LearnPrinter.letter(feedback.rightPosition), "explanation": explanation,
                ]) + "\n")
            }
            session.next()
        }
    }

    /// Reads A–D from standard input, asking again on anything else; nil for `q` or at end of input.
    private static func readChoice() -> Int? {
        while true {
            Console.print("> ", terminator: "")
            guard let line = readLine() else { return nil }
            let word = line.uppercased().filter { !$0.isWhitespace }
            if word == "Q" { return nil }
            if let index = ["A", "B", "C", "D"].firstIndex(of: word) { return index }
            Console.print(tr("Please answer A, B, C or D (q quits)."))
        }
    }

    /// The shuffle's seed: `DOSE_QUIZ_SEED` (a whole number, for exact tests) or a fresh random one.
    private static func choiceShuffle() -> ChoiceShuffle {
        ChoiceShuffle(seed: Environment.value("DOSE_QUIZ_SEED").flatMap { UInt64($0) } ?? UInt64.random(in: .min ... .max))
    }

    /// Asks whether to retry the missed questions: `r` yes; Enter, anything else or end of input no.
    private static func wantsRetry() -> Bool {
        // TRANSLATORS: r stays as it is: it is what the user types.
        Console.print(tr("Retry the missed questions? r retries, Enter finishes") + " > ", terminator: "")
        guard let line = readLine() else { return false }
        return line.filter { !$0.isWhitespace }.lowercased() == "r"
    }
}
