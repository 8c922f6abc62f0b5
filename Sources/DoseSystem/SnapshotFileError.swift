import DoseCore

/// Why the snapshot could not be read.
public enum SnapshotFileError: Error, CustomStringConvertible, Sendable {
    case missing(String)
    case file(FileError)
    case invalid(String, SnapshotError)

    public var description: String {
        switch self {
        case .missing(let path):
            return "no snapshot at \(path): the pool is empty; open Daily Dose to import the sample pack or a source, or run `dose import PACK` or `dose sync` first"
        case .file(let error):
            return error.description
        case .invalid(let path, let error):
            // The snapshot's own diagnosis stays English: it is our file, and its words are for a bug report.
            return tr("snapshot {path} is unreadable: {reason}", ["path": path, "reason": error])
        }
    }

    /// The failure as a command reports it: missing is no input (66), unreadable an I/O error (74),
    /// invalid bad data (65).
    public var commandError: CommandError {
        switch self {
        case .missing: CommandError(description, exitCode: .noInput)
        case .file: CommandError(description, exitCode: .ioError)
        case .invalid: CommandError(description, exitCode: .dataError)
        }
    }
}
