import Glibc

/// One `dose daemon` per user: an `flock` held on a file in the data directory for the daemon's life.
///
/// The daemon can be started twice over (the systemd user unit and the XDG autostart entry on a
/// desktop that honours both); the second finds the lock taken and leaves. The kernel drops the lock
/// when the holder dies, even by SIGKILL, so a crash never leaves a stale one.
public final class DaemonInstanceLock {
    public let path: String
    private let fd: Int32

    /// The lock, or nil when another process holds it.
    public init?(path: String) throws(LearningError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LearningError(.store, "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw LearningError(.store, "cannot lock \(path): \(String(cString: strerror(code)))")
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }
}
