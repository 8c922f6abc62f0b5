import Glibc

/// Where the running binary is, so what it ships beside it (icon, translations) is found under its prefix.
public enum ExecutablePath {
    /// The running binary's path (`/proc/self/exe`), or nil when it cannot be read.
    public static func current() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        // A deleted binary (replaced by an upgrade while running) reads "PATH (deleted)".
        var path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }

    /// The prefix a binary at `executable` is installed under: `PREFIX/bin/dose` → `PREFIX` ("" for `/`).
    public static func prefix(of executable: String) -> String {
        let prefix = FileSystem.parentDirectory(of: FileSystem.parentDirectory(of: executable))
        return prefix == "/" ? "" : prefix
    }
}
