import DoseLearning

/// A topic as one action parameter (`app.study`, `app.quiz`): "SUBJECT\u{1F}TOPIC".
///
/// Subjects and topics refuse control characters (`TopicKey`), so the unit separator U+001F between them is
/// unambiguous; decoding checks both halves again, since a parameter can come from any D-Bus caller.
public enum TopicParameter {
    static let separator: Character = "\u{1F}"

    public static func encode(_ key: TopicKey) -> String {
        key.subject + String(separator) + key.topic
    }

    /// The topic a parameter names; nil for anything that is not exactly two valid names around one separator.
    public static func decode(_ parameter: String) -> TopicKey? {
        let parts = parameter.split(separator: separator, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return try? TopicKey(subject: String(parts[0]), topic: String(parts[1]))
    }
}
