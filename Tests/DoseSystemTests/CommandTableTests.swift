import DoseTestSupport
import Synchronization
import Testing
@testable import DoseSystem

/// The table machinery on a small table of its own: dispatch, option checks, help, usages, suggestions.
@Suite(.timeLimit(.minutes(5)), .watched) struct CommandTableTests {
    /// What the run functions saw, for the dispatch checks.
    static let seen = Mutex<[String]>([])

    static let count = OptionSpec("--count", value: "N", kind: .count, help: "how many (1 to 100000)")
    static let loud = OptionSpec("--loud", short: "-l", help: "say it loudly")
    static let quiet = OptionSpec("--quiet", help: "say nothing")

    static let table = CommandTable(
        program: "tool", version: "9.9", summary: "A tool for tests.",
        commands: [
            CommandSpec("greet", summary: "greet someone", details: "Greets NAME.",
                positionals: [PositionalSpec("NAME")], options: [count, loud, quiet], exclusive: [["--loud", "--quiet"]],
                run: { arguments throws(CommandError) in
                    let loud = arguments.flag(CommandTableTests.loud)
                    let count = try arguments.dayCount(CommandTableTests.count) ?? 1
                    let name = try arguments.positional("NAME")
                    _ = arguments.flag(CommandTableTests.quiet)
                    try arguments.finish()
                    seen.withLock { $0.append("greet \(name) \(count) \(loud)") }
                }),
            CommandSpec("store", summary: "the store", actions: [
                CommandSpec("put", summary: "put a thing", positionals: [PositionalSpec("THING", anyWord: true)],
                    run: { arguments throws(CommandError) in
                        let thing = try arguments.value("THING")
                        try arguments.finish()
                        seen.withLock { $0.append("put \(thing)") }
                    }),
                CommandSpec("list", summary: "list things", run: { arguments throws(CommandError) in
                    try arguments.finish()
                    seen.withLock { $0.append("list") }
                }),
            ]),
            CommandSpec("shelf", summary: "the shelf", actions: [
                CommandSpec("show", summary: "show it", run: { _ throws(CommandError) in seen.withLock { $0.append("shelf show") } }),
            ], defaultAction: "show"),
            CommandSpec("secret", summary: "hidden", hidden: true, run: { _ throws(CommandError) in seen.withLock { $0.append("secret") } }),
        ],
        footer: "Exit status: 0 ok.", manual: "tool(1)")

    /// Runs the table on `words`; returns the usage error's message, or nil when it ran.
    func error(_ words: String...) -> CommandError? {
        do { try Self.table.dispatch(words) } catch { return error }
        return nil
    }

    func ran(_ words: String...) throws -> String? {
        Self.seen.withLock { $0.removeAll() }
        try Self.table.dispatch(words)
        return Self.seen.withLock { $0.last }
    }

    @Test func dispatchesCommandsAndActionsWithTheirOptions() throws {
        #expect(try ran("greet", "--count=3", "-l", "ada") == "greet ada 3 true")
        #expect(try ran("greet", "ada", "--count", "2") == "greet ada 2 false")
        #expect(try ran("store", "put", "box") == "put box")
        #expect(try ran("store", "put", "-1:00") == "put -1:00", "a value that starts with - is not an option")
        #expect(try ran("store", "put", "-x") == "put -x", "a positional that takes any word takes an option-like one")
        #expect(error("greet", "-x")?.message == "unknown option -x", "an ordinary positional does not")
        #expect(try ran("shelf") == "shelf show", "a bare command runs its default action")
        #expect(try ran("secret") == "secret", "hidden commands still run")
    }

    @Test func usageErrorsNameTheClosestWord() {
        #expect(error("gret")?.message == "unknown command gret; did you mean greet?")
        #expect(error("gret")?.exitCode == .usage)
        #expect(error("greet", "ada", "--cont", "2")?.message == "unknown option --cont; did you mean --count?")
        #expect(error("greet", "ada", "--lod")?.message == "unknown option --lod; did you mean --loud?")
        #expect(error("store", "lst")?.message == "unknown store action lst; did you mean list?")
        #expect(error("zzzzzz")?.message == "unknown command zzzzzz", "nothing close: no suggestion")
        #expect(error("greet", "ada", "--count", "0")?.message == "--count takes a whole number from 1 to 100000, not 0")
        #expect(error("greet", "ada", "--loud", "--quiet")?.message == "--loud and --quiet cannot be given together")
        #expect(error("--bogus")?.message == "unknown option --bogus")
        #expect(error("secrett")?.message == "unknown command secrett", "hidden commands are never suggested")
    }

    @Test func aBareProgramOrCommandShowsAMultiLineUsage() throws {
        let bare = try #require(error())
        #expect(bare.message == "missing command")
        #expect(bare.exitCode == .usage)
        let usage = try #require(bare.usage)
        #expect(usage.split(separator: "\n").count >= 5)
        #expect(usage.contains("\n  greet   greet someone\n"))
        #expect(!usage.contains("secret"))
        let missing = try #require(error("greet"))
        #expect(missing.message == "missing NAME")
        #expect(missing.usage?.hasPrefix("Usage: tool greet NAME [--count N] [--loud | --quiet]\n") == true, "a refused command line shows its usage")
        let action = try #require(error("store"))
        #expect(action.message == "missing store action")
        #expect(action.usage?.hasPrefix("Usage: tool store put THING\n       tool store list\n") == true)
    }

    @Test func helpIsRenderedFromTheDeclarations() {
        let greet = Self.table.help(forCommand: "greet")
        #expect(greet == """
            Usage: tool greet NAME [--count N] [--loud | --quiet]

            Greets NAME.

            Options:
              --count N           how many (1 to 100000)
              -l, --loud          say it loudly
              --quiet             say nothing

            See tool(1) for files, environment and exit statuses.
            """)
        #expect(Self.table.help(forCommand: "nothing") == nil)
        #expect(Self.table.help.contains("  tool shelf [show]\n"))
        #expect(Self.table.help.contains("  -h, --help          show this help"))
        #expect(!Self.table.help.contains("secret"))
    }

    @Test func suggestionsByEditDistance() {
        #expect(Suggestion.closest(to: "tody", among: ["today", "show", "open"]) == ["today"])
        #expect(Suggestion.closest(to: "tdoay", among: ["today"]) == ["today"], "a swap counts one")
        #expect(Suggestion.closest(to: "tod", among: ["today", "topic"]) == ["today"], "a prefix is close")
        #expect(Suggestion.closest(to: "xyz", among: ["today"]).isEmpty)
        #expect(Suggestion.closest(to: "-x", among: ["-h", "-i"]).isEmpty, "two characters: no guess")
        #expect(Suggestion.hint(for: "brnch", among: ["branch", "source"]) == "; did you mean branch?")
        #expect(Suggestion.hint(for: "lst", among: ["list", "last"]) == "; did you mean list or last?")
        #expect(Suggestion.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars), cutoff: 5) == 3)
    }
}
