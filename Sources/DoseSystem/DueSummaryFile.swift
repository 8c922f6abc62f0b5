import DoseCore

/// The due summary's file (`$XDG_STATE_HOME/daily-dose/due.json`), beside the snapshot: written atomically
/// by `dose` (`DueMirror`), read by the scheduler when it fires and by the dry run.
///
/// Reading never fails the notification: a missing file is no line, and an unreadable or malformed one is
/// a warning in the log and no line either. The snapshot's contract is left as it is.
public struct DueSummaryFile: Sendable {
    public let path: String
    /// More than any student's summary (a million due times); a larger file is refused, not read.
    static let sizeLimit = 16 << 20

    public init(path: String) {
        self.path = path
    }

    /// The summary, or nil when there is none (missing, not a regular file, unreadable, malformed).
    public func read() -> DueSummary? {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path, limit: Self.sizeLimit) } catch {
            if !error.isMissing { Log.warning(tr("{reason}; no line of due flashcards", ["reason": error])) }
            return nil
        }
        do { return try DueSummary.decode(bytes) } catch {
            Log.warning(tr("{path}: {reason}; no line of due flashcards", ["path": path, "reason": error]))
            return nil
        }
    }

    /// The file's bytes as they are, or nil when it cannot be read (a mirror compares before it writes).
    public func bytes() -> [UInt8]? {
        try? FileSystem.read(path, limit: Self.sizeLimit)
    }

    /// Replaces the file (temp, fsync, rename, fsync of the directory): a reader sees the old or the new.
    public func write(_ summary: DueSummary) throws(FileError) {
        try FileSystem.writeAtomically(summary.encoded(), to: path, mode: 0o644)
    }
}
