import Glibc

/// Whether standard error is the journal's stream, as sd-daemon(3) tells it: systemd sets
/// `JOURNAL_STREAM` to `DEVICE:INODE` of the stream it connected, and only when standard error is
/// still that file (not redirected by a shell, not inherited by a child writing elsewhere) do
/// priority prefixes belong there.
public enum JournalStream {
    /// True when `value` (the variable, `DEVICE:INODE` in decimal) names this device and inode.
    public static func matches(_ value: String?, device: UInt64, inode: UInt64) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let wantedDevice = UInt64(parts[0]), let wantedInode = UInt64(parts[1]) else {
            return false
        }
        return wantedDevice == device && wantedInode == inode
    }

    /// True when this process's standard error is the stream `JOURNAL_STREAM` names.
    public static func isStandardError() -> Bool {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return matches(Environment.value("JOURNAL_STREAM"), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
