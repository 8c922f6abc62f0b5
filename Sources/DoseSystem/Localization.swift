import CGLib
import Glibc

/// Text for people in the user's language: every gettext call of Daily Dose passes through this file.
///
/// Strings are marked with `tr("…")` (and `trn` for plurals) and extracted by `xgettext --language=C
/// --keyword=tr --keyword=trn:1,2` (po/build.sh), so a marked string must be one plain literal: no
/// interpolation, no concatenation, no multi-line literal (`StaticString` makes the compiler refuse the
/// first two). Declarations machines read too (command tables) mark theirs with `trLater`, translated where
/// they are shown. Values go in as named placeholders, `tr("no dose for {date}", ["date": date])`, so a
/// translator sees the whole sentence and may move `{date}` anywhere in it. Machine output (`--json`,
/// completions, the snapshot, the config file) never passes here.
public enum Localization {
    /// The gettext text domain: the catalogues are `LOCALEDIR/LANG/LC_MESSAGES/daily-dose.mo`.
    public static let domain = "daily-dose"

    /// Takes the user's locale from the environment (`LANG`, `LC_*`, and `LANGUAGE` for messages) and binds
    /// the domain to the catalogues of this installation. Called once, first thing, by each program.
    ///
    /// An environment that names only the C locale (unset, `C`, `POSIX`, `C.UTF-8`) and no `LANGUAGE` changes
    /// nothing `dose` prints, so the process stays in C without asking: Debian keeps C.UTF-8 out of the
    /// locale archive, and `setlocale` would open and map its thirteen files on every command (~80 system
    /// calls; `dose show` took 1.24× as long). Every other environment gets `setlocale(LC_ALL, "")`.
    public static func start(executable: String? = ExecutablePath.current()) {
        guard !namesOnlyTheCLocale(Environment.value) else { return }
        setlocale(LC_ALL, "")
        bind(directory: localeDirectory(executable: executable))
    }

    /// True when `LANGUAGE` is unset and the categories Daily Dose depends on (messages, time, character
    /// type) resolve, as setlocale resolves them (`LC_ALL`, else `LC_x`, else `LANG`), to C or C.UTF-8.
    public static func namesOnlyTheCLocale(_ value: (String) -> String?) -> Bool {
        guard value("LANGUAGE") == nil else { return false }
        // An array, not a Set: a Set<String> here was the first in the process, and its metadata's Hashable
        // check scanned every conformance record at start-up (~100k instructions, callgrind).
        let cLocales = ["C", "POSIX", "C.UTF-8", "C.utf8"]
        return ["LC_MESSAGES", "LC_TIME", "LC_CTYPE"].allSatisfy { category in
            (value("LC_ALL") ?? value(category) ?? value("LANG")).map(cLocales.contains) ?? true
        }
    }

    /// Binds the domain to `directory`; messages come out in UTF-8 whatever the locale's charset.
    public static func bind(directory: String) {
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// Where the catalogues are for a binary at `executable`: installed, `PREFIX/share/locale`
    /// (`/usr/bin/dose` → `/usr/share/locale`); in a build tree (`PACKAGE/.build/TRIPLE/CONFIG/dose`, the
    /// path `/proc/self/exe` gives), the build's own, `PACKAGE/build/locale` (po/build.sh, `make locale`);
    /// the system's when the binary's path is unknown. Decided from the path alone: nothing is read.
    public static func localeDirectory(executable: String?) -> String {
        guard let executable, executable.hasPrefix("/") else { return "/usr/share/locale" }
        let parts = executable.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count >= 5, parts[parts.count - 4] == ".build" {
            return parts[..<(parts.count - 4)].joined(separator: "/") + "/build/locale"
        }
        return ExecutablePath.prefix(of: executable) + "/share/locale"
    }

    /// The translation of `message` (itself when there is none, and for the empty string, whose "translation"
    /// would be the catalogue's header).
    static func translate(_ message: String) -> String {
        guard !message.isEmpty else { return message }
        return message.withCString { key in
            // gettext returns `key` itself when untranslated: read it before the buffer goes.
            guard let translated = dgettext(domain, key) else { return message }
            return String(cString: translated)
        }
    }

    /// The translation of `singular` or `plural`, chosen for `count` by the language's plural rule.
    static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let translated = dngettext(domain, one, many, UInt(clamping: count.magnitude)) else {
                    return count == 1 ? singular : plural
                }
                return String(cString: translated)
            }
        }
    }

    /// `text` with each `{name}` replaced by its value; an unknown name stays as written, and values are
    /// not searched again (a title holding `{date}` is printed as it is).
    public static func fill(_ text: String, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        // `append(contentsOf:)` with a Substring, not `+=`: the generic `+=` for any sequence of characters
        // costs every command ~0.1 M instructions of run-time type lookups on its first message.
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result.append(contentsOf: rest[..<open])
            let name = rest[rest.index(after: open)..<close]
            if let value = values.first(where: { $0.key == name })?.value {
                result += value.description
            } else {
                result.append(contentsOf: rest[open...close])
            }
            rest = rest[rest.index(after: close)...]
        }
        result.append(contentsOf: rest)
        return result
    }
}

/// Marks `message` for translation and returns it in the user's language, `{name}` placeholders filled
/// from `values`. `message` must be one plain string literal (xgettext reads it from the source).
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    Localization.fill(Localization.translate(message.description), values)
}

/// Marks `message` for translation where it is declared and returns it as written, in English: for text
/// declared once and read by machines as well as people, such as a command table's summaries and help lines
/// (the shell completions and the manual-page check read them in English). Where it reaches a person it is
/// translated (`Localization.translate`: `--help` pages are rendered so). Unlike `tr`, it also takes a
/// multi-line literal without interpolation (po/build.sh turns it into C's for xgettext).
public func trLater(_ message: StaticString) -> String {
    message.description
}

/// Marks a message with a plural form: `trn("{count} card", "{count} cards", n)`; `{count}` is `count`,
/// other placeholders come from `values`.
public func trn(
    _ singular: StaticString, _ plural: StaticString, _ count: Int,
    _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]
) -> String {
    let text = Localization.translate(singular.description, plural.description, count: count)
    guard text.contains("{") else { return text }
    return Localization.fill(Localization.fill(text, ["count": count]), values)
}
