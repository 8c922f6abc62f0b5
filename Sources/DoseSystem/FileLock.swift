import Glibc

/// An exclusive `flock` on a lock file, held until the value goes (the kernel drops it when the
/// process dies, even by SIGKILL).
///
/// Not Sendable: the descriptor is this holder's.
public final class FileLock {
    private let descriptor: Int32

    /// Takes the lock on `path` (created 0600 if missing, with its directory), waiting up to
    /// `timeout` seconds for another holder; throws `EWOULDBLOCK` when it is still held then.
    public init(path: String, timeout: Double) throws(FileError) {
        try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
        // O_NOFOLLOW and O_NONBLOCK: a lock file is ours alone; a symlink or a FIFO there is refused, not followed or waited on.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw FileError(.openLockFile, path: path, errno: errno) }
        // A stopped holder must not stop every other command for ever: poll, up to the timeout.
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR, waited < timeout else {
                close(fd)
                throw FileError(.lock, path: path, errno: code)
            }
            usleep(10_000)
            waited += 0.01
        }
        descriptor = fd
    }

    deinit {
        // Closing the last descriptor of the open file releases the lock.
        close(descriptor)
    }
}

@available(*, unavailable, message: "a lock belongs to its holder")
extension FileLock: Sendable {}
