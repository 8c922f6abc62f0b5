import DoseCore

/// One multiple-choice question: four choices, the index of the right one, and why.
public struct QuizQuestion: Sendable, Equatable {
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

    init(_ field: ArtifactField) throws(ArtifactValidationError) {
        prompt = try field.member("prompt").string()
        var choices: [String] = []
        for choice in try field.member("choices").elements() { choices.append(try choice.string()) }
        self.choices = choices
        answer = try field.member("answer").integer()
        explanation = try field.member("explanation").string()
    }

    var jsonValue: JSONValue {
        .sortedObject([
            ("prompt", .string(prompt)), ("choices", .array(choices.map(JSONValue.string))),
            ("answer", .integer(Int64(answer))), ("explanation", .string(explanation)),
        ])
    }
}
