import DoseCore

/// One card of a deck: a prompt side and an answer side.
public struct Flashcard: Sendable, Equatable {
    public var front: String
    public var back: String

    public init(front: String, back: String) {
        self.front = front
        self.back = back
    }

    init(_ field: ArtifactField) throws(ArtifactValidationError) {
        front = try field.member("front").string()
        back = try field.member("back").string()
    }

    var jsonValue: JSONValue {
        .sortedObject([("front", .string(front)), ("back", .string(back))])
    }
}
