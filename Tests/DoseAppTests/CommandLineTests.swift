import DoseCore
import DoseTestSupport
import Foundation
import Testing

/// `dose` and `dose-notify` as a person meets them: usages on several lines, "did you mean" for commands,
/// options, config keys, ids and topics, and every command's help from the table.
@Suite(.timeLimit(.minutes(5)), .watched) struct CommandLineTests {
    /// stderr without the journald priority prefixes (stderr is a file here, not a terminal).
    func lines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("<") ? String(line.drop { $0 != ">" }.dropFirst()) : String(line)
        }
    }

    @Test func bareDoseAndDoseLearnPrintAMultiLineUsageAndExit64() throws {
        let sandbox = try Sandbox()
        let bare = try sandbox.dose()
        #expect(bare.status == 64)
        let text = lines(bare.stderr)
        #expect(text.first == "dose: missing command")
        #expect(text.contains("Usage: dose COMMAND [OPTIONS]"))
        for command in ["import", "sync", "validate", "config", "today", "show", "open", "learn", "daemon", "help"] {
            #expect(text.contains { $0.hasPrefix("  \(command) ") }, "the usage lists \(command) on a line of its own")
        }
        #expect(!bare.stderr.contains("completions"), "the hidden command is not listed")
        let learn = try sandbox.dose("learn")
        #expect(learn.status == 64)
        let learnText = lines(learn.stderr)
        #expect(learnText.first == "dose: missing learn action")
        for action in ["tick", "untick", "list", "deck", "quiz", "run"] {
            #expect(learnText.contains { $0.contains("dose learn \(action)") })
        }
        let notify = try sandbox.notify()
        #expect(notify.status == 64)
        #expect(lines(notify.stderr).contains("Usage: dose-notify COMMAND [OPTIONS]"))
    }

    @Test func mistypedWordsGetTheClosestSuggestion() throws {
        let sandbox = try Sandbox()
        let cases: [([String], String)] = [
            (["tody"], "dose: unknown command tody; did you mean today?"),
            (["today", "--dys", "3"], "dose: unknown option --dys; did you mean --days?"),
            (["config", "get", "brnch"], "dose: unknown config key brnch; did you mean branch?"),
            (["config", "lst"], "dose: unknown config action lst; did you mean list?"),
            (["learn", "tik"], "dose: unknown learn action tik; did you mean tick?"),
            (["help", "imprt"], "dose: unknown command imprt; did you mean import?"),
        ]
        for (arguments, expected) in cases {
            let run = try sandbox.run("dose", arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(lines(run.stderr).first == expected)
        }
        let notify = try sandbox.notify("--dry-run", "--jsn")
        #expect(notify.status == 64)
        #expect(lines(notify.stderr).first == "dose-notify: unknown option --jsn; did you mean --json?")
        // A config value is any word, even one that starts with a dash: never an unknown option.
        let dashed = try sandbox.dose("config", "set", "provider.model", "-mini")
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(try sandbox.dose("config", "get", "provider.model").stdout == "-mini\n")
        let both = try sandbox.dose("today", "--branch", "CS", "--all")
        #expect(both.status == 64)
        #expect(lines(both.stderr).first == "dose: --branch and --all cannot be given together")
    }

    @Test func unknownIdsAndTopicsSuggestTheClosestButNeverForACode() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let show = try sandbox.dose("show", "q-webr")
        #expect(show.status == 66)
        #expect(show.stderr.contains("did you mean q-weber?"))
        // Something shaped like a short code gets no id suggested: a hint never gives an id away.
        let code = ShortCode.code(forID: "q-weber")
        let wrongCode = String(code.dropLast()) + (code.last == "x" ? "y" : "x")
        let coded = try sandbox.dose("show", wrongCode)
        #expect(coded.status == 66)
        #expect(!coded.stderr.contains("did you mean"))

        #expect(try sandbox.dose("learn", "tick", "Circuits", "Thevenin").status == 0)
        let deck = try sandbox.dose("learn", "deck", "Circuits", "Thevnin")
        #expect(deck.status == 66)
        #expect(deck.stderr.contains("did you mean Thevenin?"))
        let untick = try sandbox.dose("learn", "untick", "Circuts", "Thevenin")
        #expect(untick.status == 66)
        #expect(untick.stderr.contains("did you mean Circuits?"))
    }

    @Test func completionValuesComeFromTheData() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("completions", "ids").stdout.isEmpty, "no snapshot: no ids, no error")
        #expect(try sandbox.dose("completions", "ids").status == 0)
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let ids = try sandbox.dose("completions", "ids").stdout.split(separator: "\n").map(String.init)
        #expect(ids.contains("q-weber") && ids.contains("f-big-o"))
        #expect(try sandbox.dose("learn", "tick", "Circuits", "Thevenin").status == 0)
        #expect(try sandbox.dose("learn", "tick", "Circuits", "Norton").status == 0)
        #expect(try sandbox.dose("completions", "subjects").stdout == "Circuits\n")
        #expect(Set(try sandbox.dose("completions", "topics", "Circuits").stdout.split(separator: "\n")) == ["Thevenin", "Norton"])
        #expect(try sandbox.dose("completions", "topics", "Other").stdout.isEmpty)
        #expect(try sandbox.dose("completions", "idz").status == 64)
    }

    @Test func everyCommandHasItsOwnHelp() throws {
        let sandbox = try Sandbox()
        for command in ["import", "sync", "validate", "config", "today", "show", "open", "learn", "daemon", "help"] {
            for arguments in [[command, "--help"], ["help", command]] {
                let run = try sandbox.run("dose", arguments)
                #expect(run.status == 0)
                #expect(run.stdout.hasPrefix("Usage: dose \(command)"), "\(arguments): \(run.stdout)")
            }
        }
        let action = try sandbox.dose("learn", "quiz", "--help")
        #expect(action.stdout.hasPrefix("Usage: dose learn quiz SUBJECT TOPIC [--interactive]"))
        #expect(action.stdout.contains("-i, --interactive"))
        let config = try sandbox.dose("config", "--help").stdout
        for key in ["branch", "notify-time", "source.pubkey", "provider.key-file"] { #expect(config.contains("\n  \(key) ")) }
        for (arguments, prefix) in [(["run", "--help"], "Usage: dose-notify run"), (["--dry-run", "--help"], "Usage: dose-notify --dry-run"),
                                    (["fire", "-h"], "Usage: dose-notify fire [--id ID]")] {
            #expect(try sandbox.run("dose-notify", arguments).stdout.hasPrefix(prefix))
        }
    }
}
