import DoseCore
import DoseSystem

/// `dose`'s command line, declared once: parsing, `--help`, usage errors, suggestions and the shell
/// completions (packaging/completions, generated) all come from this table.
///
/// To add a command: declare a `CommandSpec` here (name, summary, details, positionals, options, its run
/// function) and list it in `commands`; read its options in the run function by their declaration
/// (`arguments.flag(.json)`, `arguments.dayCount(.days)`). Then regenerate the completions
/// (`UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests`) and name the command and its options
/// in packaging/man/dose.1.scd (`ManualTests` checks).
extension DoseCLI {
    static let table: CommandTable = CommandTable(
        program: "dose", version: version,
        summary: trLater("Daily Dose: one engineering fact, formula or question a day."),
        commands: [
            importCommand, syncCommand, validateCommand, configCommand, todayCommand, calendarCommand, listCommand,
            searchCommand, showCommand, openCommand,
            learnCommand, daemonCommand, helpCommand, completionsCommand,
        ],
        footer: trLater("""
            Files: $XDG_DATA_HOME/daily-dose/dose.sqlite3, $XDG_CONFIG_HOME/daily-dose/config.ini,
                   $XDG_STATE_HOME/daily-dose/snapshot.json
            Exit status: 0 ok, 1 no dose, 64 usage, 65 bad data, 66 no such input, 69 unavailable,
                         70 internal error, 71 OS error, 73 cannot create, 74 I/O error, 75 try again later,
                         78 config error.
            See dose(1) and `dose COMMAND --help`.
            """),
        manual: "dose(1)",
        configKeys: ConfigKey.allCases)

    static let importCommand: CommandSpec = CommandSpec(
        "import", summary: trLater("validate a content pack and replace the pool with it"),
        details: trLater("""
            Validates the content pack PACK (a file) and, only if it has no problem at all, replaces the
            pool with its items in one transaction, then refreshes the snapshot the scheduler reads.
            Every problem is listed with its item and field (exit 65), and nothing is changed. PACK may
            be a pipe (`dose import <(…)`). While another process writes to the store, it waits up to
            5 s, then exits 75 with nothing changed.
            """),
        positionals: [PositionalSpec("PACK", kind: .file)], options: [.pubkey],
        run: { arguments throws(CommandError) in try ImportCommand(context: .live()).run(&arguments) })

    static let syncCommand: CommandSpec = CommandSpec(
        "sync", summary: trLater("fetch the configured (or given) pack and import it"),
        details: trLater("""
            Fetches the pack from SOURCE (a file path or an http:// or https:// URL), or from the
            configured `source` when none is given, and imports it like `dose import`. Web sources use
            a conditional GET (ETag, Last-Modified); the whole download, redirects included, must end
            within `sync-timeout` seconds (default 60), and a pack may not pass 64 MiB. Offline or
            failing, the cached pool stays, the snapshot is still refreshed and the exit status tells
            what went wrong: 69 unavailable, 75 too slow (try again later), 65 too large or a refused
            redirect.

            With `source.pubkey` set, the pack must be signed with minisign: SOURCE.minisig is fetched
            too (a conditional GET of its own) and checked before anything is imported. An unsigned
            pack (no .minisig), a bad signature or a changed pack is exit 65 and nothing is changed;
            a good one prints its trusted comment.
            """),
        positionals: [PositionalSpec("SOURCE", kind: .file, optional: true)],
        run: { arguments throws(CommandError) in try SyncCommand(context: .live()).run(&arguments) })

    static let validateCommand: CommandSpec = CommandSpec(
        "validate", summary: trLater("check a content pack without touching anything"),
        details: trLater("""
            Checks the content pack PACK and lists every problem with its item and field, touching
            nothing. Exit status 0 for a valid pack, 65 for a pack with problems, 66 when PACK is missing.
            """),
        positionals: [PositionalSpec("PACK", kind: .file)],
        options: [
            OptionSpec.pubkey.helping(trLater("also check the minisign signature PACK.minisig with this public key (missing or bad: exit 65); the trusted comment is shown")),
            .preview,
        ],
        run: { arguments throws(CommandError) in try ValidateCommand().run(&arguments) })

