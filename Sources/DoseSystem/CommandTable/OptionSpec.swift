/// What a value (an option's or a positional's) is: it decides how completions offer it.
public enum ValueKind: Sendable, Equatable {
    /// Free text: nothing to offer.
    case text
    /// A file path (packs: `.json`).
    case file
    /// `YYYY-MM-DD`.
    case date
    /// A day count (1 to 100000).
    case count
    /// A dose id (or short code), offered from the snapshot.
    case itemID
    /// A config key.
    case configKey
    /// A learn subject, offered from the ticked topics.
    case subject
    /// A learn topic of the subject before it, offered from the ticked topics.
    case topic
    /// A command name of the same program (`dose help COMMAND`).
    case command
    /// One of a fixed list of words.
    case choice([String])
}

/// One option, declared once: its name, a value placeholder (nil for a flag), what the value is and a help line.
///
/// Commands read it by the declaration (`arguments.option(.days)`), so its spelling lives in one place.
public struct OptionSpec: Sendable, Equatable {
    /// The long name, `--days`.
    public let name: String
    /// A short alias, `-i`.
    public let short: String?
    /// The value's placeholder in usage and help (`N`); nil for a flag.
    public let placeholder: String?
    public let kind: ValueKind
    /// One line for `--help`, completions and the man page check.
    public let help: String

    public init(_ name: String, short: String? = nil, value placeholder: String? = nil, kind: ValueKind = .text, help: String) {
        self.name = name
        self.short = short
        self.placeholder = placeholder
        self.kind = kind
        self.help = help
    }

    /// True when the option takes a value.
    public var takesValue: Bool { placeholder != nil }

    /// The same option with another help line (an option shared by two commands that use it differently).
    public func helping(_ help: String) -> OptionSpec {
        OptionSpec(name, short: short, value: placeholder, kind: kind, help: help)
    }

    /// `--days N`, `--json`.
    var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}

/// A positional argument: `PACK`, `ID|CODE`, `[SOURCE]`.
public struct PositionalSpec: Sendable, Equatable {
    public let name: String
    public let kind: ValueKind
    public let optional: Bool
    /// Takes the next word whatever it looks like (`config set provider.model -x`): never checked as an option.
    public let anyWord: Bool

    public init(_ name: String, kind: ValueKind = .text, optional: Bool = false, anyWord: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.anyWord = anyWord
    }
}

extension OptionSpec {
    /// `-h, --help`: every command has it.
    public static let help = OptionSpec("--help", short: "-h", help: trLater("show this help (after a command: that command's help)"))
    /// `--version`.
    public static let version = OptionSpec("--version", help: trLater("show the version"))
    /// `--date YYYY-MM-DD`, shared by `dose today` and `dose-notify --dry-run`.
    public static let date = OptionSpec("--date", value: "YYYY-MM-DD", kind: .date, help: trLater("start at this day instead of today"))
    /// `--days N`, shared by `dose today` and `dose-notify --dry-run`.
    public static let days = OptionSpec("--days", value: "N", kind: .count, help: trLater("print N consecutive days (1 to 100000)"))
    /// `--json`.
    public static let json = OptionSpec("--json", help: trLater("print JSON"))
}
