/// A checklist topic's identity: a subject and a topic, trimmed and checked once, at entry.
public struct TopicKey: Sendable, Hashable, CustomStringConvertible {
    /// The longest subject or topic accepted, in characters (the store checks the same bound).
    public static let maxLength = 200

    public let subject: String
    public let topic: String

    /// Trims both names and checks them; the error names the field.
    public init(subject: String, topic: String) throws(LearningError) {
        self.subject = try Self.checked(subject, field: "subject")
        self.topic = try Self.checked(topic, field: "topic")
    }

    /// "topic “Ohm's law” of subject “Physics”", for messages.
    public var description: String { "topic \"\(topic)\" of subject \"\(subject)\"" }

    private static func checked(_ raw: String, field: String) throws(LearningError) -> String {
        let value = raw.trimmingCharacters(where: { $0.isWhitespace })
        guard !value.isEmpty else { throw LearningError(.input, "the \(field) is empty") }
        guard value.count <= maxLength else {
            throw LearningError(.input, "the \(field) is longer than \(maxLength) characters")
        }
        // Control characters would corrupt list output and terminal lines.
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw LearningError(.input, "the \(field) \(String(reflecting: value)) contains a control character")
        }
        return value
    }
}

extension String {
    /// The string without leading and trailing characters matching `predicate`.
    func trimmingCharacters(where predicate: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !predicate($0) }), let last = lastIndex(where: { !predicate($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
