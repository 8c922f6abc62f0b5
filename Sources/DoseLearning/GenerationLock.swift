import Glibc

/// The machine-wide "one topic at a time" lock: `flock` on a file in the data directory.
///
/// `dose learn run` and the daemon both take it around each topic's generation, so they never
/// call the provider at once. The kernel drops it when the process dies, even by SIGKILL.
public struct GenerationLock: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Runs `body` holding the lock, waiting for another holder to finish first.
    public func withLock<T>(_ body: () throws(LearningError) -> T) throws(LearningError) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LearningError(.store, "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw LearningError(.store, "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}
