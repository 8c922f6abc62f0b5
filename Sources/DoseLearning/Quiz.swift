import DoseCore

/// A topic's quiz, as generated and validated (5 to 10 questions).
public struct Quiz: Sendable, Equatable {
    public static let questionRange = 5...10
    public var questions: [QuizQuestion]

    public init(questions: [QuizQuestion]) {
        self.questions = questions
    }

    /// The quiz's shape read from JSON (`{"questions": [...]}`); the rules are `ArtifactValidator`'s.
    init(_ field: ArtifactField) throws(ArtifactValidationError) {
        var questions: [QuizQuestion] = []
        for question in try field.member("questions").elements() { questions.append(try QuizQuestion(question)) }
        self.questions = questions
    }

    /// The quiz as JSON, keys sorted as stored.
    var jsonValue: JSONValue {
        .sortedObject([("questions", .array(questions.map(\.jsonValue)))])
    }
}
