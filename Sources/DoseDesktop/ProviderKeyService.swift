import DoseApp
import DoseLearning
import DoseSecret
import DoseSystem

/// The AI provider's key in Preferences: stored in and cleared from the Secret Service for the configured
/// `provider.url`, and where the key in use comes from.
///
/// Usage (GLib thread; answers come back there):
///
///     let keys = ProviderKeyService(paths: .fromEnvironment())
///     keys.store(passwordRow.text) { result in … }     // .success(status) or a failure naming what is wrong
///     keys.clear { result in … }
///     keys.status { status in sourceLabel.text = status.source.rawValue }
///
/// After a store or clear it rewrites the wake file a running `dose daemon` watches, so the learning queue
/// looks at the provider again at once (docs/learning.md). The key is never logged or put in a message.
public struct ProviderKeyService: Sendable {
    /// Where the key in use comes from, and whether the keyring holds one for the configured provider.
    public struct Status: Sendable, Equatable {
        public var providerURL: String?
        /// The source `ProviderKey` resolves first (a key file or the variable wins over the keyring).
        public var source: ProviderKey.Source
        /// Why no request can be made, when that is so (nothing configured, an unusable key).
        public var problem: String?
        /// True when the key is withheld because the provider's URL is plain http:// to another machine.
        public var keyWithheld: Bool = false
    }

    public let paths: DosePaths
    let queue: ServiceQueue

    public init(paths: DosePaths, queue: ServiceQueue = .app) {
        self.paths = paths
        self.queue = queue
    }

    public func store(_ key: String, done: @escaping @Sendable (Result<Status, ServiceFailure>) -> Void) {
        let (paths, timeout) = (paths, ProviderKeyring.defaultTimeout)
        queue.run({
            Result { () throws(ServiceFailure) in
                let url = try Self.providerURL(paths)
                let checked: String
                do throws(LearningError) { checked = try ProviderKey.validated(key, name: tr("the key")) } catch { throw ServiceFailure(error.message) }
                do throws(SecretError) { try ProviderKeyring.store(checked, providerURL: url, timeout: timeout) } catch { throw ServiceFailure(error.description) }
                return Self.wakeAndRead(paths)
            }
        }, done: done)
    }

    public func clear(done: @escaping @Sendable (Result<Status, ServiceFailure>) -> Void) {
        let paths = paths
        queue.run({
            Result { () throws(ServiceFailure) in
                let url = try Self.providerURL(paths)
                do throws(SecretError) { try ProviderKeyring.clear(providerURL: url) } catch { throw ServiceFailure(error.description) }
                return Self.wakeAndRead(paths)
            }
        }, done: done)
    }

    public func status(done: @escaping @Sendable (Status) -> Void) {
        let paths = paths
        queue.run({ Self.read(paths) }, done: done)
    }

    private static func providerURL(_ paths: DosePaths) throws(ServiceFailure) -> String {
        guard let url = try SettingsService.config(paths).providerURL else {
            throw ServiceFailure(tr("set the provider's URL first: a key is stored for one provider"))
        }
        return url
    }

    private static func wakeAndRead(_ paths: DosePaths) -> Status {
        WakeFile(paths: paths).touch(now: WallClock.now())
        return read(paths)
    }

    static func read(_ paths: DosePaths) -> Status {
        let snapshot = ProviderSnapshot.load(configPath: paths.configFile, keyring: KeyringLookup.providerKey)
        return Status(
            providerURL: snapshot.settings.url, source: snapshot.keySource, problem: snapshot.problem, keyWithheld: snapshot.keyWithheld)
    }
}
