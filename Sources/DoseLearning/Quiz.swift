/// A topic's quiz, as generated and validated (5 to 10 questions).
public struct Quiz: Codable, Sendable, Equatable {
    public static let questionRange = 5...10
    public var questions: [QuizQuestion]

    public init(questions: [QuizQuestion]) {
        self.questions = questions
    }
}
