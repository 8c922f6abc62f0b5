import DoseCore
import DoseTestSupport
import Testing

/// The calendar: weekdays, lines without answers, and positions that are the resolver's.
@Suite(.timeLimit(.minutes(5)), .watched) struct DoseCalendarTests {
    @Test(arguments: [
        ("1970-01-01", "Thu"), ("1969-12-31", "Wed"), ("2000-02-29", "Tue"), ("2026-11-30", "Mon"),
        ("2026-12-06", "Sun"), ("1900-01-01", "Mon"), ("9999-12-31", "Fri"), ("0001-01-01", "Mon"),
    ])
    func weekdays(date: String, weekday: String) throws {
        #expect(DoseCalendar.weekday(try #require(CivilDate(iso: date))) == weekday)
    }

    @Test func aLineHasWeekdayDateKindAndTitleAndNoAnswer() throws {
        let item = Item(id: "q-weber", kind: .question, title: "The weber", text: "What is one weber?",
                        answer: "one volt-second", explanation: "Faraday")
        let line = DoseCalendar.line(date: try #require(CivilDate(iso: "2026-12-02")), item: item)
        #expect(line == "Wed 2026-12-02  question  The weber")
    }

    /// Over 1,000 days and every audience, the calendar's positions are the items the resolver
    /// picks from the same pool decoded in full.
    @Test(arguments: [nil, "EE", "CS", "ZZ", "common"] as [String?])
    func positionsAreTheResolversDoses(branch: String?) throws {
        var items: [Item] = []
        for index in 0..<40 {
            let kind = Kind.rotation[index % 3]
            let tags = index % 5 == 0 ? [BranchCode(exactly: "EE")!] : index % 7 == 0 ? [BranchCode(exactly: "CS")!] : []
            items.append(Item(id: "item-\(index)", kind: kind, sortKey: Int64(index % 4), tags: tags, text: "text \(index)",
                              answer: kind == .question ? "a" : nil))
        }
        let bytes = Array(Snapshot(generatedAt: 0, items: items).encoded())
        let index = try SnapshotIndex.decode(bytes)
        let audience = try #require(Audience(configured: branch))
        let start = try #require(CivilDate(iso: "2026-01-01"))
        let days = DoseCalendar.positions(index, audience: audience, from: start, days: 1000)
        #expect(days.count == 1000)
        for (offset, day) in days.enumerated() {
            #expect(day.date == start.adding(days: offset))
            let expected = Resolver.resolve(pool: items, audience: audience, date: day.date)
            let got = try day.position.map { try index.item(at: $0) }
            #expect(got == expected, "\(day.date)")
        }
    }
}
