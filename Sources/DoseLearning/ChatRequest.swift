import DoseStore
import Foundation

/// The chat-completions request body for one artifact of one topic; pure.
///
/// Asks for JSON through `response_format` with a strict JSON schema; the answer is still
/// validated locally, since some servers advertise schemas they do not enforce.
public enum ChatRequest {
    /// The request body as JSON bytes.
    public static func body(for kind: LearningArtifactKind, topic: TopicKey, model: String) -> Data {
        let object: [String: Any] = [
            "model": model,
            "temperature": 0.3,
            "messages": [
                ["role": "system", "content": systemPrompt],
                ["role": "user", "content": userPrompt(for: kind, topic: topic)],
            ],
            "response_format": [
                "type": "json_schema",
                "json_schema": ["name": schemaName(kind), "strict": true, "schema": schema(kind)],
            ],
        ]
        // Plain dictionaries of strings and numbers always serialize.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The schema's name, which also tells a log (or a test server) which artifact is asked for.
    public static func schemaName(_ kind: LearningArtifactKind) -> String {
        kind == .deck ? "flashcard_deck" : "quiz"
    }

    static let systemPrompt = """
        You write concise, accurate study material for a university student. \
        Answer with JSON only, matching the given schema exactly: no Markdown, no commentary.
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

    static func schema(_ kind: LearningArtifactKind) -> [String: Any] {
        func string() -> [String: Any] { ["type": "string", "minLength": 1] }
        func object(_ properties: [String: Any]) -> [String: Any] {
            ["type": "object", "additionalProperties": false, "required": properties.keys.sorted(), "properties": properties]
        }
        switch kind {
        case .deck:
            let card = object(["front": string(), "back": string()])
            return object([
                "cards": [
                    "type": "array", "items": card,
                    "minItems": Deck.cardRange.lowerBound, "maxItems": Deck.cardRange.upperBound,
                ] as [String: Any]
            ])
        case .quiz:
            let question = object([
                "prompt": string(),
                "choices": ["type": "array", "items": string(), "minItems": 4, "maxItems": 4] as [String: Any],
                "answer": ["type": "integer", "minimum": 0, "maximum": 3],
                "explanation": string(),
            ])
            return object([
                "questions": [
                    "type": "array", "items": question,
                    "minItems": Quiz.questionRange.lowerBound, "maxItems": Quiz.questionRange.upperBound,
                ] as [String: Any]
            ])
        }
    }
}
