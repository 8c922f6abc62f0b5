import DoseSystem

/// The `dose` command line: dispatches to one command and maps failures to sysexits codes.
public enum DoseCLI {
    public static let version = "0.1.0"

    static let help = """
        Usage: dose COMMAND [OPTIONS]

        Daily Dose: one engineering fact, formula or question a day.

        Commands:
          \(ImportCommand.usage)
          \(SyncCommand.usage)
          \(ValidateCommand.usage)
          \(ConfigCommand.usage)
          \(TodayCommand.usage)
          \(CalendarCommand.usage)
          \(ListCommand.usage)
          \(SearchCommand.usage)
          \(ShowCommand.usage)
          \(OpenCommand.usage)
          \(LearnCommand.usage)
          \(DaemonCommand.usage)

        Options:
          -h, --help     show this help (after a command: that command's help)
          --version      show the version

        Config keys: branch, notify-time, source, source.pubkey, sync-timeout, provider.url, provider.model, provider.key-file
        Files: $XDG_DATA_HOME/daily-dose/dose.sqlite3, $XDG_CONFIG_HOME/daily-dose/config.ini,
               $XDG_STATE_HOME/daily-dose/snapshot.json
        Exit status: 0 ok, 1 no dose, 64 usage, 65 bad data, 66 no such input, 69 unavailable,
                     70 internal error, 71 OS error, 73 cannot create, 74 I/O error, 75 try again later,
                     78 config error.
        See dose(1) and `dose COMMAND --help`.
        """

    /// Runs one invocation; returns the exit status.
    public static func run(_ argv: [String]) -> Int32 {
        var arguments = Arguments(Array(argv.dropFirst()))
        do {
            guard let command = arguments.optionalPositional() else {
                if arguments.flag("--version") {
                    Console.print("dose \(version)")
                    return ExitCode.ok.rawValue
                }
                if arguments.flag("-h", "--help") {
                    Console.print(help)
                    return ExitCode.ok.rawValue
                }
                try arguments.finish()
                throw CommandError.usage("missing command\n\n\(help)")
            }
            if arguments.flag("-h", "--help") {
                Console.print(CommandHelp.text(for: command) ?? help)
                return ExitCode.ok.rawValue
            }
            let context = AppContext.live()
            switch command {
            case "import": try ImportCommand(context: context).run(&arguments)
            case "sync": try SyncCommand(context: context).run(&arguments)
            case "validate": try ValidateCommand().run(&arguments)
            case "config": try ConfigCommand(context: context).run(&arguments)
            case "today": try TodayCommand(context: context).run(&arguments)
            case "calendar": try CalendarCommand(context: context).run(&arguments)
            case "list": try ListCommand(context: context).run(&arguments)
            case "search": try SearchCommand(context: context).run(&arguments)
            case "show": try ShowCommand(context: context).run(&arguments)
            case "open": try OpenCommand(context: context).run(&arguments)
            case "learn": try LearnCommand(context: context).run(&arguments)
            case "daemon": try DaemonCommand(context: context).run(&arguments)
            case "help":
                let topic = arguments.optionalPositional()
                try arguments.finish()
                guard let topic else {
                    Console.print(help)
                    break
                }
                guard let text = CommandHelp.text(for: topic) else {
                    throw CommandError.usage("unknown command \(topic); see `dose --help`")
                }
                Console.print(text)
            default:
                throw CommandError.usage("unknown command \(command); see `dose --help`")
            }
            return ExitCode.ok.rawValue
        } catch let error as CommandError {
            Log.write(error.exitCode == .failure ? .notice : .error, "dose: \(error.message)")
            return error.exitCode.rawValue
        } catch {
            Log.error("dose: \(error)")
            return ExitCode.software.rawValue
        }
    }
}
