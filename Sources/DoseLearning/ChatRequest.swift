import DoseCore
import DoseStore

/// The chat-completions request body for one artifact of one topic; pure.
///
/// Asks for JSON through `response_format` with a strict JSON schema; the answer is still
/// validated locally, since some servers advertise schemas they do not enforce.
public enum ChatRequest {
    /// The request body as JSON bytes, keys sorted.
    public static func body(for kind: LearningArtifactKind, topic: TopicKey, model: String) -> [UInt8] {
        let object = JSONValue.sortedObject([
            ("model", .string(model)),
            ("temperature", .number("0.3")),
            ("messages", .array([
                .sortedObject([("role", "system"), ("content", .string(systemPrompt))]),
                .sortedObject([("role", "user"), ("content", .string(userPrompt(for: kind, topic: topic)))]),
            ])),
            ("response_format", .sortedObject([
                ("type", "json_schema"),
                ("json_schema", .sortedObject([("name", .string(schemaName(kind))), ("strict", true), ("schema", schema(kind))])),
            ])),
        ])
        var writer = JSONWriter()
        writer.write(object)
        return writer.bytes
    }

    /// The schema's name, which also tells a log (or a test server) which artifact is asked for.
    public static func schemaName(_ kind: LearningArtifactKind) -> String {
        kind == .deck ? "flashcard_deck" : "quiz"
    }

    static let systemPrompt = """
        You write concise, accurate study material for a university student. \
        Answer with JSON only, matching the given schema exactly: no Markdown, no commentary. \
        Write any mathematics as LaTeX between single dollar signs, such as $\\frac{dy}{dx} = 2x$.
        """

    static func userPrompt(for kind: LearningArtifactKind, topic: TopicKey) -> String {
        let task: String
        switch kind {
        case .deck:
            task = """
                Write a flashcard deck of \(Deck.cardRange.lowerBound) to \(Deck.cardRange.upperBound) cards on this topic. \
                Each card has a short "front" (a question or a term, under 300 characters) and a "back" \
                (the answer, under 1000 characters). Cover the topic's key ideas without repeating a card.
                """
        case .quiz:
            task = """
                Write a multiple-choice quiz of \(Quiz.questionRange.lowerBound) to \(Quiz.questionRange.upperBound) questions \
                on this topic. Each question has a "prompt", exactly four different "choices", the index (0 to 3) of the \
                one right choice as "answer", and an "explanation" of why it is right.
                """
        }
        return "Subject: \(topic.subject)\nTopic: \(topic.topic)\n\n\(task)"
    }

    static func schema(_ kind: LearningArtifactKind) -> JSONValue {
        func integer(_ value: Int) -> JSONValue { .integer(Int64(value)) }
        let string = JSONValue.sortedObject([("type", "string"), ("minLength", 1)])
        func object(_ properties: [(String, JSONValue)]) -> JSONValue {
            .sortedObject([
                ("type", "object"), ("additionalProperties", false),
                ("required", .array(properties.map(\.0).sorted().map(JSONValue.string))),
                ("properties", .sortedObject(properties)),
            ])
        }
        func array(of items: JSONValue, _ range: ClosedRange<Int>) -> JSONValue {
            .sortedObject([
                ("type", "array"), ("items", items),
                ("minItems", integer(range.lowerBound)), ("maxItems", integer(range.upperBound)),
            ])
        }
        switch kind {
        case .deck:
            let card = object([("front", string), ("back", string)])
            return object([("cards", array(of: card, Deck.cardRange))])
        case .quiz:
            let question = object([
                ("prompt", string),
                ("choices", array(of: string, 4...4)),
                ("answer", .sortedObject([("type", "integer"), ("minimum", 0), ("maximum", 3)])),
                ("explanation", string),
            ])
            return object([("questions", array(of: question, Quiz.questionRange))])
        }
    }
}
