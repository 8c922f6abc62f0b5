import DoseTestSupport
import Foundation
import Testing
@testable import DoseApp
@testable import DoseNotifier
@testable import DoseSystem

/// `dose`'s help, learn messages and empty-pool pointers in German where the environment asks for it, from the
/// real binary and the catalogue po/build.sh compiles; in the C locale they stay the English every other suite reads.
@Suite(.timeLimit(.minutes(5)), .watched) struct HelpTranslationTests {
    /// Every text of `dose`'s and `dose-notify`'s command tables a person reads in `--help`: the program's
    /// summary and footer, each visible command's and action's summary and details, every option's help line
    /// and the config keys'.
    static var helpTexts: [String] {
        helpTexts(of: DoseCLI.table) + helpTexts(of: NotifyCLI.table)
    }

    static func helpTexts(of table: CommandTable) -> [String] {
        var texts = [table.summary, table.footer]
        texts += CommandTable.programOptions.map(\.help)
        for command in table.visibleCommands {
            for spec in [command] + command.actions {
                texts += [spec.summary, spec.details].filter { !$0.isEmpty }
                texts += spec.allOptions.map(\.help)
            }
        }
        return texts + table.configKeys.map(\.help)
    }

    @Test func everyHelpTextIsMarkedAndTranslated() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-help-pot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let template = try Catalogue(path: try TranslationTests.buildTranslations(
            template: directory.appendingPathComponent("daily-dose.pot").path,
            localeDirectory: directory.appendingPathComponent("locale").path))
        let german = try Catalogue(path: TranslationTests.packageRoot.appendingPathComponent("po/de.po").path)
        let texts = Self.helpTexts
        #expect(texts.count >= 80)
        // Multi-line details reach the template exactly as Swift reads them (po/build.sh's rewriting).
        #expect(texts.contains { $0.contains("\n") && template.entries[$0] != nil })
        for text in texts {
            #expect(template.entries[text] != nil, "not marked for translation (trLater): \(text)")
            let translation = german.entries[text]?.first ?? ""
            #expect(!translation.isEmpty && translation != text, "no German for: \(text)")
        }
    }

    @Test func helpAndSuggestionsInGermanWithNamesKept() throws {
        _ = try TranslationTests.buildTranslations()
        let sandbox = try Sandbox()
        let german = ["LANGUAGE": "de"]

        let help = try sandbox.run("dose", ["learn", "--help"], extraEnvironment: german)
        #expect(help.status == 0)
        // The heading is translated and the later usage lines stand under the first; names stay as declared.
        #expect(help.stdout.hasPrefix("Aufruf: dose learn tick SUBJECT TOPIC\n        dose learn untick SUBJECT TOPIC\n"), "\(help.stdout)")
        #expect(help.stdout.contains("\nAktionen:\n"))
        func line(_ text: String, _ start: String, _ end: String) -> Bool {
            text.split(separator: "\n").contains { $0.hasPrefix(start) && $0.hasSuffix(end) }
        }
        #expect(line(help.stdout, "  study SUBJECT TOPIC  ", "  den Kartenstapel eines Themas lernen: die heutigen Karten einzeln, bewertet mit 1–4 (FSRS)"),
                "\(help.stdout)")
        #expect(help.stdout.contains("Die Lernwarteschlange: haken Sie die Themen ab"))
        #expect(help.stdout.hasSuffix("Dateien, Umgebung und Exit-Status beschreibt dose(1).\n"))

        let english = try sandbox.run("dose", ["learn", "--help"])
        #expect(english.stdout.hasPrefix("Usage: dose learn tick SUBJECT TOPIC\n       dose learn untick SUBJECT TOPIC\n"))
        #expect(english.stdout.contains("\nActions:\n"))
        #expect(line(english.stdout, "  study SUBJECT TOPIC  ", "  study a topic's deck: today's cards one at a time, graded 1–4 (FSRS)"))
        #expect(!english.stdout.contains("Kartenstapel"))

        let today = try sandbox.run("dose", ["today", "--help"], extraEnvironment: german).stdout
        #expect(today.contains("Optionen:\n  --date YYYY-MM-DD   an diesem Tag statt heute beginnen\n"), "\(today)")

        // The scheduler's table goes through the same rendering, with its own names kept.
        let notify = try sandbox.run("dose-notify", ["fire", "--help"], extraEnvironment: german).stdout
        #expect(notify.hasPrefix("Aufruf: dose-notify fire [--id ID] [--wait SECONDS]"), "\(notify)")
        #expect(notify.contains("Zeigt die heutige Benachrichtigung (oder die des Eintrags ID) jetzt"), "\(notify)")
        let notifyProgram = try sandbox.run("dose-notify", ["--help"], extraEnvironment: german).stdout
        #expect(notifyProgram.contains("\nDer Planer von Daily Dose: jeden Morgen eine Benachrichtigung, allein aus dem Snapshot.\n"), "\(notifyProgram)")
        #expect(notifyProgram.contains("Exit-Status: 0 in Ordnung, 1 keine Dosis, 64 Aufruffehler, 65 fehlerhafter Snapshot"))
        #expect(notify.contains("höchstens SECONDS auf einen Klick warten"), "\(notify)")
        let notifyEnglish = try sandbox.run("dose-notify", ["fire", "--help"]).stdout
        #expect(notifyEnglish.contains("wait at most SECONDS for a click") && !notifyEnglish.contains("Klick"))

        let program = try sandbox.run("dose", ["--help"], extraEnvironment: german).stdout
        #expect(program.contains("\nBefehle:\n  dose import PACK [--pubkey KEY]\n"), "\(program)")
        #expect(program.contains("\nKonfigurationsschlüssel: branch, notify-time, source,"))
        #expect(program.contains("Exit-Status: 0 in Ordnung, 1 keine Dosis"))
        #expect(program.contains("\nOptionen:\n  -h, --help          diese Hilfe zeigen (nach einem Befehl: die Hilfe dieses Befehls)\n"))

        let config = try sandbox.run("dose", ["config", "--help"], extraEnvironment: german).stdout
        #expect(config.contains("\nSchlüssel:\n  branch              zwei Großbuchstaben"), "\(config)")

        // A mistyped command: the message, the suggestion and the usage after it, German; the words offered are the commands'.
        let typo = try sandbox.run("dose", ["tody"], extraEnvironment: german)
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("dose: unbekannter Befehl tody; meinten Sie today?\n\nAufruf: dose COMMAND [OPTIONS]\n\nBefehle:\n"), "\(typo.stderr)")
        #expect(typo.stderr.contains("  today      die Dosis des Tages ausgeben"))
        let both = try sandbox.run("dose", ["today", "--branch", "CS", "--all"], extraEnvironment: german)
        #expect(both.stderr.hasPrefix("dose: --branch und --all können nicht zusammen angegeben werden\n"), "\(both.stderr)")
        #expect(both.stderr.hasSuffix("Siehe `dose today --help`.\n"))
    }

    @Test func learnAndEmptyPoolMessagesInGermanWithDataEscaped() throws {
        _ = try TranslationTests.buildTranslations()
        let sandbox = try Sandbox()
        let german = ["LANGUAGE": "de"]

        // The empty pool points to the app's welcome page, in the user's language.
        let empty = try sandbox.run("dose", ["today", "--date", "2026-12-01"], extraEnvironment: german)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("keine Dosis für 2026-12-01: der Bestand ist leer; öffnen Sie Daily Dose"), "\(empty.stderr)")
        let show = try sandbox.run("dose", ["show", "ohm"], extraEnvironment: german)
        #expect(show.stderr.contains("keine Dosis mit Kennung oder Code \"ohm\": der Bestand ist leer; öffnen Sie Daily Dose"), "\(show.stderr)")
        let englishShow = try sandbox.run("dose", ["show", "ohm"])
        #expect(englishShow.stderr.contains(
            "no dose with id or code \"ohm\": the pool is empty; open Daily Dose to import the sample pack or a source"), "\(englishShow.stderr)")

        // Learn: the study prompt's counts, the due table, the export refusal.
        let due = try sandbox.run("dose", ["learn", "due"], extraEnvironment: german)
        #expect(due.stdout == "Noch keine Kartenstapel zum Lernen. Haken Sie ein Thema ab: dose learn tick SUBJECT TOPIC\n", "\(due.stdout)")
        #expect(try sandbox.dose("learn", "due").stdout == "No decks to study yet. Tick a topic: dose learn tick SUBJECT TOPIC\n")
        let export = try sandbox.run("dose", ["learn", "export", "Physics", "Ohm"], extraEnvironment: german)
        #expect(export.status == 64)
        #expect(export.stderr.hasPrefix("dose: nennen Sie eine Datei: --anki FILE oder --markdown FILE\n"), "\(export.stderr)")
        let tick = try sandbox.run("dose", ["learn", "tick", "Physik", "Ohm {topic}"], extraEnvironment: german)
        #expect(tick.status == 0)
        // A placeholder in the data is printed as it is, not filled again.
        #expect(tick.stdout == "Thema \"Ohm {topic}\" des Fachs \"Physik\" abgehakt: ein Kartenstapel und ein Quiz werden erstellt.\n",
                "\(tick.stdout)")
        let history = try sandbox.run("dose", ["learn", "quiz", "Physik", "Ohm {topic}", "--history"], extraEnvironment: german)
        #expect(history.stdout == "Noch kein Quiz-Ergebnis für Physik — Ohm {topic}.\n", "\(history.stdout)")

        // Data from outside in a translated message with placeholders still reaches the terminal escaped.
        let hostile = "Evil\u{1B}]0;owned\u{07}\u{9B}2J"
        let refused = try sandbox.run("dose", ["learn", "tick", hostile, "Ohm"], extraEnvironment: german)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("das Fach \"Evil\\u{1B}]0;owned"), "\(refused.stderr)")
        #expect(refused.stderr.contains("enthält ein Steuerzeichen"))
        let unknown = try sandbox.run("dose", ["learn", "untick", "Physik", "Ohm\u{9B}2J x"], extraEnvironment: german)
        for output in [refused.stderr, unknown.stderr, unknown.stdout] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, "\(output)")
        }
        #expect(unknown.stderr.contains("\\u{9B}"), "\(unknown.stderr)")
    }
}
