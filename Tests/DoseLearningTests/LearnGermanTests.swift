import DoseTestSupport
import Foundation
import Testing

/// `dose learn` in German with the catalogue po/build.sh compiles (the build tree's binaries read build/locale):
/// the queue's progress, a scripted study session, an interactive quiz left with q, `due` and `export`, while
/// the keys the user types (1–4, q, A–D) and the English under C stay as they are.
@Suite(.timeLimit(.minutes(5)), .watched) struct LearnGermanTests {
    /// Compiles the catalogues where the build tree's `dose` reads them.
    static func buildCatalogues(_ box: LearnSandbox) throws {
        let build = try ChildProcess.run(
            box.packageRoot.appendingPathComponent("po/build.sh").path, environment: ChildProcess.inheritedEnvironment,
            stdout: .discard, leadsGroup: true, timeout: .seconds(180))
        #expect(build.exitCode == 0, "\(build)")
    }

    @Test func aSessionInGermanWithTheKeysUnchanged() throws {
        let box = try LearnSandbox()
        // "next at" (not "next tomorrow at") for a Good on a new card only while that stays today: early afternoon.
        box.timeZone = LearnSandbox.zoneNearHour(13)
        try Self.buildCatalogues(box)
        let german = ["LANGUAGE": "de"]
        try box.startProvider(#"{"default": "maths-ok"}"#)
        try box.configureProvider()
        #expect(try box.run(["learn", "tick", "Circuits", "Ohm"], extraEnvironment: german).status == 0)

        let run = try box.run(["learn", "run"], extraEnvironment: german)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Thema \"Ohm\" des Fachs \"Circuits\": Kartenstapel wird angefragt …\n"), "\(run.stdout)")
        #expect(run.stdout.contains("Thema \"Ohm\" des Fachs \"Circuits\": Quiz gespeichert; bereit\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 bereit, 0 ausstehend.\n"), "\(run.stdout)")

        let study = try box.run(["learn", "study", "Circuits", "Ohm"], stdin: "3\nq\n", extraEnvironment: german)
        #expect(study.status == 0, "\(study.stderr)")
        #expect(study.stdout.hasPrefix("Lernen: Thema \"Ohm\" des Fachs \"Circuits\", heute 10 Karten.\n"), "\(study.stdout)")
        #expect(study.stdout.contains("\n[1 von 10] "), "\(study.stdout)")
        #expect(study.stdout.contains("\nGut: nächste Wiederholung um "), "\(study.stdout)")
        #expect(study.stdout.contains("1 Karte bewertet, gespeichert. Jetzt fällig: 0, neu: 9, von 10 Karten."), "\(study.stdout)")
        let bad = try box.run(["learn", "study", "Circuits", "Ohm"], stdin: "fünf\n", extraEnvironment: german)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("Eingabezeile 1: \"fünf\" ist keine Bewertung 1–4 und kein q (0 bewertet und gespeichert)"), "\(bad.stderr)")

        // A word that is no letter is asked again (the letters stay A–D), then q quits before any answer.
        let quiz = try box.run(["learn", "quiz", "Circuits", "Ohm", "-i"], stdin: "X\nq\n", extraEnvironment: german.merging(["DOSE_QUIZ_SEED": "1"]) { $1 })
        #expect(quiz.status == 0, "\(quiz.stderr)")
        #expect(quiz.stdout.hasPrefix("Quiz: Circuits — Ohm. Antworten Sie mit A, B, C oder D; q beendet.\n\n[1 von 6] "), "\(quiz.stdout)")
        #expect(quiz.stdout.contains("Bitte antworten Sie mit A, B, C oder D (q beendet)."))
        #expect(quiz.stdout.contains("Keine Frage beantwortet: nichts gewertet."), "\(quiz.stdout)")

        let due = try box.run(["learn", "due"], extraEnvironment: german)
        #expect(due.stdout == "Circuits — Ohm: 0 fällig, 9 neu, 10 Karten\nInsgesamt: 0 fällig, 9 neu\n", "\(due.stdout)")
        let file = box.root.appendingPathComponent("ohm.txt").path
        let export = try box.run(["learn", "export", "Circuits", "Ohm", "--anki", file], extraEnvironment: german)
        #expect(export.stdout == "10 Karten (Thema \"Ohm\" des Fachs \"Circuits\") nach \(file) geschrieben (Anki: Datei → Importieren).\n",
                "\(export.stdout)")

        let list = try box.run(["learn", "list"], extraEnvironment: german)
        #expect(list.stdout == "[bereit] Circuits — Ohm\n", "\(list.stdout)")
        let markdown = box.root.appendingPathComponent("ohm.md").path
        #expect(try box.run(["learn", "export", "Circuits", "Ohm", "--markdown", markdown], extraEnvironment: german).status == 0)
        let document = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(document.contains("\n## Lernkarten\n") && document.contains("\n## Quiz\n") && document.contains("\n### Antworten\n"), "\(document)")

        // The same under C: English, word for word as the other suites read it.
        #expect(try box.dose("learn", "list").stdout == "[ready] Circuits — Ohm\n")
        #expect(try box.dose("learn", "due").stdout == "Circuits — Ohm: 0 due, 9 new, 10 cards\nOverall: 0 due, 9 new\n")
    }
}
