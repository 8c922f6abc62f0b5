import DoseTestSupport
import Testing
@testable import DoseCore

/// The due summary the scheduler counts with: the count at an instant, its file format, the line in English,
/// and the line in the notification's body.
@Suite(.timeLimit(.minutes(5)), .watched)
struct DueSummaryTests {
    /// 2026-06-01T00:00:00Z, a Monday.
    static let midnight: Int64 = 1_780_272_000
    static let hour: Int64 = 3600

    /// Three topics whose cards have all been studied, due at different times.
    static let summary = DueSummary(newPerDay: 20, newStudied: [], topics: [
        // Calculus — Limits: due 07:00 and 10:00, and one in 3 days.
        DueSummary.Topic(due: [midnight + 10 * hour, midnight + 7 * hour, midnight + 72 * hour], new: 0),
        // Physics — Ohm: due 09:00.
        DueSummary.Topic(due: [midnight + 9 * hour], new: 0),
        // Physics — Waves: due in a month.
        DueSummary.Topic(due: [midnight + 720 * hour], new: 0),
    ])

    @Test func cardsDueBeforeAndAfterTheFireTime() {
        let s = Self.summary
        #expect(s.count(at: Self.midnight + 6 * Self.hour, dayStart: Self.midnight) == .init(cards: 0, topics: 0))
        // 08:00: only the 07:00 card; the 10:00 one is not due yet when the morning notification fires.
        #expect(s.count(at: Self.midnight + 8 * Self.hour, dayStart: Self.midnight) == .init(cards: 1, topics: 1))
        // The instant itself counts (due <= now, as the store's queue has it).
        #expect(s.count(at: Self.midnight + 9 * Self.hour, dayStart: Self.midnight) == .init(cards: 2, topics: 2))
        #expect(s.count(at: Self.midnight + 10 * Self.hour - 1, dayStart: Self.midnight) == .init(cards: 2, topics: 2))
        #expect(s.count(at: Self.midnight + 10 * Self.hour, dayStart: Self.midnight) == .init(cards: 3, topics: 2))
        #expect(s.count(at: Self.midnight + 80 * Self.hour, dayStart: Self.midnight + 72 * Self.hour) == .init(cards: 4, topics: 2))
    }

    @Test func newCardsCountWithinTheDaysLimitInTopicOrder() {
        let s = DueSummary(newPerDay: 20, newStudied: [Self.midnight - 2 * Self.hour, Self.midnight + 1, Self.midnight + 2], topics: [
            DueSummary.Topic(due: [Self.midnight + 7 * Self.hour], new: 10),
            DueSummary.Topic(due: [], new: 10),
            DueSummary.Topic(due: [], new: 10),
        ])
        // Two new cards were first studied today (one of yesterday's does not count): 18 more may come,
        // 10 of the first topic and 8 of the second; the third gets none today.
        #expect(s.count(at: Self.midnight + 8 * Self.hour, dayStart: Self.midnight) == .init(cards: 1 + 18, topics: 2))
        // The next day the limit is whole again: 20 new, still in topic order, and the due card.
        let tomorrow = Self.midnight + 24 * Self.hour
        #expect(s.count(at: tomorrow + 8 * Self.hour, dayStart: tomorrow) == .init(cards: 21, topics: 2))
        // A day whose limit is used up shows only the cards due.
        let spent = DueSummary(newPerDay: 2, newStudied: [Self.midnight + 1, Self.midnight + 2], topics: s.topics)
        #expect(spent.count(at: Self.midnight + 8 * Self.hour, dayStart: Self.midnight) == .init(cards: 1, topics: 1))
        #expect(DueSummary.empty.count(at: Self.midnight, dayStart: Self.midnight) == .init(cards: 0, topics: 0))
    }

