import DoseSystem

/// The provider settings and key as read at one moment, with whatever makes them unusable.
public struct ProviderSnapshot: Sendable {
    public var settings: ProviderSettings
    /// Never logged or printed.
    public var key: String?
    /// Why requests cannot be made (nothing configured, a key file others can read), or nil.
    public var problem: String?
    /// Where `key` came from (`ProviderKey`'s order).
    public var keySource: ProviderKey.Source

    public init(settings: ProviderSettings, key: String?, problem: String?, keySource: ProviderKey.Source = .none) {
        self.settings = settings
        self.key = key
        self.problem = problem
        self.keySource = keySource
    }

    /// Digest of the settings and key, compared with a pause's.
    public var fingerprint: String { settings.fingerprint(key: key) }

    /// Reads the config file and the key afresh (the daemon calls this before every decision); `keyring`
    /// looks the key up in the Secret Service when neither the environment nor a key file gives one.
    public static func load(configPath: String, keyring: ProviderKey.KeyringLookup? = nil) -> ProviderSnapshot {
        let settings: ProviderSettings
        switch readSettings(configPath: configPath) {
        case .failure(let problem):
            return ProviderSnapshot(settings: ProviderSettings(url: nil, model: nil, keyFile: nil), key: nil, problem: problem.message)
        case .success(let read):
            settings = read
        }
        if let missing = settings.missing { return ProviderSnapshot(settings: settings, key: nil, problem: missing) }
        do {
            let (key, source) = try ProviderKey.resolve(
                settings: settings, environment: Environment.value(ProviderKey.environmentVariable), keyring: keyring)
            return ProviderSnapshot(settings: settings, key: key, problem: nil, keySource: source)
        } catch {
            return ProviderSnapshot(settings: settings, key: nil, problem: error.message)
        }
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
