import DoseCore
import DoseSystem

/// Checks the provider's JSON for a deck or a quiz, whatever the server claims about schemas; pure.
///
/// Every rule failure is an `invalidOutput` message naming the field (`cards[3].back is empty`). Each text
/// is held to `ContentRules`, the rules a pack's prose passes (controls, bidi controls, macro definitions,
/// the bounds on mathematics), its length counted in Unicode scalars.
public enum ArtifactValidator {
    /// The longest answer accepted at all, in bytes.
    public static let maxBytes = 64 * 1024
    static let frontLimit = 300
    static let backLimit = 1000
    static let promptLimit = 500
    static let choiceLimit = 200
    static let explanationLimit = 1000

    /// A deck from the model's message content, or (`stored`) as read back from the store.
    ///
    /// A stored deck may come from a build that let C1 controls, bidi controls, macro definitions or heavy
    /// mathematics through: it is still readable (every terminal path escapes controls and bidi controls,
    /// the page's render script holds each formula to the bounds); the provider's answers are held to the
    /// content rules.
    public static func deck(from content: String, stored: Bool = false) throws(ArtifactValidationError) -> Deck {
        let deck = try Deck(answer(content))
        guard Deck.cardRange.contains(deck.cards.count) else {
            throw .init("the deck has \(deck.cards.count) cards; it needs \(Deck.cardRange.lowerBound) to \(Deck.cardRange.upperBound)")
        }
        var fronts = Set<String>()
        for (index, card) in deck.cards.enumerated() {
            try checkText(card.front, "cards[\(index)].front", limit: frontLimit, allowingC1: stored)
            try checkText(card.back, "cards[\(index)].back", limit: backLimit, allowingC1: stored)
            guard fronts.insert(card.front.lowercased()).inserted else {
                throw .init("cards[\(index)].front repeats an earlier card")
            }
        }
        return deck
    }

    /// A quiz from the model's message content, or (`stored`) as read back from the store (see `deck`).
    public static func quiz(from content: String, stored: Bool = false) throws(ArtifactValidationError) -> Quiz {
        let quiz = try Quiz(answer(content))
        guard Quiz.questionRange.contains(quiz.questions.count) else {
            throw .init("the quiz has \(quiz.questions.count) questions; it needs \(Quiz.questionRange.lowerBound) to \(Quiz.questionRange.upperBound)")
        }
        for (index, question) in quiz.questions.enumerated() {
            let path = "questions[\(index)]"
            try checkText(question.prompt, path + ".prompt", limit: promptLimit, allowingC1: stored)
            guard question.choices.count == 4 else {
                throw .init("\(path).choices has \(question.choices.count) choices; it needs exactly 4")
            }
            var seen = Set<String>()
            for (choiceIndex, choice) in question.choices.enumerated() {
                try checkText(choice, "\(path).choices[\(choiceIndex)]", limit: choiceLimit, allowingC1: stored)
                guard seen.insert(choice.lowercased()).inserted else {
                    throw .init("\(path).choices[\(choiceIndex)] repeats another choice")
                }
            }
            guard (0...3).contains(question.answer) else {
                throw .init("\(path).answer is \(question.answer); it must be the index of a choice, 0 to 3")
            }
            try checkText(question.explanation, path + ".explanation", limit: explanationLimit, allowingC1: stored)
        }
        return quiz
    }

    /// Canonical JSON of a validated deck, as stored: compact, keys sorted, slashes unescaped
    /// (what the earlier `JSONEncoder` wrote, byte for byte, so stored decks compare equal).
    public static func canonicalJSON(_ deck: Deck) -> String {
        deck.jsonValue.serialized()
    }

    /// Canonical JSON of a validated quiz, as stored (see the deck's).
    public static func canonicalJSON(_ quiz: Quiz) -> String {
        quiz.jsonValue.serialized()
    }

    // MARK: Private

    /// The answer parsed, fence removed, as the root field; the size cap comes before any parsing.
    private static func answer(_ content: String) throws(ArtifactValidationError) -> ArtifactField {
        guard content.utf8.count <= maxBytes else { throw .init("the answer is larger than \(maxBytes) bytes") }
        let json = unfenced(content)
        guard !json.isEmpty else { throw .init("the answer is empty") }
        do {
            return ArtifactField(try JSONParser.parse(json))
        } catch {
            throw .init("the answer is not valid JSON")
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

    private static func checkText(_ text: String, _ field: String, limit: Int, allowingC1: Bool) throws(ArtifactValidationError) {
        guard !text.allSatisfy(\.isWhitespace) else { throw .init("\(field) is empty") }
        guard allowingC1 else {
            if let reason = ContentRules.problem(text, field: field, shape: .prose, limit: limit) { throw .init(reason) }
            return
        }
        // Read back from the store: the rules of the build that stored it (characters counted as Swift
        // counts them, no C0 control but newline and tab, no DEL), so what was ready stays readable.
        guard text.count <= limit else { throw .init("\(field) is longer than \(limit) characters") }
        if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) {
            throw .init("\(field) contains a control character")
        }
    }
}
