/// The two things a ticked topic promises: a flashcard deck and a quiz.
public enum LearningArtifactKind: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case deck
    case quiz

    public var description: String { rawValue }
}
