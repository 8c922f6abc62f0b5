import DoseCore
import DoseTestSupport
import Foundation
import Glibc
import Testing

/// The read-only views as a person meets them: `today` keeping a question's answer back, paragraphs
/// wrapped only on a terminal, `calendar` agreeing with the scheduler, `list` and `search`.
@Suite(.timeLimit(.minutes(5)), .watched) struct ViewsTests {
    /// 2026-01-01 + 3k + 2 is a question day; the golden pool's question for 2026-01-03 is a question.
    static func questionDay(_ sandbox: Sandbox) throws -> String {
        for offset in 0..<6 {
            let date = "2026-01-0\(offset + 1)"
            let run = try sandbox.dose("today", "--date", date, "--all", "--json")
            if try Sandbox.jsonLines(run.stdout).first?["kind"] as? String == "question" { return date }
        }
        throw CocoaError(.featureUnsupported)
    }

    static func golden() throws -> Sandbox {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        return sandbox
    }

    /// Runs `dose ARGS` on a pseudo-terminal `columns` wide (tests/support/pty_run.py).
    static func onTerminal(_ sandbox: Sandbox, columns: Int, _ action: String, _ arguments: [String]) throws -> Sandbox.Run {
        let script = sandbox.packageRoot.appendingPathComponent("tests/support/pty_run.py").path
        let dose = Sandbox.binaryDirectory.appendingPathComponent("dose").path
        return try sandbox.runExecutable("/usr/bin/python3", [script, String(columns), action, dose] + arguments)
    }

    @Test func pipedTodayKeepsTheAnswerBackAndNeverWaits() throws {
        let sandbox = try Self.golden()
        let date = try Self.questionDay(sandbox)
        let json = try Sandbox.jsonLines(try sandbox.dose("today", "--date", date, "--all", "--json").stdout)
        let answer = try #require(json.first?["answer"] as? String)
        // stdin a pipe kept open: a command that waited for Enter would be killed at the deadline.
        let run = try sandbox.runExecutable(
            Sandbox.binaryDirectory.appendingPathComponent("dose").path, ["today", "--date", date, "--all"],
            keepStdinOpen: true, timeout: 10)
        #expect(!run.timedOut && run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Question of the day"), "\(run.stdout)")
        #expect(!run.stdout.contains(answer) && !run.stdout.contains("EXPLAIN-") && !run.stdout.contains("Answer:"), "\(run.stdout)")
        #expect(!run.stdout.contains("Press Enter"), "\(run.stdout)")
        // Nor the id, whose words can give the answer away: the short code instead.
        let id = try #require(json.first?["id"] as? String)
        #expect(!run.stdout.contains("id: \(id)") && run.stdout.contains("dose show \(ShortCode.code(forID: id))"), "\(run.stdout)")

        let shown = try sandbox.dose("today", "--date", date, "--all", "--answer")
        #expect(shown.status == 0 && shown.stdout.contains("Answer: \(answer)") && shown.stdout.contains("id: \(id)"), "\(shown.stdout)")
        // --json is data for programs: every field.
        #expect(json.first?["explanation"] != nil)
        // A fact is shown whole either way.
        let fact = try sandbox.dose("show", "f-ohm")
        #expect(fact.stdout.contains("id: f-ohm"))
    }

    @Test func atATerminalEnterRevealsTheAnswerAndEndOfInputKeepsItBack() throws {
        let sandbox = try Self.golden()
        let date = try Self.questionDay(sandbox)
        let today = try Sandbox.jsonLines(try sandbox.dose("today", "--date", date, "--all", "--json").stdout)
        let answer = try #require(today.first?["answer"] as? String)
        let revealed = try Self.onTerminal(sandbox, columns: 80, "enter", ["today", "--date", date, "--all"])
        #expect(revealed.status == 0, "\(revealed.stdout)")
        let prompt = try #require(revealed.stdout.range(of: "Press Enter for the answer"), "\(revealed.stdout)")
        let after = revealed.stdout[prompt.upperBound...]
        #expect(!revealed.stdout[..<prompt.lowerBound].contains(answer), "the answer came before Enter: \(revealed.stdout)")
        #expect(after.contains("Answer: \(answer)"), "\(revealed.stdout)")

        let kept = try Self.onTerminal(sandbox, columns: 80, "eof", ["today", "--date", date, "--all"])
        #expect(kept.status == 0, "\(kept.stdout)")
        #expect(kept.stdout.contains("Press Enter for the answer") && !kept.stdout.contains(answer), "\(kept.stdout)")

        // --answer at a terminal asks nothing.
        let asked = try Self.onTerminal(sandbox, columns: 80, "none", ["today", "--date", date, "--all", "--answer"])
        #expect(asked.status == 0 && asked.stdout.contains("Answer: \(answer)") && !asked.stdout.contains("Press Enter"), "\(asked.stdout)")
    }

    @Test func paragraphsWrapToTheTerminalNeverWhenPiped() throws {
        let sandbox = try Sandbox()
        let words = (1...60).map { "word\($0)" }.joined(separator: " ")
        let pack = #"{"format": "daily-dose-pack/1", "items": [{"id": "f-long", "kind": "fact", "text": "\#(words)"}]}"#
        #expect(try sandbox.dose("import", try sandbox.write("long.json", pack)).status == 0)
        let piped = try sandbox.dose("show", "f-long")
        #expect(piped.stdout.split(separator: "\n").contains { $0 == Substring(words) }, "piped output was wrapped: \(piped.stdout)")
        for (columns, limit) in [(40, 40), (72, 72), (200, 100)] {
            let run = try Self.onTerminal(sandbox, columns: columns, "none", ["show", "f-long"])
            #expect(run.status == 0, "\(run.stdout)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= limit }, "\(columns): \(run.stdout)")
            #expect(lines.contains { DisplayWidth.of($0) > limit - 12 }, "\(columns): lines far shorter than \(limit): \(run.stdout)")
            #expect(lines.filter { $0.hasPrefix("word") }.joined(separator: " ") == words)
        }
    }

    /// Each calendar line is the dose `dose-notify --dry-run` arms that day, for 400 days and several branches.
    @Test(arguments: [nil, "EE", "CS", "common"] as [String?])
    func calendarAgreesWithTheScheduler(branch: String?) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        if let branch { #expect(try sandbox.dose("config", "set", "branch", branch).status == 0) }
        let calendar = try sandbox.dose("calendar", "--from", "2026-11-30", "--days", "400")
        let scheduler = try sandbox.notify("--dry-run", "--date", "2026-11-30", "--days", "400", "--json")
        #expect(calendar.status == 0 && scheduler.status == 0, "\(calendar.stderr) \(scheduler.stderr)")
        let items = PackValidator.validate(Array(try sandbox.read(sandbox.samplePack))).items
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let lines = calendar.stdout.split(separator: "\n").map(String.init)
        let days = try Sandbox.jsonLines(scheduler.stdout)
        #expect(lines.count == 400 && days.count == 400)
        for (line, day) in zip(lines, days) {
            let dateText = try #require(day["date"] as? String)
            let id = try #require(day["id"] as? String)
            let date = try #require(CivilDate(iso: dateText))
            let item = try #require(byID[id])
            #expect(line == DoseCalendar.line(date: date, item: item))
            if let answer = item.answer, answer.count > 12 { #expect(!line.contains(answer)) }
        }
        #expect(lines.first?.hasPrefix("Mon 2026-11-30  ") == true)
        // Default: a week from today.
        #expect(try sandbox.dose("calendar").stdout.split(separator: "\n").count == 7)
    }

    @Test func branchAndAllTogetherAreRefused() throws {
        let sandbox = try Self.golden()
        for command in ["today", "calendar"] {
            let run = try sandbox.dose(command, "--branch", "EE", "--all")
            #expect(run.status == 64 && run.stderr.contains("--branch and --all"), "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try sandbox.dose("calendar", "--days", "0").status == 64)
        #expect(try sandbox.dose("calendar", "--from", "2026-02-30").status == 64)
        #expect(try sandbox.dose("list", "--kind", "trivia").status == 64)
    }

    @Test func listAndSearchFindItemsAndNeverPrintAnAnswer() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let items = PackValidator.validate(Array(try sandbox.read(sandbox.samplePack))).items

        let questions = try sandbox.dose("list", "--kind", "question", "--json")
        #expect(questions.status == 0 && questions.stdout.hasSuffix("\n"), "\(questions.stderr)")
        let objects = try Sandbox.jsonLines(questions.stdout)
        #expect(objects.count == items.filter { $0.kind == .question }.count)
        #expect(objects.allSatisfy { $0["kind"] as? String == "question" && $0["answer"] == nil && $0["explanation"] == nil })

        let ee = try sandbox.dose("list", "--branch", "ee")
        let ees = ee.stdout.split(separator: "\n")
        let eeCode = BranchCode(exactly: "EE")!
        #expect(ees.count == items.filter { $0.isShown(to: .branch(eeCode)) }.count, "\(ee.stderr)")
        let common = try sandbox.dose("list", "--branch", "common")
        #expect(common.stdout.split(separator: "\n").count == items.filter(\.tags.isEmpty).count, "\(common.stderr)")
        #expect(try sandbox.dose("list").stdout.split(separator: "\n").count == items.count)

        for text in ["AMPERE", "ampère", "Ampe\u{300}re"] {
            let found = try sandbox.dose("search", text)
            #expect(found.status == 0 && found.stdout.contains("formula-ampere-maxwell"), "\(text): \(found.stdout) \(found.stderr)")
        }
        let schrodinger = try sandbox.dose("search", "SCHRODINGER")
        #expect(schrodinger.stdout.contains("Schrödinger"), "\(schrodinger.stdout)")
        // No line of any listing holds a question's answer (the longer ones, which no title repeats).
        let everything = try sandbox.dose("list").stdout + (try sandbox.dose("search", "what").stdout)
        for item in items where item.kind == .question {
            if let answer = item.answer, answer.count > 25 { #expect(!everything.contains(answer), "\(item.id)") }
        }
    }

    @Test func searchLooksAtNoAnswerAndSaysWhenNothingMatches() throws {
        let sandbox = try Self.golden()
        let weber = try sandbox.dose("search", "one", "WEBER")
        #expect(weber.status == 0 && weber.stdout == "q-weber  question  What is one weber?\n", "\(weber.stdout)")
        let answer = try sandbox.dose("search", "ANSWER-weber")
        #expect(answer.status == 1 && answer.stdout.isEmpty && answer.stderr.contains("no item holds"), "\(answer.stdout)")
        #expect(try sandbox.dose("search", "EXPLAIN").status == 1)
        #expect(try sandbox.dose("search").status == 64)
        let empty = try Sandbox()
        #expect(try empty.dose("list").status == 1)
    }

    @Test func aBranchNoItemCarriesIsStoredWithAWarningNamingThePoolsBranches() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        let zz = try sandbox.dose("config", "set", "branch", "zz")
        #expect(zz.status == 0 && zz.stdout == "branch = ZZ\n")
        #expect(zz.stderr.contains("no item in the pool is tagged ZZ") && zz.stderr.contains("CE, CH, CS, EC, EE, ME"), "\(zz.stderr)")
        let ee = try sandbox.dose("config", "set", "branch", "EE")
        #expect(ee.status == 0 && ee.stderr.isEmpty, "\(ee.stderr)")
        let branches = try sandbox.dose("config", "list", "--branches")
        let lines = branches.stdout.split(separator: "\n")
        #expect(lines.map { $0.prefix(2) }.dropLast() == ["CE", "CH", "CS", "EC", "EE", "ME"], "\(branches.stdout)")
        #expect(lines.last?.hasPrefix("(untagged") == true)
        // Before any pack there is nothing to warn about.
        let fresh = try Sandbox()
        let set = try fresh.dose("config", "set", "branch", "ZZ")
        #expect(set.status == 0 && !set.stderr.contains("tagged"), "\(set.stderr)")
    }

    @Test func notifyTimeTakesAOneDigitHourAndStoresItCanonically() throws {
        let sandbox = try Self.golden()
        let set = try sandbox.dose("config", "set", "notify-time", "7:30")
        #expect(set.status == 0 && set.stdout == "notify-time = 07:30\n", "\(set.stderr)")
        #expect(try sandbox.dose("config", "get", "notify-time").stdout == "07:30\n")
        let dry = try Sandbox.jsonLines(try sandbox.notify("--dry-run", "--date", "2026-12-02", "--json").stdout)
        #expect(dry.first?["fireAt"] as? String == "2026-12-02T07:30:00+00:00")
        #expect(try sandbox.dose("config", "set", "notify-time", "7:5").status == 78)
    }

    /// Every `--json` output is JSON Lines: each line one object, each line ended, one per dose,
    /// item or topic (dose(1), JSON OUTPUT).
    @Test func everyJSONOutputIsJSONLines() throws {
        let sandbox = try Self.golden()
        let outputs: [(String, Int, Sandbox.Run)] = [
            ("today", 3, try sandbox.dose("today", "--date", "2026-12-01", "--days", "3", "--json")),
            ("show", 1, try sandbox.dose("show", "q-weber", "--json")),
            ("list", 13, try sandbox.dose("list", "--json")),
            ("learn list", 0, try sandbox.dose("learn", "list", "--json")),
            ("dry-run", 3, try sandbox.notify("--dry-run", "--date", "2026-12-01", "--days", "3", "--json")),
        ]
        #expect(try sandbox.dose("learn", "tick", "Physics", "Ohm").status == 0)
        let ticked = try sandbox.dose("learn", "list", "--json")
        for (name, count, run) in outputs + [("learn list (one topic)", 1, ticked)] {
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdout.isEmpty || run.stdout.hasSuffix("\n"), "\(name): \(run.stdout)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == count, "\(name): \(run.stdout)")
            for line in lines {
                #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(name): \(line)")
            }
        }
    }

    /// sd-daemon(3): `<3>` only when standard error is the stream JOURNAL_STREAM names.
    @Test func journalPrefixesOnlyWhenStandardErrorIsTheJournalStream() throws {
        let sandbox = try Sandbox()
        let stderrPath = sandbox.root.appendingPathComponent("journal-stream").path
        let other = try sandbox.write("other-file", "")
        func identity(_ path: String) -> String {
            var info = stat()
            _ = stat(path, &info)
            return "\(info.st_dev):\(info.st_ino)"
        }
        func run(_ journal: String?) throws -> String {
            FileManager.default.createFile(atPath: stderrPath, contents: nil)
            var environment = sandbox.environment
            environment["JOURNAL_STREAM"] = journal ?? identity(stderrPath)
            // Standard error is that very file (appended to: the same inode the stream names).
            let result = try ChildProcess.run(
                Sandbox.binaryDirectory.appendingPathComponent("dose").path, ["today", "--bogus"], environment: environment,
                stdout: .discard, stderr: .appending(stderrPath))
            #expect(result.exitCode == 64, "\(result)")
            return try String(contentsOfFile: stderrPath, encoding: .utf8)
        }
        #expect(try run(nil) == "<3>dose: unknown option --bogus\n")
        #expect(try run(identity(other)) == "dose: unknown option --bogus\n")
        #expect(try run("") == "dose: unknown option --bogus\n")
        #expect(try sandbox.dose("today", "--bogus").stderr == "dose: unknown option --bogus\n")
    }
}
