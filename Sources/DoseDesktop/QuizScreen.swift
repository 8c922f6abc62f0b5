import DoseApp
import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// What the app's Quiz page shows and does, without GTK: a `QuizSession` (the model `dose learn quiz
/// --interactive` asks from) over the topic's stored quiz, the page for the web view (KaTeX), the same text
/// in plain words for screen readers, and the score written to the history with every first-round answer
/// and again when the round ends or the student leaves it: a window closed in the middle (Ctrl+W, its close
/// button, the app ended) has lost nothing that was answered.
///
/// The clock comes in with each move that records; the store is opened per read or write (the page lives
/// for minutes, the CLI or the daemon may write in between).
public struct QuizScreen {
    /// Where the page is.
    public enum Stage: Equatable, Sendable {
        /// A question waits for its answer.
        case asking
        /// The question on show was answered; Next goes on.
        case answered(QuizSession.Feedback)
        /// The round is over: its score, its misses, Retry missed.
        case over
        /// There is no quiz to ask (not ticked, still pending, unreadable); the message says why.
        case unavailable(String)
    }

    public let subject: String
    public let topic: String
    private let paths: DosePaths
    private var session: QuizSession?
    private let problem: String?
    /// The first round's score as last recorded (the end page shows it), or why the last write failed.
    public private(set) var recordedScore: QuizScore?
    public private(set) var recordFailure: String?
    /// The first round's result, kept for the end page after a retry.
    private var firstRound: (answered: Int, correct: Int)?

    /// The quiz of `key` from the store under `paths`, its choices shuffled from `seed`.
    public static func open(_ key: TopicKey, paths: DosePaths, seed: UInt64) -> QuizScreen {
        let database: Database
        do { database = try Database(path: paths.database) } catch {
            return QuizScreen(key, paths: paths, problem: Self.unreadable(error))
        }
        let store = LearningStore(database: database)
        let resolved = (try? store.resolve(subject: key.subject, topic: key.topic))
            .flatMap { try? TopicKey(subject: $0.subject, topic: $0.topic) } ?? key
        let body: String?
        do { body = try store.artifact(subject: resolved.subject, topic: resolved.topic, kind: .quiz) } catch {
            return QuizScreen(resolved, paths: paths, problem: Self.unreadable(error))
        }
        guard let body else {
            let ticked = (try? store.entry(subject: resolved.subject, topic: resolved.topic)) != nil
            return QuizScreen(resolved, paths: paths, problem: ticked
                ? tr("The quiz of {subject} — {topic} is not generated yet.", ["subject": resolved.subject, "topic": resolved.topic])
                : tr("{subject} — {topic} is not on the checklist: tick it to get a quiz.", ["subject": resolved.subject, "topic": resolved.topic]))
        }
        do {
            let quiz = try ArtifactValidator.quiz(from: body, stored: true)
            return QuizScreen(resolved, paths: paths, quiz: quiz, seed: seed)
        } catch {
            return QuizScreen(resolved, paths: paths, problem: Self.unreadable(error, quiz: true))
        }
    }

    /// A screen over `quiz` (tests build one from a quiz of their own).
    public init(_ key: TopicKey, paths: DosePaths, quiz: Quiz, seed: UInt64) {
        subject = key.subject
        topic = key.topic
        self.paths = paths
        session = QuizSession(quiz: quiz, shuffle: ChoiceShuffle(seed: seed))
        problem = nil
    }

    private init(_ key: TopicKey, paths: DosePaths, problem: String) {
        subject = key.subject
        topic = key.topic
        self.paths = paths
        session = nil
        self.problem = problem
    }

    // MARK: Where the page is

    public var stage: Stage {
        guard let session else { return .unavailable(problem ?? "") }
        if let feedback = session.feedback { return .answered(feedback) }
        return session.isOver ? .over : .asking
    }

    /// "Quiz: Calculus — Chain rule".
    public var title: String {
        tr("Quiz: {subject} — {topic}", ["subject": subject, "topic": topic])
    }

