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

    /// Syncs from `source` (nil: the configured one) and returns what was recorded.
    public static func run(
        paths: DosePaths, source: String? = nil, progress: (Progress) -> Void = { _ in }
    ) -> Result<SyncRecord, CommandError> {
        let context = AppContext.live(paths: paths)
        let sync: Sync
        do throws(CommandError) { sync = try Sync(context: context, explicit: source) } catch {
            // Refused before it began (no source, a bad key): `apply` never ran to record it.
            SyncRecord(at: context.now, outcome: .failed, source: source.map { PackSource($0).description } ?? "", message: error.message)
                .save(paths)
            return .failure(error)
        }
        progress(.fetching(source: sync.source.description))
        let fetched = sync.fetch(with: BlockingHTTP())
        progress(.importing)
        do throws(CommandError) { try sync.apply(fetched) { progress(.report($0)) } } catch {
            return .failure(error)
        }
        return SyncRecord.load(paths: paths).map { .success($0) }
            ?? .failure(CommandError(tr("the sync's result could not be read back"), exitCode: .ioError))
    }
}
