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

extension DaemonInstanceLock {
    /// The process holding the lock at `path` now, or nil when none does (or the file does not exist).
    ///
    /// Read from the kernel's table of locks (`/proc/locks`: a `FLOCK` line naming the file's device and inode),
    /// never by trying the lock: a probe that held it for an instant would send a daemon starting at that moment
    /// away, believing another one ran. So the app can tell whether a daemon runs, and which, without touching it.
    public static func holder(of path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let device = UInt64(info.st_dev)
        // glibc's major()/minor() encoding, as the kernel prints it ("fe:00:16225257").
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let file = String(major, radix: 16).leftPadded(2) + ":" + String(minor, radix: 16).leftPadded(2) + ":\(info.st_ino)"
        for line in readLocks().split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 14582 fe:00:16225257 0 EOF"; a waiter's line has "->" after the number.
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", fields[5] == file, let pid = Int32(fields[4])
            else { continue }
            return pid
        }
        return nil
    }

    /// `/proc/locks` whole (its size reads as 0, so it is read to its end).
    private static func readLocks() -> String {
        let fd = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 16 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