    /// "Question 3 of 10", "Retry: question 1 of 2", or "" when no question is on show.
    public var progressText: String {
        guard let session, !session.isOver else { return "" }
        let (number, count) = session.progress
        return session.isFirstRound
            ? tr("Question {number} of {count}", ["number": number, "count": count])
            : tr("Retry: question {number} of {count}", ["number": number, "count": count])
    }

    /// The choices as their buttons' accessible names, in the order shown: "A: f′(g(x))·g′(x)".
    public var choiceNames: [String] {
        guard let current = session?.current else { return [] }
        return current.order.enumerated().map { position, choice in
            Self.letter(position) + ": " + LaTeXText.plainText(current.question.choices[choice])
        }
    }

    /// The choices as their buttons show them, in the order shown: the letter in bold, then the choice as Pango
    /// markup (`LaTeXText.markup`: maths in Unicode, a script with no Unicode form lowered or raised).
    public var choiceMarkups: [String] {
        guard let current = session?.current else { return [] }
        return current.order.enumerated().map { position, choice in
            "<b>" + Self.letter(position) + "</b>  " + LaTeXText.markup(current.question.choices[choice])
        }
    }

    /// Once the question on show is answered: the right choice's position and, when it is another, the chosen one's.
    public var answeredPositions: (right: Int, wrong: Int?)? {
        guard case .answered(let feedback) = stage, let current = session?.current else { return nil }
        let chosen = current.order.firstIndex(of: feedback.chosen)
        return (feedback.rightPosition, feedback.isRight ? nil : chosen)
    }

    /// "Right." or "Not quite: the answer is B."; "" before an answer.
    public var feedbackText: String {
        guard case .answered(let feedback) = stage else { return "" }
        return feedback.isRight ? tr("Right.") : tr("Not quite: the answer is {letter}.", ["letter": Self.letter(feedback.rightPosition)])
    }

    /// The end page's score: the first round's over answered questions ("Score: 4 of 5 answered right (1 of 6
    /// not asked)"), then a retry's own count.
    public var scoreText: String {
        guard let session, stage == .over else { return "" }
        var lines: [String] = []
        if let first = firstRound ?? (session.isFirstRound ? (session.answered, session.correct) : nil) {
            if first.answered == 0 {
                lines.append(tr("No question answered: nothing scored."))
            } else {
                var line = tr("Score: {correct} of {answered} answered right", ["correct": first.correct, "answered": first.answered])
                let total = session.quiz.questions.count
                if first.answered < total {
                    line += " " + tr("({missing} of {total} not asked)", ["missing": total - first.answered, "total": total])
                }
                lines.append(line)
            }
        }
        if !session.isFirstRound {
            lines.append(tr("Retry: {correct} of {answered} right.", ["correct": session.correct, "answered": session.answered]))
        }
        if let recordFailure { lines.append(recordFailure) }
        return lines.joined(separator: "\n")
    }

    /// Whether Retry missed has anything to ask.
    public var canRetry: Bool {
        stage == .over && !(session?.misses.isEmpty ?? true)
    }

    // MARK: Moves

    /// Answers with the choice shown at `position` (0 = A), the first round's score so far recorded at `now`;
    /// false when that is no answer now.
    @discardableResult
    public mutating func answer(_ position: Int, now: Int64) -> Bool {
        guard session?.answer(shownPosition: position) != nil else { return false }
        record(now: now)
        return true
    }

    /// On to the next question; at the round's end the first round's score is recorded at `now`.
    public mutating func next(now: Int64) {
        session?.next()
        if session?.isOver == true { endRound(now: now) }
    }

    /// Leaves the quiz (Back, Escape): a first round with an answer is recorded at `now`.
    public mutating func leave(now: Int64) {
        guard session?.isOver == false else { return }
        session?.leave()
        endRound(now: now)
    }

    /// A new round of just the misses, reshuffled; false when there are none.
    @discardableResult
    public mutating func retryMissed() -> Bool {
        session?.retryMissed() ?? false
    }

    private mutating func endRound(now: Int64) {
        guard let session, session.isFirstRound else { return }
        firstRound = (session.answered, session.correct)
        record(now: now)
    }

