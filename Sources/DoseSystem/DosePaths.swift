/// Where Daily Dose keeps its files, following the XDG Base Directory specification.
///
/// The variables are read directly (not through GLib's cached getters) so a test can point
/// a child process at a temporary home with plain environment variables.
public struct DosePaths: Sendable, Equatable {
    public static let appDirectory = "daily-dose"

    public var dataHome: String
    public var configHome: String
    public var stateHome: String
    public var cacheHome: String
    /// `$XDG_RUNTIME_DIR`, when the session has one, as set: not yet checked (`RuntimeDirectory` does).
    public var runtimeDirectory: String?
    /// `$TMPDIR` when absolute, else `/tmp`: where `RuntimeDirectory` falls back to.
    public var temporaryDirectory = "/tmp"

    public init(dataHome: String, configHome: String, stateHome: String, cacheHome: String, runtimeDirectory: String?) {
        self.dataHome = dataHome
        self.configHome = configHome
        self.stateHome = stateHome
        self.cacheHome = cacheHome
        self.runtimeDirectory = runtimeDirectory
    }

    /// The paths of the current environment; relative XDG values are ignored, as the spec demands.
    public static func fromEnvironment() -> DosePaths {
        let home = Environment.value("HOME") ?? "/"
        func xdg(_ name: String, _ fallback: String) -> String {
            if let value = Environment.value(name), value.hasPrefix("/") { return value }
            return home == "/" ? "/" + fallback : home + "/" + fallback
        }
        let runtime = Environment.value("XDG_RUNTIME_DIR").flatMap { $0.hasPrefix("/") ? $0 : nil }
        var paths = DosePaths(
            dataHome: xdg("XDG_DATA_HOME", ".local/share"),
            configHome: xdg("XDG_CONFIG_HOME", ".config"),
            stateHome: xdg("XDG_STATE_HOME", ".local/state"),
            cacheHome: xdg("XDG_CACHE_HOME", ".cache"),
            runtimeDirectory: runtime)
        if let temporary = Environment.value("TMPDIR"), temporary.hasPrefix("/"), temporary != "/" {
            paths.temporaryDirectory = temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        }
        return paths
    }

    public var dataDirectory: String { dataHome + "/" + Self.appDirectory }
    public var configDirectory: String { configHome + "/" + Self.appDirectory }
    public var stateDirectory: String { stateHome + "/" + Self.appDirectory }
    /// What may be thrown away at any time (a download's nameless temporary file).
    public var cacheDirectory: String { cacheHome + "/" + Self.appDirectory }

    /// The SQLite store (the app's alone).
    public var database: String { dataDirectory + "/dose.sqlite3" }
    /// The config key file, read by both processes, written by `dose config`.
    public var configFile: String { configDirectory + "/config.ini" }
    /// The snapshot the app mirrors and the scheduler reads.
    public var snapshot: String { stateDirectory + "/snapshot.json" }
    /// Held (`flock`) by `dose` from reading the store's pool to renaming the snapshot, so concurrent
    /// mirrors run one at a time and the last writes the last committed pool.
    public var snapshotLock: String { stateDirectory + "/snapshot.lock" }
    /// The due summary `dose` mirrors after every change of review state, for the scheduler's line of due
    /// flashcards (`DueSummaryFile`).
    public var dueSummary: String { stateDirectory + "/due.json" }
    /// Held (`flock`) by `dose` from reading the store's review state to renaming the due summary, so the
    /// last to rename is the last to have read.
    public var dueSummaryLock: String { stateDirectory + "/due.lock" }
    /// The app's window size and maximised state from its last run (`WindowState`).
    public var windowState: String { stateDirectory + "/window-state" }
    /// The scheduler's own bookkeeping: the last day it fired.
    public var firedStamp: String { stateDirectory + "/last-fired" }
    /// Where older versions left a page per opened dose when there was no runtime directory (it
    /// survived reboots); `PageOpener` empties and removes it.
    public var legacyPageDirectory: String { cacheDirectory + "/pages" }
}
