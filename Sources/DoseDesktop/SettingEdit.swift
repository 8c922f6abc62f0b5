import DoseSystem

/// What typing `text` into a preferences row for `key` asks for: a value to store through `dose config set`'s
/// path, or — an emptied row of a key that may be absent — the key removed (its default applies).
public enum SettingEdit: Sendable, Equatable {
    case set(ConfigKey, String)
    case unset(ConfigKey)

    /// Leading and trailing blanks are the row's, not the value's; an empty row unsets.
    public init(_ key: ConfigKey, text: String) {
        let trimmed = text.trimmingPrefix(while: \.isWhitespace)
        let value = String(trimmed.reversed().trimmingPrefix(while: \.isWhitespace).reversed())
        self = value.isEmpty ? .unset(key) : .set(key, value)
    }
}
