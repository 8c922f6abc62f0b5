import DoseCore
import DoseStore

/// One sitting of a topic's quiz, shared by `dose learn quiz --interactive` and the app's Quiz page.
///
/// One question at a time, its choices in an order drawn from `ChoiceShuffle` when it comes up (so every
/// attempt differs, and the right answer is tracked by its index, never by the letter it is shown under);
/// feedback after each answer; the misses collected; "retry missed" starts a round of just those,
/// reshuffled. Only the first round is a quiz attempt: its score, over answered questions only, is what
/// `recordScore` writes to the history (a retry of three misses is no score of the quiz). Both front ends
/// call it after every answer and at the round's end, so a sitting closed any way at all (a window closed,
/// a terminal hung up, a crash) keeps the answers it was given.
public struct QuizSession: Sendable {
    /// A missed question: its index in the quiz and the choice (index into its choices) given.
    public struct Miss: Sendable, Equatable {
        public let question: Int
        public let chosen: Int
    }

    /// What an answer came to, for the feedback: the choice given and the right one, both as indices into
    /// the question's choices, and the right one's position as shown (its letter).
    public struct Feedback: Sendable, Equatable {
        public let question: Int
        public let chosen: Int
        public let isRight: Bool
        public let rightPosition: Int
    }

    /// The question on show: its index in the quiz and the order its choices are shown in (position i
    /// shows choice `order[i]`).
    public struct Current: Sendable, Equatable {
        public let index: Int
        public let question: QuizQuestion
        public let order: [Int]
    }

    public let quiz: Quiz
    private var shuffle: ChoiceShuffle
    /// The quiz indices this round asks, in order.
    public private(set) var questions: [Int]
    /// The place in `questions` of the question on show (== questions.count once the round is over).
    public private(set) var position = 0
    private var order: [Int] = []
    /// The answer given to the question on show, until `next()`.
    public private(set) var feedback: Feedback?
    /// This round's answered and right questions, and its misses in the order made.
    public private(set) var answered = 0
    public private(set) var correct = 0
    public private(set) var misses: [Miss] = []
    /// Whether this is the first round (the quiz attempt); retries are not.
    public private(set) var isFirstRound = true
    /// Whether the round ended by a quit (or end of input) before its last question.
    public private(set) var quit = false
    /// This sitting's row in the history once written, and what that write counted.
    private var recordedRow: Int64?
    private var recordedAnswers = 0
    private var recordedOver = false

    /// A sitting of all of `quiz`'s questions; the first question's order is drawn at once.
    public init(quiz: Quiz, shuffle: ChoiceShuffle) {
        self.quiz = quiz
        self.shuffle = shuffle
        questions = Array(quiz.questions.indices)
        drawOrder()
    }

    /// The question on show, or nil once the round is over.
    public var current: Current? {
        guard position < questions.count else { return nil }
        let index = questions[position]
        return Current(index: index, question: quiz.questions[index], order: order)
    }

    /// The question on show as "3 of 10": its 1-based place and the round's count.
    public var progress: (number: Int, count: Int) {
        (min(position + 1, questions.count), questions.count)
    }

    /// Whether the round is over (every question answered, or a quit).
    public var isOver: Bool { position >= questions.count }

    /// Answers the question on show with the choice shown at `shownPosition` (0 = A); nil when there is no
    /// question on show, it was answered already, or the position is not one of its choices.
    public mutating func answer(shownPosition: Int) -> Feedback? {
        guard feedback == nil, let current, current.order.indices.contains(shownPosition) else { return nil }
        let chosen = current.order[shownPosition]
        let right = chosen == current.question.answer
        answered += 1
        if right {
            correct += 1
        } else {
            misses.append(Miss(question: current.index, chosen: chosen))
        }
        let result = Feedback(
            question: current.index, chosen: chosen, isRight: right,
            rightPosition: current.order.firstIndex(of: current.question.answer) ?? 0)
        feedback = result
        return result
    }

    /// Moves past the answered question to the next one (drawing its order), or ends the round.
    public mutating func next() {
        guard feedback != nil, !isOver else { return }
        feedback = nil
        position += 1
        drawOrder()
    }

    /// Ends the round where it is: the question on show, if unanswered, is neither answered nor missed.
    public mutating func leave() {
        guard !isOver else { return }
        if feedback == nil { quit = true }
        feedback = nil
        position = questions.count
    }

    /// Starts a round of this round's misses, each reshuffled; false (and nothing changes) without misses
    /// or before the round is over.
    @discardableResult
    public mutating func retryMissed() -> Bool {
        guard isOver, !misses.isEmpty else { return false }
        questions = misses.map(\.question)
        position = 0
        answered = 0
        correct = 0
        misses = []
        quit = false
        isFirstRound = false
        drawOrder()
        return true
    }

    /// The first round's score at `takenAt`: answered questions only, out of the whole quiz; nil in a retry
    /// or with nothing answered (an empty attempt is no score).
    public func score(takenAt: Int64) -> QuizScore? {
        guard isFirstRound, answered > 0 else { return nil }
        return QuizScore(takenAt: takenAt, answered: answered, correct: correct, total: quiz.questions.count)
    }

    /// Writes the first round's score to the topic's history at `now`: one row per sitting, added at its first
    /// answer and rewritten when another answer comes or the round ends (its time then the end's); what it
    /// wrote, or nil when there was nothing new (no answer yet, a retry, nothing since the last write). A failed
    /// write is tried again by the next call.
    @discardableResult
    public mutating func recordScore(
        in store: StudyStore, subject: String, topic: String, now: Int64
    ) throws(StoreError) -> QuizScore? {
        guard let score = score(takenAt: now), answered != recordedAnswers || (isOver && !recordedOver) else { return nil }
        recordedRow = try store.recordQuizScore(subject: subject, topic: topic, score: score, replacing: recordedRow)
        recordedAnswers = answered
        recordedOver = isOver
        return score
    }

    private mutating func drawOrder() {
        guard let index = questions.indices.contains(position) ? questions[position] : nil else {
            order = []
            return
        }
        order = shuffle.order(quiz.questions[index].choices.count)
    }
}
