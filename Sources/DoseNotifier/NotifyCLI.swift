import DoseCore
import DoseSystem

/// The `dose-notify` command line: the scheduler, its dry run and a manual fire.
public enum NotifyCLI {
    public static let version = "0.1.0"

    static let help = """
        Usage: dose-notify COMMAND [OPTIONS]

        The Daily Dose scheduler: one notification every morning, from the snapshot alone.

        Commands:
          \(RunCommand.usage)
          \(FireCommand.usage)
          \(DryRunCommand.usage)

        Options:
          -h, --help     show this help
          --version      show the version

        Files: $XDG_STATE_HOME/daily-dose/snapshot.json (read), $XDG_CONFIG_HOME/daily-dose/config.ini (read),
               $XDG_STATE_HOME/daily-dose/last-fired (the scheduler's own stamp)
        Exit status: 0 ok, 1 no dose, 64 usage, 65 bad snapshot, 66 no snapshot or item, 69 unavailable.
        """

    /// Runs one invocation; returns the exit status.
    public static func run(_ argv: [String]) -> Int32 {
        var arguments = Arguments(Array(argv.dropFirst()))
        do {
            if arguments.flag("--version") {
                print("dose-notify \(version)")
                return ExitCode.ok.rawValue
            }
            if arguments.flag("-h", "--help") {
                print(help)
                return ExitCode.ok.rawValue
            }
            let paths = DosePaths.fromEnvironment()
            if arguments.flag("--dry-run") {
                try DryRunCommand(paths: paths, now: WallClock.now(), zone: SystemZone.current()).run(&arguments)
                return ExitCode.ok.rawValue
            }
            guard let command = arguments.optionalPositional() else {
                throw CommandError.usage("missing command\n\n\(help)")
            }
            switch command {
            case "run":
                try RunCommand(paths: paths).run(&arguments)
            case "fire":
                try FireCommand(paths: paths).run(&arguments)
            case "dry-run":
                try DryRunCommand(paths: paths, now: WallClock.now(), zone: SystemZone.current()).run(&arguments)
            default:
                throw CommandError.usage("unknown command \(command); see `dose-notify --help`")
            }
            return ExitCode.ok.rawValue
        } catch let error as CommandError {
            Log.write(error.exitCode == .failure ? .notice : .error, "dose-notify: \(error.message)")
            return error.exitCode.rawValue
        } catch {
            Log.error("dose-notify: \(error)")
            return ExitCode.software.rawValue
        }
    }
}
