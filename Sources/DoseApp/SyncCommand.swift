import DoseCore
import DoseHTTP
import DoseStore
import DoseSystem

/// `dose sync [SOURCE]`: fetches the pack from the configured source and imports it.
///
/// Offline or failing, the cached pool stays and the snapshot is still mirrored.
struct SyncCommand {
    static let usage = "dose sync [SOURCE]"
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let explicit = arguments.optionalPositional()
        try arguments.finish()
        let sync = try Sync(context: context, explicit: explicit)
        // A command has nothing else to do meanwhile: the blocking driver sleeps in poll(2).
        try sync.apply(sync.fetch(with: BlockingHTTP()))
    }
}

/// One sync, in its three steps: where from (and what the last sync left), the fetch, and the
/// planning pass that imports what was fetched.
///
/// The daemon runs the fetch on its GLib loop (`request` + `outcome`) and only the pass on its
/// jobs queue, so a stalled server never holds the queue.
struct Sync: Sendable {
    typealias Fetched = Result<PackFetcher.Outcome, CommandError>

    let context: AppContext
    let source: PackSource
    let fetcher: PackFetcher
    /// The validators of the last successful sync, only when it was from the same source.
    let previous: PackFetcher.Validators

    /// Reads the config and the store's bookkeeping; touches nothing.
    init(context: AppContext, explicit: String?) throws(CommandError) {
        try self.init(context: context, config: try context.loadConfig(), explicit: explicit)
    }

    /// The same with the config already read.
    init(context: AppContext, config: DoseConfig, explicit: String?) throws(CommandError) {
        guard let text = explicit ?? config.source else {
            throw CommandError(
                "no source: give one (`dose sync URL`) or set it (`dose config set source URL`)", exitCode: .config)
        }
        self.context = context
        source = PackSource(text)
        let store = try openStore(context.paths)
        // Only a web source downloads (the store made the data directory, the fallback).
        let directory: String
        if case .web = source { directory = PackFetcher.bodyDirectory(context.paths) } else { directory = context.paths.dataDirectory }
        fetcher = PackFetcher(deadlineSeconds: config.syncTimeout, bodyDirectory: directory)
        do {
            if try store.meta("sync.source") == source.description {
                previous = .init(etag: try store.meta("sync.etag"), lastModified: try store.meta("sync.last-modified"))
            } else {
                previous = .init()
            }
        } catch {
            throw CommandError("cannot read the store: \(error)", exitCode: .ioError)
        }
    }

    /// The HTTP request for a web source; nil for a file.
    var request: HTTPRequest? {
        guard case .web(let url) = source else { return nil }
        return fetcher.request(url, validators: previous)
    }

    /// What an exchange for `request` came to.
    func outcome(_ result: Result<HTTPResponse, HTTPError>) -> Fetched {
        guard case .web(let url) = source else { return .failure(CommandError("not a web source", exitCode: .software)) }
        do { return .success(try fetcher.outcome(result, url: url)) } catch { return .failure(error) }
    }

    /// The fetch, blocking on `transport` for a web source.
    func fetch(with transport: any HTTPTransport) -> Fetched {
        switch source {
        case .file(let path):
            do { return .success(.fetched(bytes: try readPackFile(path), validators: .init())) } catch { return .failure(error) }
        case .web:
            return outcome(transport.send(request!))
        }
    }

    /// The planning pass: imports what was fetched, or keeps the pool; mirrors the snapshot either way.
    func apply(_ fetched: Fetched) throws(CommandError) {
        try PlanningPass(context: context).run { store throws(CommandError) in
            let bytes: [UInt8]
            let validators: PackFetcher.Validators
            switch fetched {
            case .failure(let failure):
                throw failure
            case .success(.unchanged):
                Console.print("\(source): unchanged since the last sync.")
                return
            case .success(.fetched(let fetchedBytes, let next)):
                bytes = fetchedBytes
                validators = next
            }
            let items = try validatedItems(bytes, origin: source.description)
            var meta: [String: String?] = [
                "sync.source": source.description, "sync.at": String(context.now),
                "sync.etag": validators.etag, "sync.last-modified": validators.lastModified,
            ]
            if case .file = source { meta["sync.etag"] = .some(nil) }
            do {
                try store.replacePool(with: items, meta: meta)
            } catch {
                throw CommandError("could not store the pool: \(error)", exitCode: .ioError)
            }
            Console.print("Synced \(poolSummary(items)) from \(source).")
        }
    }
}
