import DoseCore

/// The scheduler's own note of the last local day it fired, so a restart never fires twice.
///
/// Bookkeeping of the scheduler only: it says nothing about what a student saw, and nothing else reads it.
public struct FiredStamp: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The last day fired, or nil when never (or when the stamp is unreadable: firing once more
    /// is better than never firing again).
    public func read() -> CivilDate? {
        guard let text = try? FileSystem.readText(path, limit: 64) else { return nil }
        return CivilDate(iso: text.trimmingWhitespace())
    }

    public func write(_ day: CivilDate) throws(FileError) {
        try FileSystem.writeAtomically(day.description + "\n", to: path, mode: 0o644)
    }
}
