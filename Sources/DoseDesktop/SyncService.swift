import DoseApp
import DoseSystem

/// Preferences' "Sync now": the content sync off the GLib thread, its progress and result reported back there,
/// and the last result (kept in the state directory by every sync, so it survives a restart).
///
/// Usage (GLib thread):
///
///     let sync = SyncService(paths: .fromEnvironment())
///     if let last = sync.lastResult() { resultRow.subtitle = last.message }   // a small file read: fine on the loop
///     sync.syncNow(progress: { step in spinner.text = … }) { result in
///         // .success(record): record.outcome (.synced, .unchanged), record.items …
///         // .failure(error): error.message in the app's words; the pool is unchanged and the failure recorded too
///     }
public struct SyncService: Sendable {
    public let paths: DosePaths
    let queue: ServiceQueue

    public init(paths: DosePaths, queue: ServiceQueue = .app) {
        self.paths = paths
        self.queue = queue
    }

    /// Syncs from the configured source, or from `source` (the first-run page's URL).
    public func syncNow(
        source: String? = nil, progress: @escaping @Sendable (ContentSync.Progress) -> Void,
        done: @escaping @Sendable (Result<SyncRecord, ServiceFailure>) -> Void
    ) {
        let (paths, queue) = (paths, queue)
        queue.run({
            ContentSync.run(paths: paths, source: source) { step in queue.report { progress(step) } }
                .mapError { PreferencesText.failure($0) }
        }, done: done)
    }

    /// The last sync's result, whoever ran it, or nil when none has run.
    public func lastResult() -> SyncRecord? {
        SyncRecord.load(paths: paths)
    }
}
