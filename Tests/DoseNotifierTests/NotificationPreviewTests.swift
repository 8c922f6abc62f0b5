import DoseCore
import DoseTestSupport
import Testing

@testable import DoseNotifier

@Suite(.timeLimit(.minutes(5)), .watched) struct NotificationPreviewTests {
    @Test func jsonCarriesTheIdAndNeverTheAnswer() throws {
        let item = Item(id: "q-1", kind: .question, text: "What is $\\frac{1}{2}$?", answer: "HIDDEN", explanation: "ALSO-HIDDEN")
        let date = try #require(CivilDate(iso: "2026-11-29"))
        let zone = FixedOffsetZone(offset: 19_800)
        let fireAt = zone.firstInstant(on: date, at: try #require(LocalTime(parsing: "08:00")))
        let preview = NotificationPreview(item: item, date: date, fireAt: fireAt)
        let json = preview.json(zone: zone)
        let object = try #require(try JSONParser.parse(json).object)
        let fields = Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value.string ?? "") })
        #expect(fields["id"] == "q-1")
        #expect(fields["kind"] == "question")
        #expect(fields["date"] == "2026-11-29")
        #expect(fields["fireAt"] == "2026-11-29T08:00:00+05:30")
        #expect(fields["summary"] == "Question of the day")
        #expect(fields["body"] == "What is 1/2?")
        #expect(!json.contains("HIDDEN"))
    }

    @Test func openHintWhenTheServerHasNoActions() throws {
        let item = Item(id: "f-1", kind: .fact, text: "A fact")
        let date = try #require(CivilDate(iso: "2026-11-29"))
        let preview = NotificationPreview(item: item, date: date, fireAt: 0, openHint: true)
        #expect(preview.copy.body.hasSuffix("dose show \(ShortCode.code(forID: "f-1"))"))
    }

    /// The hint names a short code, never the id: `q-weber-unit` would give "weber" away.
    @Test func theOpenHintWithholdsTheIdsWords() throws {
        let item = Item(id: "q-weber-unit", kind: .question, text: "What is the unit of magnetic flux?", answer: "Wb")
        let date = try #require(CivilDate(iso: "2026-11-29"))
        for markup in [false, true] {
            let preview = NotificationPreview(item: item, date: date, fireAt: 0, markup: markup, openHint: true)
            #expect(!preview.copy.body.contains("weber"))
            #expect(!preview.copy.summary.contains("weber"))
            #expect(preview.copy.body.hasSuffix("Open it with: dose show \(ShortCode.code(forID: "q-weber-unit"))"))
        }
    }
}
