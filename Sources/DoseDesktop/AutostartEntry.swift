import DoseSystem
import Glibc

/// One of Daily Dose's XDG autostart entries (the scheduler's, the daemon's), for desktops without a systemd user
/// manager: off is a copy of the system entry in `~/.config/autostart` with `Hidden=true` (the Desktop Application
/// Autostart spec's way to turn a system entry off for one user), on is that copy removed.
struct AutostartEntry {
    static let scheduler = "dose-notify-autostart.desktop"
    static let daemon = "dose-daemon-autostart.desktop"

    var fileName: String

    /// `$XDG_CONFIG_HOME`.
    var configHome: String
    /// `$XDG_CONFIG_DIRS` (default `/etc/xdg`), most important first.
    var configDirs: [String]

    static func fromEnvironment(_ paths: DosePaths, fileName: String) -> AutostartEntry {
        let dirs = (Environment.value("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return AutostartEntry(fileName: fileName, configHome: paths.configHome, configDirs: dirs.isEmpty ? ["/etc/xdg"] : dirs)
    }

    var userPath: String { configHome + "/autostart/" + fileName }

    /// The installed system entry (`make install`, the .deb), first found on `XDG_CONFIG_DIRS`.
    var systemPath: String? {
        configDirs.map { $0 + "/autostart/" + fileName }.first { FileSystem.exists($0) }
    }

    /// On when an entry exists and the user's copy (which overrides the system one) is not hidden.
    func isEnabled() -> Bool {
        if let text = try? FileSystem.readText(userPath) { return !Self.isHidden(text) }
        return systemPath != nil
    }

    /// The user turned the entry off (a hidden copy): the old morning-notification switch's "off", without systemd.
    var isHiddenByUser: Bool {
        (try? FileSystem.readText(userPath)).map(Self.isHidden) ?? false
    }

    func setEnabled(_ enabled: Bool) throws(ServiceFailure) {
        guard let systemPath else {
            throw ServiceFailure(tr(
                "the autostart entry {file} is not installed (in {directories})",
                ["file": fileName, "directories": configDirs.map { $0 + "/autostart" }.joined(separator: ", ")]))
        }
        do {
            if enabled {
                if FileSystem.exists(userPath) { try FileSystem.remove(userPath) }
            } else {
                let text = try FileSystem.readText(systemPath)
                try FileSystem.makeDirectories(configHome + "/autostart")
                try FileSystem.writeAtomically(Self.hidden(text), to: userPath, mode: 0o644)
            }
        } catch {
            throw ServiceFailure(tr("the autostart entry: {error}", ["error": "\(error)"]))
        }
    }

    /// `text` with `Hidden=true` as the first key of its `[Desktop Entry]` group (any other `Hidden=` dropped).
    static func hidden(_ text: String) -> String {
        var lines: [String] = []
        var inEntry = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("[") { inEntry = line == "[Desktop Entry]" }
            if inEntry, line.hasPrefix("Hidden=") || line.hasPrefix("Hidden ") { continue }
            lines.append(line)
            if line == "[Desktop Entry]" { lines.append("Hidden=true") }
        }
        return lines.joined(separator: "\n")
    }

    static func isHidden(_ text: String) -> Bool {
        var inEntry = false
        for line in text.split(separator: "\n").map({ $0.trimmingPrefix(" ") }) {
            if line.hasPrefix("[") { inEntry = line == "[Desktop Entry]" }
            if inEntry, line.replacing(" ", with: "") == "Hidden=true" { return true }
        }
        return false
    }
}
