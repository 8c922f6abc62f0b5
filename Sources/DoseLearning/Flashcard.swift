/// One card of a deck: a prompt side and an answer side.
public struct Flashcard: Codable, Sendable, Equatable {
    public var front: String
    public var back: String

    public init(front: String, back: String) {
        self.front = front
        self.back = back
    }
}
