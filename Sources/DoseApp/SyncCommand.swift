import DoseCore
import DoseStore
import DoseSystem

/// `dose sync [SOURCE]`: fetches the pack from the configured source and imports it.
///
/// Offline or failing, the cached pool stays and the snapshot is still mirrored.
struct SyncCommand {
    static let usage = "dose sync [SOURCE]"
    let context: AppContext

    func run(_ arguments: inout Arguments) async throws(CommandError) {
        let explicit = arguments.optionalPositional()
        try arguments.finish()
        let config = try context.loadConfig()
        guard let text = explicit ?? config.source else {
            throw CommandError(
                "no source: give one (`dose sync URL`) or set it (`dose config set source URL`)", exitCode: .config)
        }
        let source = PackSource(text)

        // The fetch happens before the store is touched; the pass (and its mirror) follows either way.
        var fetched: [UInt8]?
        var validators = PackFetcher.Validators()
        var fetchFailure: CommandError?
        let previous = try storedValidators(for: source)
        switch source {
        case .file(let path):
            do { fetched = try readPackFile(path) } catch { fetchFailure = error }
        case .web(let url):
            do {
                switch try await PackFetcher().fetch(url, validators: previous) {
                case .unchanged:
                    fetched = nil
                case .fetched(let bytes, let next):
                    fetched = bytes
                    validators = next
                }
            } catch {
                fetchFailure = error
            }
        }

        try PlanningPass(context: context).run { store throws(CommandError) in
            if let fetchFailure { throw fetchFailure }
            guard let bytes = fetched else {
                print("\(source): unchanged since the last sync.")
                return
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
            print("Synced \(poolSummary(items)) from \(source).")
        }
    }

    /// The validators of the last successful sync, only when it was from the same source.
    private func storedValidators(for source: PackSource) throws(CommandError) -> PackFetcher.Validators {
        let store = try openStore(context.paths)
        do {
            guard try store.meta("sync.source") == source.description else { return .init() }
            return .init(etag: try store.meta("sync.etag"), lastModified: try store.meta("sync.last-modified"))
        } catch {
            throw CommandError("cannot read the store: \(error)", exitCode: .ioError)
        }
    }
}
