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
        let icon = ExecutablePath.prefix(of: executable) + "/" + relativePath
        return exists(icon) ? icon : AppIdentity.applicationID
    }

    /// The `image-path` value for this process, worked out once.
    static let current = imagePath(executable: ExecutablePath.current())
}