    static let configCommand: CommandSpec = CommandSpec(
        "config", summary: trLater("show or change the settings"),
        details: trLater("""
            Shows or changes the settings both dose and dose-notify read. With no action, or `list`,
            prints every setting that is set (and the defaults of notify-time and sync-timeout). A change refreshes the snapshot.
            `list --branches` prints the branches the pool's items carry instead; `set branch` warns about
            a branch no item carries.
            """),
        actions: [
            CommandSpec("list", summary: trLater("print every setting"), options: [.branches], run: ConfigCommand.runner(ConfigCommand.list)),
            CommandSpec("get", summary: trLater("print one setting"), positionals: [PositionalSpec("KEY", kind: .configKey)],
                run: ConfigCommand.runner(ConfigCommand.get)),
            CommandSpec("set", summary: trLater("store one setting"),
                positionals: [PositionalSpec("KEY", kind: .configKey), PositionalSpec("VALUE", anyWord: true)],
                run: ConfigCommand.runner(ConfigCommand.set)),
            CommandSpec("unset", summary: trLater("remove one setting"), positionals: [PositionalSpec("KEY", kind: .configKey)],
                run: ConfigCommand.runner(ConfigCommand.unset)),
        ],
        defaultAction: "list")

    static let todayCommand: CommandSpec = CommandSpec(
        "today", summary: trLater("print the day's dose (a question's answer kept back)"),
        details: trLater("""
            Prints the day's dose for the configured branch. A question's answer and explanation are
            kept back: --answer prints them, and at a terminal Enter reveals them. Never waits for
            input when standard input or output is not a terminal.
            """),
        options: [.date, .days, .branch, .all, .answer, OptionSpec.json.helping(trLater("JSON Lines: one object per day, every field (answer included)"))],
        exclusive: [[OptionSpec.branch.name, OptionSpec.all.name]],
        run: { arguments throws(CommandError) in try TodayCommand(context: .live()).run(&arguments) })

    static let calendarCommand: CommandSpec = CommandSpec(
        "calendar", summary: trLater("list the coming doses, one line each, never an answer"),
        details: trLater("""
            Lists the coming doses, one line each: weekday, date, kind and title, never an answer.
            Each line is the dose the scheduler (dose-notify) shows that day.
            """),
        options: [.from, OptionSpec.days.helping(trLater("list N days (1 to 100000; default 7)")), .branch, .all],
        exclusive: [[OptionSpec.branch.name, OptionSpec.all.name]],
        run: { arguments throws(CommandError) in try CalendarCommand(context: .live()).run(&arguments) })

    static let listCommand: CommandSpec = CommandSpec(
        "list", summary: trLater("list the pool's items, one line each, never an answer"),
        details: trLater("Lists the pool's items, one line each: id, kind and title, never an answer. Exit status 1 when none matches."),
        options: [
            .kind, OptionSpec.branch.helping(trLater("only what this branch is shown (its items and the untagged ones)")),
            OptionSpec.json.helping(trLater("JSON Lines: one object per item, without answer and explanation")),
        ],
        run: { arguments throws(CommandError) in try ListCommand(context: .live()).run(&arguments) })

    static let searchCommand: CommandSpec = CommandSpec(
        "search", summary: trLater("find items by id, title or text, ignoring case and accents"),
        details: trLater("""
            Lists the items whose id, title or text holds TEXT, ignoring case and accents (ampere
            finds Ampère), one line each as `dose list` prints them. Answers and explanations are
            neither searched nor shown. Exit status 1 when nothing matches.
            """),
        positionals: [PositionalSpec("TEXT", anyWord: true)],
        run: { arguments throws(CommandError) in try SearchCommand(context: .live()).run(&arguments) })

    static let showCommand: CommandSpec = CommandSpec(
        "show", summary: trLater("print a dose by id"),
        details: trLater("""
            Prints the dose with the id ID, searched in the whole pool (every branch). CODE is the
            short code a notification prints when the desktop's notifications have no buttons.
            """),
        positionals: [PositionalSpec("ID|CODE", kind: .itemID)], options: [OptionSpec.json.helping(trLater("print it as one JSON object"))],
        run: { arguments throws(CommandError) in try ShowCommand(context: .live()).run(&arguments) })

