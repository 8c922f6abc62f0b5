import DoseCore

/// The config key file under `$XDG_CONFIG_HOME/daily-dose/`: read by both processes, written by `dose config`.
public struct ConfigFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The stored raw values by key (only keys we know; unknown ones are kept in the file untouched).
    public func values() throws(ConfigFileError) -> [ConfigKey: String] {
        try stored().values
    }

    /// The stored values, and a problem for each value GKeyFile cannot interpret (left out of `values`).
    public func stored() throws(ConfigFileError) -> (values: [ConfigKey: String], unreadable: [ConfigError]) {
        let file = try loadKeyFile()
        var values: [ConfigKey: String] = [:]
        var unreadable: [ConfigError] = []
        for key in ConfigKey.allCases {
            do {
                if let value = try file.string(group: key.group, key: key.keyName) { values[key] = value }
            } catch {
                let raw = file.rawValue(group: key.group, key: key.keyName) ?? ""
                unreadable.append(ConfigError(
                    key: key.rawValue,
                    message: tr(
                        "{value} is not a valid key-file string: a backslash starts only \\s, \\n, \\t, \\r or \\\\",
                        ["value": JSONWriter.quoted(raw)])))
            }
        }
        return (values, unreadable)
    }

    /// The typed config; a stored value that fails validation is reported and its default used,
    /// so one bad line never stops the morning notification.
    public func load() throws(ConfigFileError) -> (config: DoseConfig, problems: [ConfigError]) {
        var config = DoseConfig()
        let (values, unreadable) = try stored()
        var problems = unreadable
        for (key, raw) in values {
            do {
                let value = try key.normalize(raw)
                switch key {
                case .branch: config.audience = Audience(configured: value) ?? .everyone
                case .notifyTime: config.notifyTime = LocalTime(parsing: value) ?? DoseConfig.defaultNotifyTime
                case .source: config.source = value
                case .sourcePubkey: config.sourcePubkey = value
                case .syncTimeout: config.syncTimeout = Int(value) ?? DoseConfig.defaultSyncTimeout
                case .providerURL: config.providerURL = value
                case .providerModel: config.providerModel = value
                case .providerKeyFile: config.providerKeyFile = value
                }
            } catch {
                problems.append(error)
            }
        }
        problems.sort { $0.key < $1.key }
        return (config, problems)
    }

    /// Validates and stores one value atomically; returns the canonical form stored.
    @discardableResult
    public func set(_ key: ConfigKey, to input: String, workingDirectory: String? = nil) throws(ConfigFileError) -> String {
        let value: String
        do { value = try key.normalize(input, workingDirectory: workingDirectory) } catch { throw .invalid(error) }
        let file = try loadKeyFile()
        file.setString(group: key.group, key: key.keyName, value: value)
        try save(file)
        return value
    }

    /// Removes a value (back to its default) atomically.
    public func unset(_ key: ConfigKey) throws(ConfigFileError) {
        let file = try loadKeyFile()
        file.remove(group: key.group, key: key.keyName)
        try save(file)
    }

    private func loadKeyFile() throws(ConfigFileError) -> KeyFile {
        let file = KeyFile()
        let text: String
        do {
            text = try FileSystem.readText(path)
        } catch {
            if error.isMissing { return file }
            throw .file(error)
        }
        do { try file.load(text, origin: path) } catch { throw .syntax(error) }
        return file
    }

    private func save(_ file: KeyFile) throws(ConfigFileError) {
        do { try FileSystem.writeAtomically(file.text(), to: path, mode: 0o600) } catch { throw .file(error) }
    }
}
