import DoseCore
import DoseSystem

/// What every command needs from the outside world, gathered once at the edge.
struct AppContext: Sendable {
    var paths: DosePaths
    /// The moment the command started; logic never reads the clock itself.
    var now: Int64
    var zone: any ZoneRules
    /// The directory a relative path typed on the command line is taken from (`dose config set source
    /// pack.json`); nil where nothing is typed relative to one (the app: a relative path is refused).
    var workingDirectory: String? = nil
    /// True in a process whose other threads write the store while a command's reader reads it (the
    /// app): readers then open it `Database.Access.readOnlyBesideWriters`.
    var readsBesideWriters = false

    static func live() -> AppContext {
        AppContext(paths: .fromEnvironment(), now: WallClock.now(), zone: SystemZone.current(),
                   workingDirectory: FileSystem.currentDirectory())
    }

    var configFile: ConfigFile { ConfigFile(path: paths.configFile) }

    /// The config, with any stored value that fails validation reported once on stderr.
    func loadConfig() throws(CommandError) -> DoseConfig {
        do {
            let (config, problems) = try configFile.load()
            for problem in problems { Log.warning(tr("{problem} (using the default)", ["problem": problem])) }
            return config
        } catch {
            throw CommandError(error.description, exitCode: .config)
        }
    }

    /// Today's civil date in the user's zone.
    var today: CivilDate { zone.civilDate(at: now) }
}
