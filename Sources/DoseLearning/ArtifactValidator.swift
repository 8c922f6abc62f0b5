import Foundation

/// Checks the provider's JSON for a deck or a quiz, whatever the server claims about schemas; pure.
///
/// Every rule failure is an `invalidOutput` message naming the field (`cards[3].back is empty`).
public enum ArtifactValidator {
    /// The longest answer accepted at all, in bytes.
    public static let maxBytes = 64 * 1024
    static let frontLimit = 300
    static let backLimit = 1000
    static let promptLimit = 500
    static let choiceLimit = 200
    static let explanationLimit = 1000

    /// A deck from the model's message content.
    public static func deck(from content: String) throws(ArtifactValidationError) -> Deck {
        let deck: Deck = try decode(content, as: Deck.self)
        guard Deck.cardRange.contains(deck.cards.count) else {
            throw .init("the deck has \(deck.cards.count) cards; it needs \(Deck.cardRange.lowerBound) to \(Deck.cardRange.upperBound)")
        }
        var fronts = Set<String>()
        for (index, card) in deck.cards.enumerated() {
            try checkText(card.front, "cards[\(index)].front", limit: frontLimit)
            try checkText(card.back, "cards[\(index)].back", limit: backLimit)
            guard fronts.insert(card.front.lowercased()).inserted else {
                throw .init("cards[\(index)].front repeats an earlier card")
            }
        }
        return deck
    }

    /// A quiz from the model's message content.
    public static func quiz(from content: String) throws(ArtifactValidationError) -> Quiz {
        let quiz: Quiz = try decode(content, as: Quiz.self)
        guard Quiz.questionRange.contains(quiz.questions.count) else {
            throw .init("the quiz has \(quiz.questions.count) questions; it needs \(Quiz.questionRange.lowerBound) to \(Quiz.questionRange.upperBound)")
        }
        for (index, question) in quiz.questions.enumerated() {
            let path = "questions[\(index)]"
            try checkText(question.prompt, path + ".prompt", limit: promptLimit)
            guard question.choices.count == 4 else {
                throw .init("\(path).choices has \(question.choices.count) choices; it needs exactly 4")
            }
            var seen = Set<String>()
            for (choiceIndex, choice) in question.choices.enumerated() {
                try checkText(choice, "\(path).choices[\(choiceIndex)]", limit: choiceLimit)
                guard seen.insert(choice.lowercased()).inserted else {
                    throw .init("\(path).choices[\(choiceIndex)] repeats another choice")
                }
            }
            guard (0...3).contains(question.answer) else {
                throw .init("\(path).answer is \(question.answer); it must be the index of a choice, 0 to 3")
            }
            try checkText(question.explanation, path + ".explanation", limit: explanationLimit)
        }
        return quiz
    }

    /// Canonical JSON of a validated artifact, as stored.
    public static func canonicalJSON<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and ints cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Private

    private static func decode<T: Decodable>(_ content: String, as type: T.Type) throws(ArtifactValidationError) -> T {
        guard content.utf8.count <= maxBytes else { throw .init("the answer is larger than \(maxBytes) bytes") }
        let json = unfenced(content)
        guard !json.isEmpty else { throw .init("the answer is empty") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw .init(describe(error))
        } catch {
            throw .init("the answer is not JSON")
        }
    }

    /// Some models wrap JSON in a Markdown fence even when asked not to; the fence is not content.
    private static func unfenced(_ content: String) -> String {
        var text = content.trimmingCharacters(where: { $0.isWhitespace })
        guard text.hasPrefix("```"), text.hasSuffix("```"), text.count >= 6 else { return text }
        text = String(text.dropFirst(3).dropLast(3))
        if let newline = text.firstIndex(of: "\n") {
            let tag = String(text[..<newline]).trimmingCharacters(where: { $0.isWhitespace })
            if tag.isEmpty || tag.allSatisfy({ $0.isLetter }) { text = String(text[text.index(after: newline)...]) }
        }
        return text.trimmingCharacters(where: { $0.isWhitespace })
    }

    private static func checkText(_ text: String, _ field: String, limit: Int) throws(ArtifactValidationError) {
        let trimmed = text.trimmingCharacters(where: { $0.isWhitespace })
        guard !trimmed.isEmpty else { throw .init("\(field) is empty") }
        guard text.count <= limit else { throw .init("\(field) is longer than \(limit) characters") }
        // Newlines and tabs are fine in a card; other control characters are garbage.
        if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) {
            throw .init("\(field) contains a control character")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the answer" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return parent == "the answer" ? "the answer has no \"\(key.stringValue)\"" : "\(parent) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, not \(describe(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the answer is not valid JSON" : "\(path(context.codingPath)) is not a valid value"
        @unknown default:
            return "the answer does not have the expected shape"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Int.self { return "a whole number" }
        if type is [Any].Type || String(describing: type).hasPrefix("Array") { return "an array" }
        return "an object"
    }
}
