import DoseCore

/// A topic's flashcard deck, as generated and validated (8 to 20 cards).
public struct Deck: Sendable, Equatable {
    public static let cardRange = 8...20
    public var cards: [Flashcard]

    public init(cards: [Flashcard]) {
        self.cards = cards
    }

    /// The deck's shape read from JSON (`{"cards": [...]}`); the rules are `ArtifactValidator`'s.
    init(_ field: ArtifactField) throws(ArtifactValidationError) {
        var cards: [Flashcard] = []
        for card in try field.member("cards").elements() { cards.append(try Flashcard(card)) }
        self.cards = cards
    }

    /// The deck as JSON, keys sorted as stored.
    var jsonValue: JSONValue {
        .sortedObject([("cards", .array(cards.map(\.jsonValue)))])
    }
}
