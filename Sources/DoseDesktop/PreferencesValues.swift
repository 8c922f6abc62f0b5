import DoseApp
import DoseCore
import DoseSystem

/// What Preferences' setting rows show, read from the config file and the pool as they are now: when the
/// window opens, when it is presented again, and when the config file changes under it (`dose config set` in a
/// terminal, the welcome page): one window, never a stale copy.
public struct PreferencesValues: Sendable, Equatable {
    /// The settings typed into entry rows.
    static let textKeys: [ConfigKey] = [.notifyTime, .source, .providerURL, .providerModel]

    /// Each text setting as stored, or its default, or "" (the row's text).
    let texts: [ConfigKey: String]
    /// The branch row's entries and the one in effect.
    public let branch: BranchChoices

    /// The values `pool` reads now (an unreadable census offers no branch codes, as `dose config list` would
    /// fail on it; an unreadable config shows every dose, as the scheduler reads it).
    public static func read(_ pool: DesktopPool) -> PreferencesValues {
        let census = (try? PoolInfo.census(paths: pool.paths)) ?? BranchCensus([])
        return PreferencesValues(
            texts: Dictionary(uniqueKeysWithValues: textKeys.map { ($0, pool.value($0) ?? "") }),
            branch: BranchChoices(census: census, current: (try? pool.audience()) ?? .everyone))
    }

    /// The text row of `key`.
    public func text(_ key: ConfigKey) -> String { texts[key] ?? "" }
}

/// An entry row that follows its setting: a value stored elsewhere replaces the row's text only while the
/// student has not typed in it since the app last put text there. Typing not yet applied stays theirs; it is
/// the value they are about to store.
public struct FollowedText: Sendable, Equatable {
    /// The text the app last put in the row (from the config, or a change stored from this row).
    public private(set) var shown: String

    public init(shown: String) {
        self.shown = shown
    }

    /// The row now shows `text` put there by the app (the stored value after Apply).
    public mutating func show(_ text: String) {
        shown = text
    }

    /// The text to put in the row now that the setting is `stored` and the row holds `current`; nil to leave
    /// the row alone (already the stored value, or typed in).
    public mutating func follow(stored: String, current: String) -> String? {
        guard current == shown || current == stored else { return nil }
        shown = stored
        return current == stored ? nil : stored
    }
}