    @Test func theDayStartsAtLocalMidnight() {
        // 23:30 UTC is 05:00 the next day in Kolkata: a new day there, so the first study at 17:00 UTC (22:30 there)
        // counts against the day in UTC but not against the new day in Kolkata.
        let s = DueSummary(newPerDay: 1, newStudied: [Self.midnight + 17 * Self.hour], topics: [DueSummary.Topic(due: [], new: 5)])
        let instant = Self.midnight + 23 * Self.hour + 1800
        #expect(s.count(at: instant, zone: FixedOffsetZone(offset: 0)) == .init(cards: 0, topics: 0))
        #expect(s.count(at: instant, zone: FixedOffsetZone(offset: 19_800)) == .init(cards: 1, topics: 1))
        #expect(ZoneFixtures.london.startOfDay(at: instant) == ZoneFixtures.london.firstInstant(
            on: ZoneFixtures.london.civilDate(at: instant), at: LocalTime(hour: 0, minute: 0)!))
    }

    @Test func theFileRoundTripsAndIsOneLineInAFixedOrder() throws {
        let s = DueSummary(newPerDay: 20, newStudied: [5, 3], topics: [DueSummary.Topic(due: [9, -1], new: 2)])
        let text = String(decoding: s.encoded(), as: UTF8.self)
        #expect(text == #"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[3,5],"topics":[{"due":[-1,9],"new":2}]}"# + "\n")
        #expect(try DueSummary.decode(s.encoded()) == s)
        #expect(try DueSummary.decode(DueSummary.empty.encoded()) == .empty)
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        (#"{"format":"daily-dose-due/2","newPerDay":20,"newStudied":[],"topics":[]}"#, "is not"),
        (#"{"newPerDay":20,"format":"daily-dose-due/1","newStudied":[],"topics":[]}"#, "first field"),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[],"topics":[],"fronts":[]}"#, "\"fronts\" is unknown"),
        (#"{"format":"daily-dose-due/1","newPerDay":-1,"newStudied":[],"topics":[]}"#, "\"newPerDay\""),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[2,1],"topics":[]}"#, "earliest first"),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[1.5],"topics":[]}"#, "whole seconds"),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[]}"#, "\"topics\" is missing"),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[],"topics":[{"due":[],"new":1,"back":"x"}]}"#, "topics[0]"),
        (#"{"format":"daily-dose-due/1","newPerDay":20,"newStudied":[],"topics":[{"due":[3,2],"new":1}]}"#, "topics[0].due"),
    ])
    func aMalformedFileIsRefusedNamingWhatIsWrong(text: String, expected: String) {
        do {
            _ = try DueSummary.decode(Array(text.utf8))
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func theEnglishLine() {
        #expect(DueSummary.Count(cards: 0, topics: 0).englishLine == nil)
        #expect(DueSummary.Count(cards: 1, topics: 1).englishLine == "1 flashcard due in 1 topic")
        #expect(DueSummary.Count(cards: 2, topics: 1).englishLine == "2 flashcards due in 1 topic")
        #expect(DueSummary.Count(cards: 12, topics: 3).englishLine == "12 flashcards due in 3 topics")
    }

    @Test func theLineComesAfterTheTextAndBeforeTheHintEscapedForMarkup() {
        let fact = Item(id: "f-ohm", kind: .fact, title: "Ohm's law", text: "V = IR <always>")
        let line = "12 flashcards & 3 <topics>"
        let plain = CopyBuilder.copy(for: Teaser(fact), markup: false, dueLine: line, openHint: "Open it with: dose show X")
        #expect(plain.body == "V = IR <always>\n12 flashcards & 3 <topics>\nOpen it with: dose show X")
        let marked = CopyBuilder.copy(for: Teaser(fact), markup: true, dueLine: line)
        #expect(marked.body == "V = IR &lt;always&gt;\n12 flashcards &amp; 3 &lt;topics&gt;")
        // Cutting the dose's text leaves the line whole.
        let cut = CopyBuilder.copy(for: Teaser(fact), markup: false, maxBodyLength: 4, dueLine: line)
        #expect(cut.body.hasSuffix("\n12 flashcards & 3 <topics>") && cut.body.count < 40)
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: false, dueLine: nil).body == "V = IR <always>")
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: false, dueLine: "  ").body == "V = IR <always>")
    }
}
