/// Each `dose` command's own `--help` (`dose import --help`, `dose help import`): usage, what it does, options.
///
/// The manual page dose(1) says the same at more length; keep the two in step.
enum CommandHelp {
    /// The help of one command, or nil for a name that is not a command.
    static func text(for command: String) -> String? {
        switch command {
        case "import":
            return page(ImportCommand.usage, """
                Validates the content pack PACK (a file) and, only if it has no problem at all, replaces the
                pool with its items in one transaction, then refreshes the snapshot the scheduler reads.
                Every problem is listed with its item and field (exit 65), and nothing is changed. PACK may
                be a pipe (`dose import <(…)`). While another process writes to the store, it waits up to
                5 s, then exits 75 with nothing changed.

                Options:
                  --pubkey KEY        first check the minisign signature PACK.minisig with this public key
                                      (the base64 line of a minisign .pub file): a missing, malformed or bad
                                      signature is exit 65 and nothing is changed; the trusted comment is shown
                """)
        case "sync":
            return page(SyncCommand.usage, """
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
                """)
        case "validate":
            return page(ValidateCommand.usage, """
                Checks the content pack PACK and lists every problem with its item and field, touching
                nothing. Exit status 0 for a valid pack, 65 for a pack with problems, 66 when PACK is missing.

                Options:
                  --pubkey KEY        also check the minisign signature PACK.minisig with this public key
                                      (missing or bad: exit 65); the trusted comment is shown
                  --preview           print each item's notification (its id, then the summary and
                                      body as plain text) before publishing; a valid pack only
                """)
        case "config":
            return page(ConfigCommand.usage, """
                Shows or changes the settings both dose and dose-notify read. With no action, or `list`,
                prints every setting that is set (and the defaults of notify-time and sync-timeout). A change refreshes the snapshot.
                `list --branches` prints the branches the pool's items carry instead; `set branch` warns about
                a branch no item carries.

                Keys:
                  branch              two capital letters (CS, EE, ME, …); doses tagged for it, plus untagged ones
                  notify-time         the morning notification's local time, HH:MM or H:MM (default 08:00)
                  source              the pack `dose sync` fetches: a file path or an http(s) URL
                  source.pubkey       a minisign public key (base64): `dose sync` then accepts only packs it signed
                  sync-timeout        seconds a sync's download may take in all, 1 to 3600 (default 60)
                  provider.url        the AI provider's http(s) URL (learning queue)
                  provider.model      the provider's model name
                  provider.key-file   absolute path of a file holding the provider's API key
                """)
        case "today":
            return page(TodayCommand.usage, """
                Prints the day's dose for the configured branch. A question's answer and explanation are
                kept back: --answer prints them, and at a terminal Enter reveals them. Never waits for
                input when standard input or output is not a terminal.

                Options:
                  --date YYYY-MM-DD   start at this day instead of today
                  --days N            print N consecutive days (1 to 100000)
                  --branch CODE       for this branch instead of the configured one
                  --all               ignore branches: resolve over the whole pool (not with --branch)
                  --answer            print a question's answer and explanation at once
                  --json              JSON Lines: one object per day, every field (answer included)
                """)
        case "calendar":
            return page(CalendarCommand.usage, """
                Lists the coming doses, one line each: weekday, date, kind and title, never an answer.
                Each line is the dose the scheduler (dose-notify) shows that day.

                Options:
                  --from YYYY-MM-DD   start at this day instead of today
                  --days N            list N days (1 to 100000; default 7)
                  --branch CODE       for this branch instead of the configured one
                  --all               ignore branches: resolve over the whole pool (not with --branch)
                """)
        case "list":
            return page(ListCommand.usage, """
                Lists the pool's items, one line each: id, kind and title, never an answer.

                Options:
                  --kind KIND         only facts, formulas or questions
                  --branch CODE       only what this branch is shown (its items and the untagged ones)
                  --json              JSON Lines: one object per item, without answer and explanation
                """)
        case "search":
            return page(SearchCommand.usage, """
                Lists the items whose id, title or text holds TEXT, ignoring case and accents (ampere
                finds Ampère), one line each as `dose list` prints them. Answers and explanations are
                neither searched nor shown. Exit status 1 when nothing matches.
                """)
        case "show":
            return page(ShowCommand.usage, """
                Prints the dose with the id ID, searched in the whole pool (every branch). CODE is the
                short code a notification prints when the desktop's notifications have no buttons.

                Options:
                  --json              print it as one JSON object
                """)
        case "open":
            return page(OpenCommand.usage, """
                Writes the dose page (mathematics rendered with KaTeX) for ID (or CODE), or for today's dose, and
                opens it with the desktop's default handler for web pages. There is one page, replaced by
                each open, in the session's private runtime directory.

                Options:
                  --print-path        print the path of the page written
                  --no-launch         write the page but do not open it
                """)
        case "learn":
            return page("""
                dose learn tick SUBJECT TOPIC
                       dose learn untick SUBJECT TOPIC
                       dose learn list [--json]
                       dose learn deck SUBJECT TOPIC
                       dose learn quiz SUBJECT TOPIC [--interactive]
                       dose learn run
                """, """
                The learning queue: tick the topics a course has covered; a flashcard deck and a quiz are
                generated for each by the configured AI provider (provider.url, provider.model,
                provider.key-file or DOSE_PROVIDER_KEY), in the background by `dose daemon`.

                Actions:
                  tick SUBJECT TOPIC     mark a topic covered and queue its deck and quiz
                  untick SUBJECT TOPIC   remove a topic (and anything pending for it)
                  list [--json]          every ticked topic and the state of its deck and quiz
                  deck SUBJECT TOPIC     print a topic's flashcards
                  quiz SUBJECT TOPIC     print a topic's quiz; --interactive asks the questions
                  run                    work the queue now, in the foreground, until it is empty
                """)
        case "daemon":
            return page("dose daemon", """
                The app's background half, run as the user service dose-daemon.service (or by its XDG
                autostart entry): works the learning queue and runs a planning pass (a sync of the configured
                source, then the snapshot) every six hours. Wakes on a tick, the network returning, or a change
                of the config or key file. One per user: a second one exits at once. Logs go to the journal.
                """)
        case "help":
            return page("dose help [COMMAND]", "Prints the help of dose, or of one command (the same as `dose COMMAND --help`).")
        default:
            return nil
        }
    }

    private static func page(_ usage: String, _ description: String) -> String {
        "Usage: \(usage)\n\n\(description)\n\nSee dose(1) for files, environment and exit statuses."
    }
}
