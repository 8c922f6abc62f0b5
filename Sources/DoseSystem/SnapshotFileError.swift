import DoseCore

/// Why the snapshot could not be read.
public enum SnapshotFileError: Error, CustomStringConvertible, Sendable {
    case missing(String)
    case file(FileError)
    case invalid(String, SnapshotError)

    public var description: String {
        switch self {
        case .missing(let path):
            return "no snapshot at \(path): run `dose import PACK` or `dose sync` first"
        case .file(let error):
            return error.description
        case .invalid(let path, let error):
            return "snapshot \(path) is unreadable: \(error)"
        }
    }
}
