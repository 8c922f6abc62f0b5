import Glibc

/// A file operation that failed, with the path and the system's reason, told in the user's language
/// (the system's reason is glibc's `strerror`, which follows the locale too).
public struct FileError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        case system(errno: Int32)
        case tooLarge(limit: Int)
        /// What is there instead of a regular file: "a FIFO", "a character device", … (in the user's language).
        case notRegularFile(String)
        /// Why a file named for output is not written: the whole clause, in the user's language ("it is a directory").
        case refused(String)
    }

    /// What was being done: each has its own sentence, so a translation is never put together from pieces.
    public enum Operation: Sendable, Equatable {
        case read, write, writeDosePage, createDirectory, createTemporaryFileIn, createTemporaryFileFor, setPermissions
        case replace, remove, openLockFile, makeURI, lock, flush
    }

    public var operation: Operation
    public var path: String
    public var reason: Reason

    public init(_ operation: Operation, path: String, errno code: Int32) {
        self.operation = operation
        self.path = path
        self.reason = .system(errno: code)
    }

    public init(_ operation: Operation, path: String, reason: Reason) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// True when a lock could not be had because another holder kept it (`FileLock`'s timeout).
    public var isHeldElsewhere: Bool { reason == .system(errno: EWOULDBLOCK) }

    /// True when the file simply does not exist.
    public var isMissing: Bool { reason == .system(errno: ENOENT) }

    public var description: String {
        let why: String
        switch reason {
        case .system(let code): why = String(cString: strerror(code))
        case .tooLarge(let limit): why = tr("larger than {limit} bytes", ["limit": limit])
        case .notRegularFile(let kind): why = tr("it is {kind}, not a regular file", ["kind": kind])
        case .refused(let clause): why = clause
        }
        let values: KeyValuePairs<String, any CustomStringConvertible> = ["path": path, "reason": why]
        switch operation {
        case .read: return tr("cannot read {path}: {reason}", values)
        case .write: return tr("cannot write {path}: {reason}", values)
        case .writeDosePage: return tr("cannot write the dose page {path}: {reason}", values)
        case .createDirectory: return tr("cannot create directory {path}: {reason}", values)
        case .createTemporaryFileIn: return tr("cannot create a temporary file in {path}: {reason}", values)
        case .createTemporaryFileFor: return tr("cannot create a temporary file for {path}: {reason}", values)
        case .setPermissions: return tr("cannot set permissions of {path}: {reason}", values)
        case .replace: return tr("cannot replace {path}: {reason}", values)
        case .remove: return tr("cannot remove {path}: {reason}", values)
        case .openLockFile: return tr("cannot open the lock file {path}: {reason}", values)
        case .makeURI: return tr("cannot make a URI of {path}: {reason}", values)
        case .lock: return tr("cannot lock {path}: {reason}", values)
        case .flush: return tr("cannot flush {path}: {reason}", values)
        }
    }
}
