import DoseCore
import DoseSystem

/// The `dose-notify` command line: the scheduler, its dry run and a manual fire, from one table.
///
/// To add a command: declare a `CommandSpec` below and list it in `table.commands` (see `DoseCommandTable.swift`).
public enum NotifyCLI {
    public static let version = "0.1.0"

    /// Runs one invocation; returns the exit status.
    public static func run(_ argv: [String]) -> Int32 {
        table.run(argv)
    }

    static let table: CommandTable = CommandTable(
        program: "dose-notify", version: version,
        summary: trLater("The Daily Dose scheduler: one notification every morning, from the snapshot alone."),
        commands: [runCommand, fireCommand, dryRunCommand],
        footer: trLater("""
            Files: $XDG_STATE_HOME/daily-dose/snapshot.json (read), $XDG_CONFIG_HOME/daily-dose/config.ini (read),
                   $XDG_STATE_HOME/daily-dose/last-fired (the scheduler's own stamp),
                   $XDG_RUNTIME_DIR/daily-dose/notification.json (the notification on screen, for a restart)
            Exit status: 0 ok, 1 no dose, 64 usage, 65 bad snapshot, 66 no snapshot or item, 69 unavailable,
                         70 internal error, 71 OS error, 74 I/O error.
            See dose-notify(1) and `dose-notify COMMAND --help`.
            """),
        manual: "dose-notify(1)")

    static let runCommand: CommandSpec = CommandSpec(
        "run", summary: trLater("the long-running scheduler (the user service)"),
        details: trLater("""
            The long-running scheduler (the user service dose-notify.service): shows today's notification
            once, at notify-time or late if the machine was off then, and plans again whenever the
            snapshot, the config, the time zone or the clock changes. Logs go to the journal.
            """),
        run: { arguments throws(CommandError) in try RunCommand(paths: .fromEnvironment()).run(&arguments) })

    static let fireCommand: CommandSpec = CommandSpec(
        "fire", summary: trLater("show a notification now and handle its click"),
        details: trLater("""
            Shows today's notification now (or the item ID's) and waits to handle its click until it is
            clicked, closes, or SECONDS pass (600 by default: some servers never report it closed).
            """),
        options: [OptionSpec.id.helping(trLater("notify this item instead of today's")), .wait],
        run: { arguments throws(CommandError) in try FireCommand(paths: .fromEnvironment()).run(&arguments) })

    static let dryRunCommand: CommandSpec = CommandSpec(
        "dry-run", summary: trLater("print the next notification without showing it"),
        details: trLater("""
            Prints the next notification the scheduler would arm, from the snapshot alone, without
            showing it and without touching any file.
            """),
        options: [
            OptionSpec.date.helping(trLater("the notification of this day instead of the next one due")),
            OptionSpec.days.helping(trLater("N consecutive days (1 to 100000)")), .id,
            OptionSpec.json.helping(trLater("one JSON object per notification")),
        ],
        flagAlias: "--dry-run",
        run: { arguments throws(CommandError) in
            try DryRunCommand(paths: .fromEnvironment(), now: WallClock.now(), zone: SystemZone.current()).run(&arguments)
        })
}

extension OptionSpec {
    static let id = OptionSpec("--id", value: "ID", kind: .itemID, help: trLater("preview this item instead of the day's"))
    static let wait = OptionSpec(
        "--wait", value: "SECONDS", kind: .count, help: trLater("wait at most SECONDS for a click (1 to 100000; 600)"))
}
