import Glibc

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        case system(errno: Int32)
        case tooLarge(limit: Int)
        /// What is there instead of a regular file: "a FIFO", "a character device", …
        case notRegularFile(String)
    }

    public var operation: String
    public var path: String
    public var reason: Reason

    public init(_ operation: String, path: String, errno code: Int32) {
        self.operation = operation
        self.path = path
        self.reason = .system(errno: code)
    }

    public init(_ operation: String, path: String, reason: Reason) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// True when a lock could not be had because another holder kept it (`FileLock`'s timeout).
    public var isHeldElsewhere: Bool { reason == .system(errno: EWOULDBLOCK) }

    /// True when the file simply does not exist.
    public var isMissing: Bool { reason == .system(errno: ENOENT) }

    public var description: String {
        switch reason {
        case .system(let code):
            return "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case .tooLarge(let limit):
            return "cannot \(operation) \(path): larger than \(limit) bytes"
        case .notRegularFile(let kind):
            return "cannot \(operation) \(path): it is \(kind), not a regular file"
        }
    }
}
