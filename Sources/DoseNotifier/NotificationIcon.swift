import DoseSystem
import Glibc

/// What the notification's `image-path` hint names: the icon file installed beside the program, else its name.
///
/// Servers look an icon name up in the icon theme, and dunst finds none under /usr/local or
/// ~/.local; a path is found wherever the icon was installed. The prefix is the one the running
/// binary sits under (`PREFIX/bin/dose-notify` → `PREFIX/share/icons/…`), where `make install` and
/// the .deb put the icon.
enum NotificationIcon {
    /// Where `make install` puts the icon, relative to the prefix.
    static let relativePath = "share/icons/hicolor/scalable/apps/\(AppIdentity.applicationID).svg"

    /// The `image-path` value for a binary at `executable`: the installed icon when `exists` says it
    /// is there, else the icon name.
    static func imagePath(executable: String?, exists: (String) -> Bool = FileSystem.exists) -> String {
        guard let executable, executable.hasPrefix("/") else { return AppIdentity.applicationID }
        let prefix = FileSystem.parentDirectory(of: FileSystem.parentDirectory(of: executable))
        let icon = (prefix == "/" ? "" : prefix) + "/" + relativePath
        return exists(icon) ? icon : AppIdentity.applicationID
    }

    /// The `image-path` value for this process, worked out once.
    static let current = imagePath(executable: executablePath())

    /// The running binary's path (`/proc/self/exe`), or nil when it cannot be read.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        // A deleted binary (replaced by an upgrade while running) reads "PATH (deleted)".
        var path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }
}
