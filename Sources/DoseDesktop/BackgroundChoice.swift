import DoseSystem

/// The student's "Background work" choice, kept in `$XDG_CONFIG_HOME/daily-dose/background-work` ("on" or "off").
///
/// The switch's own record, apart from systemd's unit-file states: a disabled unit does not tell a student who
/// turned the work off from one who never had it on (a fresh install, the command line's setup), and only the
/// first must stay off when the app starts. Written atomically by the switch and the first-run page; no file
/// means no choice yet.
enum BackgroundChoice: String, Sendable, Equatable {
    case on
    case off

    static let fileName = "background-work"

    static func path(_ paths: DosePaths) -> String { paths.configDirectory + "/" + fileName }

    /// The recorded choice, or nil (none made, or a file that says neither).
    static func read(_ paths: DosePaths) -> BackgroundChoice? {
        guard let text = try? FileSystem.readText(path(paths), limit: 64) else { return nil }
        return BackgroundChoice(rawValue: text.trimmingSpaces)
    }

    static func write(_ choice: BackgroundChoice, _ paths: DosePaths) throws(ServiceFailure) {
        do { try FileSystem.writeAtomically(choice.rawValue + "\n", to: path(paths), mode: 0o644) } catch {
            throw ServiceFailure(tr("the background work choice cannot be saved: {error}", ["error": "\(error)"]))
        }
    }
}
