/// A topic's flashcard deck, as generated and validated (8 to 20 cards).
public struct Deck: Codable, Sendable, Equatable {
    public static let cardRange = 8...20
    public var cards: [Flashcard]

    public init(cards: [Flashcard]) {
        self.cards = cards
    }
}
