import DoseCore

/// A setting of `dose config`, with where it lives in the key file and how its value is checked.
public enum ConfigKey: String, CaseIterable, Sendable {
    case branch
    case notifyTime = "notify-time"
    case source
    /// The minisign public key a synced pack must be signed with (`source.pubkey`).
    case sourcePubkey = "source.pubkey"
    case syncTimeout = "sync-timeout"
    case providerURL = "provider.url"
    case providerModel = "provider.model"
    case providerKeyFile = "provider.key-file"

    /// The key-file group: `provider.*` keys live in `[provider]`, the rest in `[dose]`.
    var group: String {
        rawValue.hasPrefix("provider.") ? "provider" : "dose"
    }

    /// The key inside its group.
    var keyName: String {
        rawValue.hasPrefix("provider.") ? String(rawValue.dropFirst("provider.".count)) : rawValue
    }

    /// One line for `dose config --help` and the completions.
    public var help: String {
        switch self {
        case .branch: return trLater("two capital letters (CS, EE, ME, …): doses tagged for it, plus untagged ones; or common: untagged only")
        case .notifyTime: return trLater("the morning notification's local time, HH:MM (default 08:00)")
        case .source: return trLater("the pack `dose sync` fetches: a file path or an http(s) URL")
        case .sourcePubkey: return trLater("a minisign public key (base64): `dose sync` then accepts only packs it signed")
        case .syncTimeout: return trLater("seconds a sync's download may take in all, 1 to 3600 (default 60)")
        case .providerURL: return trLater("the AI provider's http(s) URL (learning queue)")
        case .providerModel: return trLater("the provider's model name")
        case .providerKeyFile: return trLater("absolute path of a file holding the provider's API key")
        }
    }

    /// The value in effect while the key is unset, for keys that have one.
    public var defaultValue: String? {
        switch self {
        case .notifyTime: return DoseConfig.defaultNotifyTime.description
        case .syncTimeout: return String(DoseConfig.defaultSyncTimeout)
        default: return nil
        }
    }

    /// Checks and canonicalises a value a user typed; the error says what is wrong with it.
    ///
    /// A relative `source` path is made absolute against `workingDirectory` (where `dose config set` was
    /// typed), and refused without one (a stored value read back, the app): a sync runs later from
    /// another directory (the daemon's from wherever systemd started it), where the same words would
    /// name another file.
    public func normalize(_ input: String, workingDirectory: String? = nil) throws(ConfigError) -> String {
        let trimmed = input.trimmingWhitespace()
        // Every value is one line. A NUL would also cut the stored value short (GKeyFile takes C strings).
        if let control = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw ConfigError(
                key: rawValue,
                message: tr("{value} contains a control character (U+{code})", ["value": JSONWriter.quoted(input), "code": padded]),
                reason: .controlCharacter)
        }
        switch self {
        case .branch:
            // Input is trimmed and upper-cased once, at entry, then validated strictly. Only ASCII
            // letters are upper-cased: Unicode casing turns "ß" into "SS" and "ﬀ" into "FF".
            let upper = String(decoding: trimmed.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
            if upper == "COMMON" { return Audience.commonOnlyWord }
            guard let code = BranchCode(exactly: upper) else {
                throw ConfigError(
                    key: rawValue,
                    message: tr("{value} is not a branch code (two ASCII letters A–Z, such as CS or EE) or common", ["value": JSONWriter.quoted(input)]),
                    reason: .notABranch)
            }
            return code.rawValue
        case .notifyTime:
            guard let time = LocalTime(parsing: trimmed) else {
                throw ConfigError(key: rawValue, message: tr("{value} is not a time of day as HH:MM or H:MM (00:00 to 23:59)", ["value": JSONWriter.quoted(input)]), reason: .notATime)
            }
            return time.description
        case .source:
            guard !trimmed.isEmpty else { throw ConfigError(key: rawValue, message: tr("the source is empty"), reason: .empty) }
            return try absoluteSource(trimmed, typed: input, workingDirectory: workingDirectory)
        case .sourcePubkey:
            // Refused unless it is a key, so a typo never turns checking off; stored canonical.
            do { return try MinisignPublicKey(parsing: trimmed).base64 } catch {
                throw ConfigError(key: rawValue, message: tr("{value} is not a minisign public key: {problem}", ["value": JSONWriter.quoted(input), "problem": error.reason.localized]),
                    reason: .notAPublicKey)
            }
        case .syncTimeout:
            guard let seconds = Int(trimmed), DoseConfig.syncTimeoutRange.contains(seconds) else {
                throw ConfigError(
                    key: rawValue,
                    message: tr("{value} is not a number of seconds from {lowest} to {highest}", [
                        "value": JSONWriter.quoted(input), "lowest": DoseConfig.syncTimeoutRange.lowerBound,
                        "highest": DoseConfig.syncTimeoutRange.upperBound,
                    ]),
                    reason: .notSeconds)
            }
            return String(seconds)
        case .providerURL:
            guard trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://"), trimmed.count > 8 else {
                throw ConfigError(key: rawValue, message: tr("{value} is not an http:// or https:// URL", ["value": JSONWriter.quoted(input)]), reason: .notAWebURL)
            }
            return trimmed
        case .providerModel:
            guard !trimmed.isEmpty else { throw ConfigError(key: rawValue, message: tr("the model name is empty"), reason: .empty) }
            return trimmed
        case .providerKeyFile:
            guard trimmed.hasPrefix("/") else {
                throw ConfigError(key: rawValue, message: tr("{value} is not an absolute path", ["value": JSONWriter.quoted(input)]), reason: .notAnAbsolutePath)
            }
            return trimmed
        }
    }
}