    static let openCommand: CommandSpec = CommandSpec(
        "open", summary: trLater("open the dose page in the browser"),
        details: trLater("""
            Writes the dose page (mathematics rendered with KaTeX) for ID (or CODE), or for today's dose, and
            opens it with the desktop's default handler for web pages. There is one page, replaced by
            each open, in the session's private runtime directory.
            """),
        positionals: [PositionalSpec("ID|CODE", kind: .itemID, optional: true)], options: [.printPath, .noLaunch],
        run: { arguments throws(CommandError) in try OpenCommand(context: .live()).run(&arguments) })

    static let learnCommand: CommandSpec = CommandSpec(
        "learn", summary: trLater("the learning queue: decks and quizzes for covered topics"),
        details: trLater("""
            The learning queue: tick the topics a course has covered; a flashcard deck and a quiz are
            generated for each by the configured AI provider (provider.url, provider.model,
            provider.key-file or DOSE_PROVIDER_KEY), in the background by `dose daemon`.
            """),
        actions: [
            CommandSpec("tick", summary: trLater("mark a topic covered and queue its deck and quiz"), positionals: topic,
                run: LearnCommand.runner(LearnCommand.tick)),
            CommandSpec("untick", summary: trLater("remove a topic (and anything pending for it)"), positionals: topic,
                run: LearnCommand.runner(LearnCommand.untick)),
            CommandSpec("retry", summary: trLater("try a pending topic now: its backoff (and a pause) lifted, the daemon woken"),
                positionals: topic, run: LearnCommand.runner(LearnCommand.retry)),
            CommandSpec("list", summary: trLater("every ticked topic and the state of its deck and quiz"),
                options: [OptionSpec.json.helping(trLater("JSON Lines: one object per topic"))],
                run: LearnCommand.runner(LearnCommand.list)),
            CommandSpec("syllabus", summary: trLater("the pack's syllabus for a branch: subjects and topics to tick, with their states"),
                details: trLater("""
                    Lists the syllabus of the imported pack for the configured branch, by year and subject: each
                    topic the branch is offered (its subject's tags and its own admit the branch; untagged is for
                    every branch), ticked [x] with the state of its deck and quiz, or not [ ]. Tick one with
                    `dose learn tick SUBJECT TOPIC`, the names as listed; topics outside the syllabus can be ticked
                    too. Exit status 1 when there is nothing to list.
                    """),
                options: [
                    OptionSpec.branch.helping(trLater("for this branch instead of the configured one (common: the topics for every branch only)")),
                    OptionSpec.all.helping(trLater("every topic of the syllabus, whatever its branches (shown with its tags)")),
                    OptionSpec.json.helping(trLater("JSON Lines: one object per subject, with its topics")),
                ],
                exclusive: [[OptionSpec.branch.name, OptionSpec.all.name]],
                run: LearnCommand.runner(LearnCommand.syllabus)),
            CommandSpec("deck", summary: trLater("print a topic's flashcards"), positionals: topic,
                run: LearnCommand.runner(LearnCommand.deck)),
            CommandSpec("quiz", summary: trLater("print a topic's quiz; --interactive asks the questions"), positionals: topic,
                options: [.interactive, .history], run: LearnCommand.runner(LearnCommand.quiz)),
            CommandSpec("study", summary: trLater("study a topic's deck: today's cards one at a time, graded 1–4 (FSRS)"),
                details: trLater("""
                    In a terminal: a card's front, Enter shows its back, then 1 Again, 2 Hard, 3 Good or 4 Easy;
                    u takes back the last grade, q quits (every grade is saved at once). When standard input is
                    not a terminal, each line is a grade 1–4 for the next card (q quits), so a session can be
                    scripted; any other line stops with exit status 65.
                    """),
                positionals: topic, run: LearnCommand.runner(LearnCommand.study)),
            CommandSpec("due", summary: trLater("cards due and new, per topic and overall"),
                options: [OptionSpec.json.helping(trLater("one JSON document: topics (subject, topic, due, new, total) and totals"))],
                run: LearnCommand.runner(LearnCommand.due)),
            CommandSpec("export", summary: trLater("write a topic's deck for Anki (--anki FILE) or deck and quiz as Markdown"),
                details: trLater("""
                    --anki FILE writes tab-separated text Anki imports (File → Import): front, back and tags
                    (daily-dose, the subject, subject::topic). --markdown FILE writes the deck and the quiz
                    with its answers as Markdown. Either file is written whole or not at all.
                    """),
                positionals: topic, options: [.anki, .markdown], exclusive: [["--anki", "--markdown"]],
                run: LearnCommand.runner(LearnCommand.export)),
            CommandSpec("run", summary: trLater("work the queue now, in the foreground, until it is empty"),
                run: LearnCommand.runner(LearnCommand.runQueue)),
        ])

