import DoseLearning

/// A topic as one string, the parameter of the app's `app.quiz` action (a Learn page's Quiz button, a
/// launcher, `gdbus … ActivateAction quiz`): "SUBJECT\u{1F}TOPIC".
///
/// U+001F (the unit separator) cannot be part of a name (`TopicKey` refuses control characters), so the
/// split is never ambiguous, whatever the names hold.
public enum TopicParameter {
    public static let separator: Character = "\u{1F}"

    /// The parameter naming `key`.
    public static func encode(_ key: TopicKey) -> String {
        key.subject + String(separator) + key.topic
    }

    /// The topic `parameter` names; nil unless it is exactly two valid names around one separator.
    public static func decode(_ parameter: String) -> TopicKey? {
        let parts = parameter.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return try? TopicKey(subject: String(parts[0]), topic: String(parts[1]))
    }
}
