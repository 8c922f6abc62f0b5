import DoseSystem

/// A checklist topic's identity: a subject and a topic, trimmed and checked once, at entry.
public struct TopicKey: Sendable, Hashable, CustomStringConvertible {
    /// The longest subject or topic accepted, in characters (the store checks the same bound).
    public static let maxLength = 200

    public let subject: String
    public let topic: String

    /// Trims both names and checks them; the error names the field.
    public init(subject: String, topic: String) throws(LearningError) {
        self.subject = try Self.checked(subject, field: .subject)
        self.topic = try Self.checked(topic, field: .topic)
    }

    /// `topic "Ohm's law" of subject "Physics"`, for messages (in the user's language).
    public var description: String {
        tr("topic \"{topic}\" of subject \"{subject}\"", ["topic": topic, "subject": subject])
    }

    /// Which name a check refused: each has its own sentences, so a translation can decline it.
    private enum Field { case subject, topic }

    private static func checked(_ raw: String, field: Field) throws(LearningError) -> String {
        let value = raw.trimmingCharacters(where: { $0.isWhitespace })
        guard !value.isEmpty else {
            throw LearningError(.input, field == .subject ? tr("the subject is empty") : tr("the topic is empty"))
        }
        guard value.count <= maxLength else {
            throw LearningError(.input, field == .subject
                ? tr("the subject is longer than {count} characters", ["count": maxLength])
                : tr("the topic is longer than {count} characters", ["count": maxLength]))
        }
        // Control characters would corrupt list output and terminal lines.
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            let quoted = String(reflecting: value)
            throw LearningError(.input, field == .subject
                ? tr("the subject {value} contains a control character", ["value": quoted])
                : tr("the topic {value} contains a control character", ["value": quoted]))
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