    /// A store or quiz that cannot be read, in the student's words; the store's own message goes to the journal.
    private static func unreadable(_ error: any Error, quiz: Bool = false) -> String {
        Log.warning("daily-dose: the quiz could not be read: \(error)")
        return quiz ? tr("This quiz can't be read. Untick the topic and tick it again to have it made anew.") : tr("Your quizzes can't be read.")
    }

    /// Writes the first round's score as it stands (the session skips a write with nothing new).
    private mutating func record(now: Int64) {
        guard var session, session.isFirstRound else { return }
        do {
            let database = try Database(path: paths.database)
            if let written = try session.recordScore(in: StudyStore(database: database), subject: subject, topic: topic, now: now) {
                recordedScore = written
            }
            recordFailure = nil
        } catch {
            Log.warning("daily-dose: the quiz's score could not be saved: \(error)")
            recordFailure = tr("Your score couldn't be saved.")
        }
        self.session = session
    }

    // MARK: History

    /// The topic's scores in words with local dates, oldest first, for the page's "Score history" list (so
    /// without the terminal's heading); a sentence of its own without any.
    public func history(zone: some ZoneRules) -> [String] {
        do {
            let scores = try StudyStore(database: try Database(path: paths.database)).quizScores(subject: subject, topic: topic)
            let lines = QuizHistoryText.lines(scores, subject: subject, topic: topic, zone: zone)
            return scores.isEmpty ? lines : Array(lines.dropFirst())
        } catch {
            Log.warning("daily-dose: the quiz's score history could not be read: \(error)")
            return [tr("Your earlier scores can't be read.")]
        }
    }

    // MARK: The page

    /// What the web view shows now, as paragraphs: the question (its choices are the page's buttons, marked there
    /// once answered) and, once answered, the explanation; or the review of misses.
    public var paragraphs: [DosePage.Paragraph] {
        guard let session else { return [DosePage.Paragraph(problem ?? "", style: .prompt)] }
        if let current = session.current {
            var result = [DosePage.Paragraph(current.question.prompt, style: .prompt)]
            if session.feedback != nil {
                result.append(DosePage.Paragraph(current.question.explanation, lead: feedbackText, style: .explanation))
            }
            return result
        }
        guard !session.misses.isEmpty else {
            return [DosePage.Paragraph(tr("No question missed."), style: .heading)]
        }
        var result = [DosePage.Paragraph(tr("Missed ({count})", ["count": session.misses.count]), style: .heading)]
        for miss in session.misses {
            let question = session.quiz.questions[miss.question]
            result.append(DosePage.Paragraph(question.prompt, lead: "\(miss.question + 1).", style: .prompt))
            result.append(DosePage.Paragraph(question.choices[miss.chosen], lead: tr("You answered:"), style: .wrong))
            result.append(DosePage.Paragraph(question.choices[question.answer], lead: tr("Right:"), style: .right))
            result.append(DosePage.Paragraph(question.explanation, style: .explanation))
        }
        return result
    }

    /// The page for the web view (the dose page's frame, escaping and CSP), in the window's colours and font
    /// when `theme` gives them.
    public func html(assets: DosePage.Assets, dark: Bool, theme: DosePage.Theme? = nil) -> String {
        let presentation = DosePage.Presentation(heading: false, answer: .withheld, dark: dark, words: .translated, theme: theme)
        return DosePage.paragraphs(title: title, paragraphs, assets: assets, presentation: presentation)
    }

    /// The page in plain text (the notification's converter for the maths), for the web view's accessible
    /// description: WebKitGTK on GTK 4.8 bridges no page to AT-SPI.
    public var plainText: String {
        paragraphs.map { paragraph in
            let text = LaTeXText.plainText(paragraph.text)
            return paragraph.lead.map { $0 + " " + text } ?? text
        }.joined(separator: "\n")
    }

    static func letter(_ position: Int) -> String {
        ["A", "B", "C", "D"][max(0, min(3, position))]
    }
}
