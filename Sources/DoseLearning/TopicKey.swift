import DoseCore
import DoseSystem

/// A checklist topic's identity: a subject and a topic, trimmed and checked once, at entry.
public struct TopicKey: Sendable, Hashable, CustomStringConvertible {
    /// The longest subject or topic accepted, in Unicode scalars: the unit the store's CHECK counts
    /// (SQLite's `length()`), so a name this accepts is never refused there ("कि" is two, "👍🏽" is two).
    /// A pack's syllabus holds its names to the same rule (`ContentRules.nameProblem`).
    public static let maxLength = PackLimits.maxNameScalars

    public let subject: String
    public let topic: String

    /// Trims both names and checks them against `ContentRules` (one line); the error names the field.
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
        let name = field == .subject ? tr("the subject") : tr("the topic")
        guard let reason = ContentRules.nameProblem(value, field: name) else { return value }
        switch reason {
        case .emptyProse:
            throw LearningError(.input, field == .subject ? tr("the subject is empty") : tr("the topic is empty"))
        case .lineControl:
            // Control characters would corrupt list output and terminal lines.
            let quoted = String(reflecting: value)
            throw LearningError(.input, field == .subject
                ? tr("the subject {value} contains a control character", ["value": quoted])
                : tr("the topic {value} contains a control character", ["value": quoted]))
        default:
            // Too long, a bidi control, a macro definition, mathematics past its bounds: the rule's own words
            // about "the topic" ("the topic is 201 characters long; the limit is 200").
            throw LearningError(.input, reason.localized)
        }
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
