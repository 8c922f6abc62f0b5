import DoseTestSupport
import Foundation
import Testing

/// The real `dose` binary on a real SQLite store in a temporary XDG home.
@Suite(.timeLimit(.minutes(5)), .watched) struct ImportTests {
    @Test func importThenTodayAndShow() throws {
        let sandbox = try Sandbox()
        let pack = try sandbox.write("golden.json", Fixtures.goldenPack)
        let imported = try sandbox.dose("import", pack)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("13 items"))
        #expect(FileManager.default.fileExists(atPath: sandbox.snapshotPath))

        let today = try sandbox.dose("today", "--date", "2026-11-29", "--json")
        #expect(today.status == 0, "\(today.stderr)")
        let object = try #require(try Sandbox.jsonLines(today.stdout).first)
        #expect(object["id"] as? String == "q-z")
        #expect(object["answer"] as? String == "ANSWER-z")

        let shown = try sandbox.dose("show", "q-weber")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("ANSWER-weber"))
        #expect(shown.stdout.contains("EXPLAIN-weber"))
    }

    @Test func goldenTableThroughTheBinaries() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let rows: [(String, [String?: String])] = [
            ("1969-12-30", [nil: "m-bernoulli", "CS": "m-ohm", "EE": "m-ohm", "ME": "m-bernoulli", "XX": "m-ohm"]),
            ("2026-11-29", [nil: "q-z", "CS": "q-z", "EE": "q-weber", "ME": "q-weber", "XX": "q-weber"]),
            ("2100-03-01", [nil: "f-ohm", "CS": "f-Zeta", "EE": "f-Zeta", "ME": "f-Zeta", "XX": "f-Zeta"]),
        ]
        for (date, expected) in rows {
            for (branch, id) in expected {
                var arguments = ["today", "--date", date, "--json"]
                arguments += branch.map { ["--branch", $0] } ?? ["--all"]
                let run = try sandbox.run("dose", arguments)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(try Sandbox.jsonLines(run.stdout).first?["id"] as? String == id, "\(date) \(branch ?? "-")")
            }
        }
    }

    @Test func badPackLeavesTheOldPoolAndSnapshot() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let snapshotBefore = try sandbox.read(sandbox.snapshotPath)

        let bad = """
            {"format": "daily-dose-pack/1", "items": [
            {"id": "ok-1", "kind": "fact", "text": "fine"},
            {"id": "bad-tag", "kind": "fact", "tags": ["CS "], "text": "trailing space"},
            {"id": "bad-q", "kind": "question", "text": "no answer"}
            ]}
            """
        let run = try sandbox.dose("import", try sandbox.write("bad.json", bad))
        #expect(run.status == 65)
        #expect(run.stderr.contains("bad-tag"))
        #expect(run.stderr.contains("\"CS \""), "the tag is shown escaped: \(run.stderr)")
        #expect(run.stderr.contains("tags"))
        #expect(run.stderr.contains("bad-q"))
        #expect(run.stderr.contains("answer"))

        // The old pool is intact, in the store and in the snapshot.
        let shown = try sandbox.dose("show", "q-weber")
        #expect(shown.status == 0)
        #expect(try sandbox.dose("show", "ok-1").status == 66)
        let snapshotAfter = try sandbox.read(sandbox.snapshotPath)
        let itemsBefore = try snapshotItems(snapshotBefore)
        #expect(try snapshotItems(snapshotAfter) == itemsBefore)
    }

    @Test func validateListsEveryProblemWithoutTouchingTheStore() throws {
        let sandbox = try Sandbox()
        let bad = """
            {"format": "daily-dose-pack/1", "items": [
            {"id": "a", "kind": "fact", "tags": ["cs"], "text": "x"},
            {"id": "b", "kind": "formula", "text": "x", "answer": "not allowed"},
            {"id": "c", "kind": "riddle", "text": "x"},
            {"id": "a", "kind": "fact", "text": "duplicate"}
            ]}
            """
        let run = try sandbox.dose("validate", try sandbox.write("bad.json", bad))
        #expect(run.status == 65)
        for fragment in ["\"cs\"", "\"b\"", "answer", "\"c\"", "kind", "also used by item #0"] {
            #expect(run.stderr.contains(fragment), "missing \(fragment) in \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
        #expect(!FileManager.default.fileExists(atPath: sandbox.snapshotPath))
    }

    /// `validate --preview` prints each item's notification as plain text (id, summary, body), a
    /// question without its answer, and still touches nothing.
    @Test func validatePreviewPrintsEachNotification() throws {
        let sandbox = try Sandbox()
        let pack = #"""
            {"format": "daily-dose-pack/1", "items": [
            {"id": "f-coulomb", "kind": "formula", "title": "Coulomb's law", "text": "F = \\frac{1}{4\\pi\\varepsilon_0}\\,\\frac{q_1 q_2}{r^2}"},
            {"id": "q-det", "kind": "question", "text": "What is $\\det\\begin{pmatrix} 2 & 1 \\\\ 3 & 4 \\end{pmatrix}$?", "answer": "5 SECRET"}
            ]}
            """#
        let path = try sandbox.write("pack.json", pack)
        let run = try sandbox.dose("validate", "--preview", path)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = [
            "f-coulomb", "    Formula of the day: Coulomb's law", "    F = 1/(4πε₀) · (q₁ q₂)/r²", "",
            "q-det", "    Question of the day", "    What is det(2, 1; 3, 4)?", "",
        ]
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(expected.count)) == expected, "\(run.stdout)")
        #expect(!run.stdout.contains("SECRET"))
        #expect(run.stdout.hasSuffix("\(path): valid, 2 items: 0 facts, 1 formulas, 1 questions\n"))
        // Without the option, only the verdict.
        let plain = try sandbox.dose("validate", path)
        #expect(plain.stdout == "\(path): valid, 2 items: 0 facts, 1 formulas, 1 questions\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
        let help = try sandbox.dose("validate", "--help")
        #expect(help.stdout.contains("--preview"))
    }

    @Test func usageAndMissingInputsExitWithSysexits() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose().status == 64)
        #expect(try sandbox.dose("frobnicate").status == 64)
        #expect(try sandbox.dose("today", "--bogus").status == 64)
        #expect(try sandbox.dose("today", "--date", "2026-02-30").status == 64)
        #expect(try sandbox.dose("import", "/nonexistent/pack.json").status == 66)
        #expect(try sandbox.dose("today", "--date", "2026-01-01").status == 1)
        #expect(try sandbox.dose("--version").stdout.hasPrefix("dose "))
    }

    @Test func aPackOverTheSizeLimitIsBadDataNotAnIOError() throws {
        let sandbox = try Sandbox()
        // Sparse: the size is refused from fstat before a byte is read.
        let path = try sandbox.write("huge.json", "")
        #expect(truncate(path, off_t(64 << 20) + 1) == 0)
        for command in ["validate", "import"] {
            let run = try sandbox.dose(command, path)
            #expect(run.status == 65)
            #expect(run.stderr.contains("larger than 67108864 bytes"))
        }
    }

    func snapshotItems(_ data: Data) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        return items.compactMap { $0["id"] as? String }.sorted()
    }
}
