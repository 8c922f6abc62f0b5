import DoseCore

/// The scheduler's own note of the last local day it fired, so a restart never fires twice.
///
/// Bookkeeping of the scheduler only: it says nothing about what a student saw, and nothing else reads it.
public struct FiredStamp: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The last day fired, or nil when never (or when the stamp is unreadable — a FIFO or a device
    /// in its place is not read, and is logged: firing once more is better than never firing again).
    public func read() -> CivilDate? {
        let text: String
        do { text = try FileSystem.readText(path, limit: 64) } catch {
            if !error.isMissing { Log.warning(tr("{reason}; taking it as no day fired", ["reason": error])) }
            return nil
        }
        return CivilDate(iso: text.trimmingWhitespace())
    }

    public func write(_ day: CivilDate) throws(FileError) {
        try FileSystem.writeAtomically(day.description + "\n", to: path, mode: 0o644)
    }
}
