import DoseHTTP
import DoseLearning
import DoseStore
import DoseSystem

/// Builds the learning worker from the app's context: real clock, real jitter, the HTTP client.
///
/// `DOSE_PROVIDER_TIMEOUT` and `DOSE_PROVIDER_CONNECT_TIMEOUT` (seconds) override the request
/// timeouts (120 s whole request, 15 s connect); tests use them to make a hanging server fail fast.
enum LearnSetup {
    /// - Parameter transport: blocking for `dose learn run`, the GLib loop's in the daemon.
    static func worker(
        _ context: AppContext, network: any NetworkStatus, transport: any HTTPTransport = BlockingHTTP(),
        progress: @escaping (String) -> Void
    ) -> LearningWorker {
        let total = seconds(Environment.value("DOSE_PROVIDER_TIMEOUT")) ?? 120
        let connect = seconds(Environment.value("DOSE_PROVIDER_CONNECT_TIMEOUT")).map { min($0, total) } ?? min(15, total)
        let paths = context.paths
        return LearningWorker(.init(
            databasePath: paths.database, lockPath: paths.dataDirectory + "/learn.lock",
            loadProvider: { ProviderSnapshot.load(configPath: paths.configFile, keyring: KeyringLookup.providerKey) },
            client: ChatCompletionsClient(transport: transport, connectTimeout: connect, totalTimeout: total),
            network: network, now: { WallClock.now() }, jitter: { Double.random(in: -1...1) },
            progress: progress, dueMirror: DueMirror(paths: paths)))
    }

    /// A timeout from the environment: a finite number of seconds, 0.1 to one day; anything else is ignored.
    private static func seconds(_ text: String?) -> Double? {
        guard let value = text.flatMap(Double.init), value.isFinite, (0.1...86_400).contains(value) else { return nil }
        return value
    }

    /// Opens the store's learning tables, after the check every command that opens the store makes:
    /// a snapshot that is not the store's pool is mirrored again (a warning if it cannot be), and so is a
    /// due summary that is not the store's (`openStore` attaches its mirror for the command's changes).
    static func store(_ context: AppContext) throws(CommandError) -> LearningStore {
        let pool = try openStore(context.paths)
        SnapshotMirror(context: context, store: pool).refreshIfStale()
        DueMirror(paths: context.paths).mirror(pool.database)
        return LearningStore(database: pool.database)
    }

    /// A validated subject and topic, or a usage error naming the field.
    static func topic(_ arguments: inout Arguments) throws(CommandError) -> TopicKey {
        let subject = try arguments.positional("SUBJECT")
        let topic = try arguments.positional("TOPIC")
        do { return try TopicKey(subject: subject, topic: topic) } catch { throw .usage(error.message) }
    }
}

extension LearnSetup {
    /// The topic in the spelling the store already has for it (`LearningStore.resolve`), else as typed.
    static func resolved(_ key: TopicKey, _ store: LearningStore) throws(CommandError) -> TopicKey {
        let (subject, topic) = try learnStoreCall { try store.resolve(subject: key.subject, topic: key.topic) }
        guard subject != key.subject || topic != key.topic else { return key }
        do { return try TopicKey(subject: subject, topic: topic) } catch { return key }
    }
}

/// Turns a store failure into a command error.
func learnStoreCall<T>(_ body: () throws -> T) throws(CommandError) -> T {
    do { return try body() } catch let error as CommandError { throw error } catch let error as StoreError {
        throw storeFailure(tr("the learning store"), error)
    } catch {
        throw CommandError(tr("the learning store: {error}", ["error": "\(error)"]), exitCode: .ioError)
    }
}
