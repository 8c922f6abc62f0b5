import DoseCore
import DoseStore
import DoseSystem

/// Keeps the due summary (`DosePaths.dueSummary`) the store's, for the scheduler, which reads no store.
///
/// Attached to a `Database` (`attach`), it runs after every store call that changes what is due — a grade
/// or an undo (`dose learn study`, the app's Study page), a tick or untick (`dose learn`, the Learn view), a
/// deck stored (`dose learn run`, the daemon) — whether the call committed or failed, so the file always
/// follows what the store holds, as the snapshot follows the pool. The read of the store and the rename
/// both happen holding `due.lock`, so of two processes mirroring at once the last to rename is the last
/// to have read. An unchanged summary writes nothing; a home with nothing to study gets no file.
public struct DueMirror: Sendable {
    public let file: DueSummaryFile
    public let lockPath: String
    /// How long a mirror waits for another (one takes milliseconds).
    static let lockTimeout = 5.0

    public init(paths: DosePaths) {
        file = DueSummaryFile(path: paths.dueSummary)
        lockPath = paths.dueSummaryLock
    }

    /// Mirrors after every change of review state made through `database`.
    public func attach(to database: Database) {
        database.onReviewStateChange = { database in self.mirror(database) }
    }

    /// Makes the file the store's summary now; a failure is logged and returned as false, and the file removed
    /// (the store keeps what was done; the morning goes without the line rather than with a stale one).
    @discardableResult
    public func mirror(_ database: Database) -> Bool {
        do {
            let lock = try FileLock(path: lockPath, timeout: Self.lockTimeout)
            defer { withExtendedLifetime(lock) {} }
            let summary = try StudyStore(database: database).dueSummary()
            let current = file.bytes()
            if current == nil, summary.topics.isEmpty { return true }
            if current != summary.encoded() { try file.write(summary) }
            return true
        } catch {
            // The old file would announce cards as they were before this change: no line is better than a
            // wrong one (an unlink works on a full disk too), until a later mirror writes it again.
            try? file.remove()
            let reason = error is FileError ? "\(error)" : tr("the learning store: {error}", ["error": "\(error)"])
            // TRANSLATORS: {reason} says why the summary of due flashcards could not be written.
            Log.warning(tr("the due flashcards for the morning notification: {reason}", ["reason": reason]))
            return false
        }
    }
}