extension ConfigKey {
    /// A source as stored: a URL as it is, a path (or a `file://` URL's path) absolute.
    private func absoluteSource(_ text: String, typed: String, workingDirectory: String?) throws(ConfigError) -> String {
        if text.hasPrefix("http://") || text.hasPrefix("https://") { return text }
        // Any other scheme would be taken for a relative path and fail only at the next sync, as a missing file.
        if let other = Self.unsupportedSourceScheme(text) {
            throw ConfigError(
                key: rawValue,
                message: tr("{value}: dose cannot fetch {scheme}:// URLs; give an http(s) URL or a file", ["value": JSONWriter.quoted(typed), "scheme": other]),
                reason: .unsupportedScheme(other))
        }
        let scheme = text.hasPrefix("file://") ? "file://" : ""
        let path = String(text.dropFirst(scheme.count))
        if path.hasPrefix("/") { return text }
        guard let directory = workingDirectory, directory.hasPrefix("/") else {
            throw ConfigError(key: rawValue, message: tr("{value} is a relative path: give an absolute path or an http(s) URL", ["value": JSONWriter.quoted(typed)]),
                reason: .relativePath)
        }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop { $0 == "/" } }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return scheme + base + "/" + relative
    }
}

extension ConfigKey {
    /// The scheme of `text` when it starts as a URL does (`ftp://…`: "ftp", lower-cased), else nil (a path).
    static func urlScheme(_ text: String) -> String? {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        // RFC 3986: a letter, then letters, digits, "+", "-" or ".".
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
              scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }
}

extension ConfigKey {
    /// The scheme of a source that is neither an http(s) URL nor a file (a path or `file://`), else nil.
    public static func unsupportedSourceScheme(_ text: String) -> String? {
        urlScheme(text).flatMap { ["http", "https", "file"].contains($0) ? nil : $0 }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    /// The string without leading and trailing Unicode whitespace (space, tab, CR, LF, VT, FF, NBSP, ...).
    ///
    /// Works on scalars: as a Character, "\r\n" is one cluster, equal to neither "\r" nor "\n".
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