    private static let topic: [PositionalSpec] = [PositionalSpec("SUBJECT", kind: .subject), PositionalSpec("TOPIC", kind: .topic)]

    static let daemonCommand: CommandSpec = CommandSpec(
        "daemon", summary: trLater("the background half: learning queue and planning passes"),
        details: trLater("""
            The app's background half, run as the user service dose-daemon.service (or by its XDG
            autostart entry): works the learning queue and runs a planning pass (a sync of the configured
            source, then the snapshot) every six hours. Wakes on a tick, the network returning, or a change
            of the config or key file. One per user: a second one exits at once. Logs go to the journal.
            """),
        run: { arguments throws(CommandError) in try DaemonCommand(context: .live()).run(&arguments) })

    static let helpCommand: CommandSpec = CommandSpec(
        "help", summary: trLater("print the help of dose or of a command"),
        details: trLater("Prints the help of dose, or of one command (the same as `dose COMMAND --help`)."),
        positionals: [PositionalSpec("COMMAND", kind: .command, optional: true)],
        run: { arguments throws(CommandError) in try table.runHelp(&arguments) })

    /// Hidden: the values the shell completions offer that only the data knows (ids, subjects, topics).
    static let completionsCommand: CommandSpec = CommandSpec(
        "completions", summary: "print completion values", positionals: [PositionalSpec("KIND"), PositionalSpec("SUBJECT", optional: true)],
        hidden: true,
        run: { arguments throws(CommandError) in try CompletionValues(context: .live()).run(&arguments) })
}

extension OptionSpec {
    static let pubkey = OptionSpec(
        "--pubkey", value: "KEY",
        help: trLater("first check the minisign signature PACK.minisig with this public key (the base64 line of a minisign .pub file): a missing, malformed or bad signature is exit 65 and nothing is changed; the trusted comment is shown"))
    static let branch = OptionSpec(
        "--branch", value: "CODE", kind: .choice(["CS", "EE", "EC", "ME", "CE", "CH", Audience.commonOnlyWord]),
        help: trLater("for this branch instead of the configured one (common: the untagged doses only)"))
    static let all = OptionSpec("--all", help: trLater("ignore branches: resolve over the whole pool"))
    static let printPath = OptionSpec("--print-path", help: trLater("print the path of the page written"))
    static let noLaunch = OptionSpec("--no-launch", help: trLater("write the page but do not open it"))
    static let answer = OptionSpec("--answer", help: trLater("print a question's answer and explanation at once"))
    static let anki = OptionSpec("--anki", value: "FILE", kind: .file, help: trLater("write the deck as Anki's tab-separated import"))
    static let markdown = OptionSpec("--markdown", value: "FILE", kind: .file, help: trLater("write the deck and the quiz as Markdown"))
    static let from = OptionSpec("--from", value: "YYYY-MM-DD", kind: .date, help: trLater("start at this day instead of today"))
    static let kind = OptionSpec("--kind", value: "KIND", kind: .choice(["fact", "formula", "question"]), help: trLater("only facts, formulas or questions"))
    static let branches = OptionSpec("--branches", help: trLater("print the branches the pool's items carry (with counts), then the untagged count"))
    static let preview = OptionSpec(
        "--preview", help: trLater("print each item's notification (its id, then the summary and body as plain text) before publishing; a valid pack only"))
    static let interactive = OptionSpec("--interactive", short: "-i", help: trLater("ask the questions one by one"))
    static let history = OptionSpec("--history", help: trLater("print the topic's quiz scores, oldest first, with local dates"))
}
