import DoseSystem

/// The provider settings and key as read at one moment, with whatever makes them unusable.
public struct ProviderSnapshot: Sendable {
    /// What stands in the way, for a front end that words it its own way (the app names no config key or file).
    public enum ProblemKind: Sendable, Equatable {
        /// The config file cannot be read.
        case configUnreadable
        /// `provider.url` or `provider.model` is not set.
        case notConfigured
        /// The key cannot be had: a key file refused or unreadable, the Secret Service failing.
        case key
        /// A key is there but withheld: `provider.url` is plain http:// to another machine.
        case keyWithheld
    }

    public var settings: ProviderSettings
    /// Never logged or printed.
    public var key: String?
    /// Why requests cannot be made (nothing configured, a key file others can read), or nil.
    public var problem: String?
    /// Which kind of problem `problem` is (nil with it).
    public var problemKind: ProblemKind?
    /// Where `key` came from (`ProviderKey`'s order).
    public var keySource: ProviderKey.Source
    /// True when a key was found but withheld, `provider.url` being plain http:// to another machine
    /// (`ProviderSettings.keyRefusal`, then `problem`); `key` is nil then.
    public var keyWithheld: Bool
    /// Takes the key found (sent or withheld) out of provider messages.
    public var redaction: KeyRedaction

    public init(
        settings: ProviderSettings, key: String?, problem: String?, problemKind: ProblemKind? = nil,
        keySource: ProviderKey.Source = .none, keyWithheld: Bool = false, redaction: KeyRedaction? = nil
    ) {
        self.settings = settings
        self.key = key
        self.problem = problem
        self.problemKind = problem == nil ? nil : problemKind ?? (keyWithheld ? .keyWithheld : .key)
        self.keySource = keySource
        self.keyWithheld = keyWithheld
        self.redaction = redaction ?? KeyRedaction(key: key)
    }

    /// Digest of the settings and key, compared with a pause's.
    public var fingerprint: String { settings.fingerprint(key: key) }

    /// Reads the config file and the key afresh (the daemon calls this before every decision); `keyring`
    /// looks the key up in the Secret Service when neither the environment nor a key file gives one.
    public static func load(configPath: String, keyring: ProviderKey.KeyringLookup? = nil) -> ProviderSnapshot {
        let settings: ProviderSettings
        switch readSettings(configPath: configPath) {
        case .failure(let problem):
            return ProviderSnapshot(
                settings: ProviderSettings(url: nil, model: nil, keyFile: nil), key: nil, problem: problem.message,
                problemKind: .configUnreadable)
        case .success(let read):
            settings = read
        }
        if let missing = settings.missing {
            return ProviderSnapshot(settings: settings, key: nil, problem: missing, problemKind: .notConfigured)
        }
        do {
            let (key, source) = try ProviderKey.resolve(
                settings: settings, environment: Environment.value(ProviderKey.environmentVariable), keyring: keyring)
            if let refusal = settings.keyRefusal(key: key, source: source) {
                // Withheld here, before any request, so no path can send it; kept for redaction only.
                return ProviderSnapshot(
                    settings: settings, key: nil, problem: refusal, keySource: source, keyWithheld: true,
                    redaction: KeyRedaction(key: key))
            }
            return ProviderSnapshot(settings: settings, key: key, problem: nil, keySource: source)
        } catch {
            return ProviderSnapshot(settings: settings, key: nil, problem: error.message, problemKind: .key)
        }
    }

    /// Why the key in use would be withheld from `provider.url` (plain http:// to another machine), whether or
    /// not the rest is configured yet; nil when it would not, or when there is no key. `dose config set` warns
    /// with it. An https:// URL is answered without looking for a key.
    public static func keyRefusal(configPath: String, keyring: ProviderKey.KeyringLookup? = nil) -> String? {
        guard case .success(let settings) = readSettings(configPath: configPath), settings.url?.hasPrefix("http://") == true,
            let (key, source) = try? ProviderKey.resolve(
                settings: settings, environment: Environment.value(ProviderKey.environmentVariable), keyring: keyring)
        else { return nil }
        return settings.keyRefusal(key: key, source: source)
    }

    /// The `provider.*` settings in the config file, without reading the key.
    static func readSettings(configPath: String) -> Result<ProviderSettings, LearningError> {
        do {
            let config = try ConfigFile(path: configPath).load().config
            return .success(ProviderSettings(url: config.providerURL, model: config.providerModel, keyFile: config.providerKeyFile))
        } catch {
            return .failure(LearningError(.provider, tr("the config file cannot be read: {error}", ["error": error])))
        }
    }
}
