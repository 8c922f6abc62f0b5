import DoseCore
import DoseSystem
import DoseTestSupport
import Testing

@testable import DoseNotifier

/// The notification in the user's language: its headline, the Open button, the hint of a server without
/// actions and the dry run's headers in German (this thread only, `German.run`); the content as authored,
/// the answer still withheld, the body still escaped for markup; `--json` and the C locale in English.
@Suite(.timeLimit(.minutes(5)), .watched) struct GermanCopyTests {
    @Test func theDeliveredNotificationSpeaksGermanAndStillWithholdsTheAnswer() throws {
        let home = try DelivererTests.Home()
        let withActions = ScriptedServer()
        let plain = ScriptedServer()
        plain.caps = ["body"]
        let shell = ScriptedShell()
        shell.available = true
        let code = ShortCode.code(forID: "q-weber-unit")
        try German.run {
            let day = try DelivererTests.day(of: "q-weber-unit")
            try makeDeliverer(home.paths, server: withActions).deliver(day: day)
            try makeDeliverer(home.paths, server: plain).deliver(day: day)
            try makeDeliverer(home.paths, server: ScriptedServer(), shell: shell).deliver(day: day)
            #expect(NotificationActions.pairs(itemID: "q-weber-unit").map(\.label) == ["", "Öffnen"])
        }
        let shown = try #require(withActions.shown.first)
        #expect(shown.copy.summary == "Frage des Tages")
        #expect(shown.copy.body == "What is the unit of magnetic flux?")
        let hinted = try #require(plain.shown.first)
        #expect(hinted.copy.body == "What is the unit of magnetic flux?\nÖffnen mit: dose show \(code)")
        #expect(shell.added.map(\.summary) == ["Frage des Tages"])
        for copy in [shown.copy, hinted.copy] + shell.added {
            #expect(!copy.body.contains("weber") && !copy.summary.contains("weber"))
        }
        // Outside German.run this thread is in C again: the same notification in English.
        #expect(NotificationActions.pairs(itemID: "q-weber-unit").map(\.label) == ["", "Open"])
        let english = ScriptedServer()
        try makeDeliverer(home.paths, server: english).deliver(day: try DelivererTests.day(of: "q-weber-unit"))
        #expect(english.shown.first?.copy.summary == "Question of the day")
    }

    /// The summary's form comes from the translation; the title is content, kept and escaped as before.
    @Test func aTitledSummaryInGermanKeepsTheTitleAsAuthored() throws {
        let fact = Item(id: "f-amp", kind: .fact, title: "A & B <i>", text: "x < y & z")
        let copy = try German.run { CopyBuilder.copy(for: Teaser(fact), markup: true, words: .translated) }
        #expect(copy.summary == "Fakt des Tages: A & B <i>")
        #expect(copy.body == "x &lt; y &amp; z")
        let formula = Item(id: "m-1", kind: .formula, text: "a")
        #expect(try German.run { CopyBuilder.copy(for: Teaser(formula), markup: false, words: .translated).summary }
            == "Formel des Tages")
    }

    /// The dry run's headers in German, the values one column after the widest (the JSON: `DryRunTests`).
    @Test func theDryRunsHeadersInGermanAndItsJSONInEnglish() throws {
        let item = Item(id: "q-1", kind: .question, text: "Line one", answer: "HIDDEN")
        let code = ShortCode.code(forID: "q-1")
        let date = try #require(CivilDate(iso: "2026-11-29"))
        let zone = FixedOffsetZone(offset: 3600)
        let fireAt = zone.firstInstant(on: date, at: try #require(LocalTime(parsing: "08:00")))
        // The hint makes the body two lines: the second is indented under the first.
        let english = NotificationPreview(item: item, date: date, fireAt: fireAt, openHint: true)
        let text = try German.run {
            NotificationPreview(item: item, date: date, fireAt: fireAt, openHint: true, words: .translated).text(zone: zone)
        }
        #expect(text == """
            Zeitpunkt:   2026-11-29T08:00:00+01:00 (2026-11-29)
            Überschrift: Frage des Tages
            Text:        Line one
                         Öffnen mit: dose show \(code)
            Nutzdaten:   q-1
            """)
        #expect(!text.contains("HIDDEN"))
        // Under C: the English lines, lined up as they always were.
        #expect(english.text(zone: zone) == """
            Fires at: 2026-11-29T08:00:00+01:00 (2026-11-29)
            Summary:  Question of the day
            Body:     Line one
                      Open it with: dose show \(code)
            Payload:  q-1
            """)
    }
}
