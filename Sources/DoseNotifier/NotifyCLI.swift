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
          -h, --help     show this help (after a command: that command's help)
          --version      show the version

        Files: $XDG_STATE_HOME/daily-dose/snapshot.json (read), $XDG_CONFIG_HOME/daily-dose/config.ini (read),
               $XDG_STATE_HOME/daily-dose/last-fired (the scheduler's own stamp)
        Exit status: 0 ok, 1 no dose, 64 usage, 65 bad snapshot, 66 no snapshot or item, 69 unavailable,
                     70 internal error, 71 OS error, 74 I/O error.
        See dose-notify(1) and `dose-notify COMMAND --help`.
        """

    /// One command's own help, or nil for a name that is not a command.
    static func commandHelp(_ command: String) -> String? {
        let text: String
        switch command {
        case "run":
            text = """
                Usage: \(RunCommand.usage)

                The long-running scheduler (the user service dose-notify.service): shows today's notification
                once, at notify-time or late if the machine was off then, and plans again whenever the
                snapshot, the config, the time zone or the clock changes. Logs go to the journal.
                """
        case "fire":
            text = """
                Usage: \(FireCommand.usage)

                Shows today's notification now (or the item ID's) and waits to handle its click until it closes.

                Options:
                  --id ID             notify this item instead of today's
                """
        case "dry-run", "--dry-run":
            text = """
                Usage: \(DryRunCommand.usage)

                Prints the next notification the scheduler would arm, from the snapshot alone, without
                showing it and without touching any file.

                Options:
                  --date YYYY-MM-DD   the notification of this day instead of the next one due
                  --days N            N consecutive days (1 to 100000)
                  --id ID             preview this item instead of the day's
                  --json              one JSON object per notification
                """
        default:
            return nil
        }
        return text + "\n\nSee dose-notify(1) for files and exit statuses."
    }

    /// Runs one invocation; returns the exit status.
    public static func run(_ argv: [String]) -> Int32 {
        var arguments = Arguments(Array(argv.dropFirst()))
        do {
            if arguments.flag("--version") {
                Console.print("dose-notify \(version)")
                return ExitCode.ok.rawValue
            }
            if arguments.flag("-h", "--help") {
                let command = arguments.flag("--dry-run") ? "dry-run" : arguments.optionalPositional()
                Console.print(command.flatMap(commandHelp) ?? help)
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
