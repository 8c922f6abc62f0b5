import DoseCore

/// One card of one topic's deck with its review state (a new card's state is `FSRSCard.new`).
public struct StudyCard: Sendable, Equatable {
    public let subject: String
    public let topic: String
    /// The card's place in the deck (0-based).
    public let index: Int
    public let state: FSRSCard
}

/// A topic's cards by what they need: due now, never studied, all of them.
public struct StudyCounts: Sendable, Equatable {
    public let subject: String
    public let topic: String
    /// Cards graded before whose due time has come.
    public let due: Int
    /// Cards never graded.
    public let new: Int
    public let total: Int
}

/// One quiz attempt: questions answered (a quit or end of input leaves some unanswered), right ones, all.
public struct QuizScore: Sendable, Equatable {
    public let takenAt: Int64
    public let answered: Int
    public let correct: Int
    public let total: Int

    public init(takenAt: Int64, answered: Int, correct: Int, total: Int) {
        self.takenAt = takenAt
        self.answered = answered
        self.correct = correct
        self.total = total
    }
}

/// A grade taken back: which card, and the grade it had.
public struct UndoneGrade: Sendable, Equatable {
    public let subject: String
    public let topic: String
    public let index: Int
    public let grade: FSRSGrade
}
