import DoseCore

/// The due summary's file (`$XDG_STATE_HOME/daily-dose/due.json`), beside the snapshot: written atomically
/// by `dose` (`DueMirror`), read by the scheduler when it fires and by the dry run.
///
/// Reading never fails the notification: a missing, unreadable, malformed or stale file is no line (the last
/// three a warning in the log, and a note in the dry run). The snapshot's contract is left as it is.
public struct DueSummaryFile: Sendable {
    public let path: String
    /// More than any student's summary (a million due times); a larger file is refused, not read.
    static let sizeLimit = 16 << 20

    /// What reading the file found.
    public enum Reading: Sendable, Equatable {
        case summary(DueSummary)
        /// No file: nothing studied yet in this home (or learning never used).
        case missing
        /// A file that cannot be read or is not a due summary this build reads: why, naming the file.
        case unusable(String)
        /// A summary of a store that is no longer there (its file removed): its cards cannot be studied.
        case stale(String)

        /// The summary to count with, if the file gave one.
        public var summary: DueSummary? {
            if case .summary(let summary) = self { summary } else { nil }
        }

        /// Why there is no line, for the dry run and the log; nil for a summary or no file.
        public var problem: String? {
            switch self {
            case .summary, .missing: nil
            case .unusable(let reason), .stale(let reason): reason
            }
        }
    }

    public init(path: String) {
        self.path = path
    }

    /// Reads the file for the store at `storePath`, whose summary it must be: a summary left behind a store
    /// that was removed is stale (the scheduler cannot read the store; it can see that it is gone).
    public func load(storePath: String) -> Reading {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path, limit: Self.sizeLimit) } catch {
            return error.isMissing ? .missing : .unusable("\(error)")
        }
        let summary: DueSummary
        do { summary = try DueSummary.decode(bytes) } catch {
            return .unusable("\(path): \(error)")
        }
        guard FileSystem.exists(storePath) else {
            // TRANSLATORS: the due summary was written for a learning store that has since been removed.
            return .stale(tr("{path} summarises the learning store {store}, which is no longer there", ["path": path, "store": storePath]))
        }
        return .summary(summary)
    }

    /// `load(storePath:)`'s summary, a problem logged as a warning (the notification goes out without the line).
    public func read(storePath: String) -> DueSummary? {
        let reading = load(storePath: storePath)
        // TRANSLATORS: {reason} says why the due summary cannot be used; the notification is shown without it.
        if let problem = reading.problem { Log.warning(tr("{reason}; no line of due flashcards", ["reason": problem])) }
        return reading.summary
    }

    /// The file's bytes as they are, or nil when it cannot be read (a mirror compares before it writes).
    public func bytes() -> [UInt8]? {
        try? FileSystem.read(path, limit: Self.sizeLimit)
    }

    /// Replaces the file (temp, fsync, rename, fsync of the directory): a reader sees the old or the new.
    public func write(_ summary: DueSummary) throws(FileError) {
        try FileSystem.writeAtomically(summary.encoded(), to: path, mode: 0o644)
    }

    /// Removes the file (a mirror that could not write it: no line is better than a wrong one).
    public func remove() throws(FileError) {
        try FileSystem.remove(path)
    }
}
