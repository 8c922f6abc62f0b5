/// One multiple-choice question: four choices, the index of the right one, and why.
public struct QuizQuestion: Codable, Sendable, Equatable {
    public var prompt: String
    public var choices: [String]
    /// The index of the right choice, 0 to 3.
    public var answer: Int
    public var explanation: String

    public init(prompt: String, choices: [String], answer: Int, explanation: String) {
        self.prompt = prompt
        self.choices = choices
        self.answer = answer
        self.explanation = explanation
    }
}
