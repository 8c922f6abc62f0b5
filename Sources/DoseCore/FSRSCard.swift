/// One card's spaced-repetition state, as FSRS keeps it (times in seconds since the epoch).
public struct FSRSCard: Sendable, Equatable {
    /// Where a card is in its life: never seen, in its learning steps, reviewed by days, or relearning after a lapse.
    public enum State: String, Sendable, CaseIterable {
        case new
        case learning
        case review
        case relearning
    }

    public var state: State
    /// The learning or relearning step the card is on; nil in review.
    public var step: Int?
    /// Days for the probability of recall to fall to 90 %; nil before the first grade.
    public var stability: Double?
    /// 1 (easy) … 10 (hard); nil before the first grade.
    public var difficulty: Double?
    public var due: Int64
    public var lastReview: Int64?
    /// Grades given.
    public var reps: Int
    /// Times a card in review was forgotten (graded Again).
    public var lapses: Int

    public init(
        state: State = .new, step: Int? = 0, stability: Double? = nil, difficulty: Double? = nil,
        due: Int64, lastReview: Int64? = nil, reps: Int = 0, lapses: Int = 0
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
    }

    /// A card never graded, due at once.
    public static func new(now: Int64) -> FSRSCard { FSRSCard(due: now) }
}
