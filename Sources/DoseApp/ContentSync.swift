import DoseHTTP
import DoseSystem

/// "Sync now" for the app: `dose sync`'s fetch and planning pass on the calling thread, with progress.
///
/// Blocking (the fetch sleeps in libcurl's poll within `sync-timeout`): DoseDesktop's `SyncService` runs it off
/// the GLib thread. Its outcome is recorded (`SyncRecord.load`) like every sync's.
public enum ContentSync {
    /// Where a running sync is.
    public enum Progress: Sendable, Equatable {
        /// Fetching from the source (as it may be shown).
        case fetching(source: String)
        /// Checking and importing what was fetched, then mirroring the snapshot.
        case importing
        /// A line the sync reported ("Synced 328 items …", "signature verified …").
        case report(String)
    }

    /// A sync that failed: the fact, and `dose sync`'s own message for it (logs, the command line).
    public struct Failure: Error, Sendable, Equatable {
        public var problem: SyncProblem
        public var message: String

        public init(_ problem: SyncProblem, message: String) {
            self.problem = problem
            self.message = message
        }
    }

    /// Syncs from `source` (nil: the configured one) and returns what was recorded.
    public static func run(
        paths: DosePaths, source: String? = nil, progress: (Progress) -> Void = { _ in }
    ) -> Result<SyncRecord, Failure> {
        let context = AppContext.live(paths: paths)
        let sync: Sync
        do throws(CommandError) { sync = try Sync(context: context, explicit: source) } catch {
            // Refused before it began (no source, a bad key): `apply` never ran to record it.
            let configured = source == nil ? (try? context.loadConfig())?.source : nil
            let noSource = source == nil && configured == nil && (try? context.loadConfig()) != nil
            let unsupported = (source ?? configured).flatMap(ConfigKey.unsupportedSourceScheme) != nil
            let problem = noSource ? SyncProblem.noSource : unsupported ? .unsupportedSource : SyncProblem(error.exitCode)
            SyncRecord(
                at: context.now, outcome: .failed, source: source.map { PackSource($0).description } ?? "", message: error.message,
                problem: problem
            ).save(paths)
            return .failure(Failure(problem, message: error.message))
        }
        progress(.fetching(source: sync.source.description))
        let fetched = sync.fetch(with: BlockingHTTP())
        progress(.importing)
        do throws(CommandError) { try sync.apply(fetched) { progress(.report($0)) } } catch {
            return .failure(Failure(SyncProblem(error.exitCode), message: error.message))
        }
        return SyncRecord.load(paths: paths).map { .success($0) }
            ?? .failure(Failure(.storage, message: tr("the sync's result could not be read back")))
    }
}
