import DoseApp
import DoseLearning
import DoseSecret
import DoseSystem

/// The AI provider's key in Preferences: stored in, removed from and put back into the Secret Service for the
/// configured `provider.url`, and where the key in use comes from.
///
/// Usage (GLib thread; answers come back there):
///
///     let keys = ProviderKeyService(paths: .fromEnvironment())
///     keys.store(passwordRow.text) { result in … }     // .success(status) or a failure in the app's words
///     keys.remove { result in … }                      // .success((status, removed)): `removed` for an Undo
///     keys.store(removed.key, providerURL: removed.providerURL) { … }   // the Undo
///     keys.status { status in row.subtitle = status.keySaved ? "Key saved" : … }
///
/// After a store or removal it rewrites the wake file a running `dose daemon` watches, so the learning queue
/// looks at the provider again at once (docs/learning.md). The key is never logged or put in a message.
public struct ProviderKeyService: Sendable {
    /// Where the key in use comes from, and whether the keyring holds one for the configured provider.
    public struct Status: Sendable, Equatable {
        public var providerURL: String?
        /// The source `ProviderKey` resolves first (a key file or the variable wins over the keyring).
        public var source: ProviderKey.Source
        /// Why no request can be made, when that is so, in the command line's words (logs and tests).
        public var problem: String?
        /// Which kind of problem that is, which the app words its own way.
        public var problemKind: ProviderSnapshot.ProblemKind?
        /// True when the key is withheld because the provider's URL is plain http:// to another machine.
        public var keyWithheld: Bool
        /// The Secret Service holds a key for `providerURL` (used or not).
        public var keySaved: Bool

        public init(
            providerURL: String?, source: ProviderKey.Source, problem: String?, problemKind: ProviderSnapshot.ProblemKind? = nil,
            keyWithheld: Bool = false, keySaved: Bool = false
        ) {
            self.providerURL = providerURL
            self.source = source
            self.problem = problem
            self.problemKind = problemKind
            self.keyWithheld = keyWithheld
            self.keySaved = keySaved
        }
    }

    /// A key just removed, kept in memory only for its Undo.
    public struct Removed: Sendable {
        public var key: String
        public var providerURL: String
    }

    public let paths: DosePaths
    let queue: ServiceQueue

    public init(paths: DosePaths, queue: ServiceQueue = .app) {
        self.paths = paths
        self.queue = queue
    }

    /// Stores `key` for `providerURL` (nil: the configured one).
    public func store(_ key: String, providerURL: String? = nil, done: @escaping @Sendable (Result<Status, ServiceFailure>) -> Void) {
        let (paths, timeout) = (paths, ProviderKeyring.defaultTimeout)
        queue.run({
            Result { () throws(ServiceFailure) in
                let url: String
                if let providerURL { url = providerURL } else { url = try Self.providerURL(paths) }
                let checked: String
                do throws(LearningError) { checked = try ProviderKey.validated(key, name: tr("the key")) } catch {
                    throw ServiceFailure(tr("This key can't be saved: it holds a character a key never has."), detail: error.message)
                }
                do throws(SecretError) { try ProviderKeyring.store(checked, providerURL: url, timeout: timeout) } catch {
                    throw Self.keyringFailure(tr("The key couldn't be saved."), error)
                }
                return Self.wakeAndRead(paths)
            }
        }, done: done)
    }

    /// Removes the configured provider's key from the Secret Service, and gives it back for an Undo (nil when
    /// there was none).
    public func remove(done: @escaping @Sendable (Result<(status: Status, removed: Removed?), ServiceFailure>) -> Void) {
        let paths = paths
        queue.run({
            Result { () throws(ServiceFailure) in
                let url = try Self.providerURL(paths)
                let removed: Removed?
                do throws(SecretError) {
                    removed = try ProviderKeyring.lookup(providerURL: url).map { Removed(key: $0, providerURL: url) }
                    _ = try ProviderKeyring.clear(providerURL: url)
                } catch {
                    throw Self.keyringFailure(tr("The key couldn't be removed."), error)
                }
                return (Self.wakeAndRead(paths), removed)
            }
        }, done: done)
    }

    /// Removes the stored key for the configured provider (off the main loop); `done` gets the status after.
    /// The app offers no button for it yet: a key is replaced by saving another. Used by the tests to start clean.
    public func clear(done: @escaping @Sendable (Result<Status, ServiceFailure>) -> Void) {
        remove { done($0.map(\.status)) }
    }

    public func status(done: @escaping @Sendable (Status) -> Void) {
        let paths = paths
        queue.run({ Self.read(paths) }, done: done)
    }

    private static func providerURL(_ paths: DosePaths) throws(ServiceFailure) -> String {
        guard let url = try SettingsService.config(paths).providerURL else { throw ServiceFailure(tr("Add the provider's URL first: a key belongs to one provider.")) }
        return url
    }

    private static func keyringFailure(_ what: String, _ error: SecretError) -> ServiceFailure {
        let why = switch error.kind {
        case .unavailable: tr("No keyring is running.")
        case .timedOut: tr("The keyring didn't answer; is it locked?")
        case .failed: tr("The keyring refused.")
        }
        return ServiceFailure(what + " " + why, detail: error.description)
    }

    private static func wakeAndRead(_ paths: DosePaths) -> Status {
        WakeFile(paths: paths).touch(now: WallClock.now())
        return read(paths)
    }

    static func read(_ paths: DosePaths) -> Status {
        let snapshot = ProviderSnapshot.load(configPath: paths.configFile, keyring: KeyringLookup.providerKey)
        // The keyring asked itself: a key file or the variable in use leaves the one saved here unread.
        let saved = snapshot.keySource == .keyring || snapshot.settings.url.map { url in
            ((try? KeyringLookup.providerKey(url)) ?? nil) != nil
        } ?? false
        return Status(
            providerURL: snapshot.settings.url, source: snapshot.keySource, problem: snapshot.problem,
            problemKind: snapshot.problemKind, keyWithheld: snapshot.keyWithheld, keySaved: saved)
    }
}
