import DoseCore
import DoseTestSupport
import Foundation
import Testing

/// `dose show` and `dose open` take the short code the notification's hint prints (issue 11: the copy
/// withholds the answer), looked up in the whole unfiltered pool.
@Suite(.timeLimit(.minutes(5)), .watched) struct ShowByCodeTests {
    @Test func showTakesTheCodeTheHintPrints() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let code = ShortCode.code(forID: "q-weber")
        #expect(!code.contains("weber"))
        for typed in [code, code.uppercased()] {
            let run = try sandbox.dose("show", typed)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("What is one weber?"))
        }
        // The preview's hint (a server without actions) is that code.
        let json = try sandbox.dose("show", code, "--json")
        #expect(try Sandbox.jsonLines(json.stdout).first?["id"] as? String == "q-weber")
    }

    @Test func aCodeResolvesInTheUnfilteredPool() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        #expect(try sandbox.dose("config", "set", "branch", "EE").status == 0)
        // f-big-o is for CS only: not in an EE student's rotation, still found by its code.
        let code = ShortCode.code(forID: "f-big-o")
        let run = try sandbox.dose("show", code)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Big O"))
        let open = try sandbox.dose("open", code, "--print-path", "--no-launch")
        #expect(open.status == 0, "\(open.stderr)")
        let html = try String(contentsOfFile: open.stdout.trimmingCharacters(in: .whitespacesAndNewlines), encoding: .utf8)
        #expect(html.contains("<p class=\"dd-id\">f-big-o</p>"))
    }

    @Test func aRetiredItemsCodeFindsNothingAndOpensNothing() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        let code = ShortCode.code(forID: "q-weber")
        #expect(try sandbox.dose("show", code).status == 0)
        #expect(try sandbox.dose("import", try sandbox.write("other.json", Fixtures.otherPack)).status == 0)
        let run = try sandbox.dose("show", code)
        #expect(run.status == 66)
        #expect(run.stderr.contains("retired"))
        let open = try sandbox.dose("open", code, "--print-path", "--no-launch")
        #expect(open.status == 66, "\(open.stderr)")
        #expect(open.stdout.isEmpty && open.stderr.contains("retired"), "\(open.stdout) \(open.stderr)")
    }

    /// An id that is another item's code names two doses: refused, naming neither id.
    @Test func anAmbiguousCodeIsRefusedWithoutNamingEitherId() throws {
        let sandbox = try Sandbox()
        let code = ShortCode.code(forID: "q-secret-word")
        let pack = """
            {"format": "daily-dose-pack/1", "items": [
            {"id": "q-secret-word", "kind": "question", "text": "Which word?", "answer": "secret"},
            {"id": "\(code)", "kind": "fact", "text": "An id that looks like a code"}
            ]}
            """
        #expect(try sandbox.dose("import", try sandbox.write("clash.json", pack)).status == 0)
        let run = try sandbox.dose("show", code)
        #expect(run.status == 64)
        #expect(run.stderr.contains("names 2 doses"))
        #expect(!run.stderr.contains("secret"))
        // Control: the full id still names its dose.
        #expect(try sandbox.dose("show", "q-secret-word").status == 0)
    }
}
