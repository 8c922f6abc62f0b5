import DoseCore
import DoseTestSupport
import Testing

/// `dose list` and `dose search`: folding, the query's filters, and lines that never hold an answer.
@Suite(.timeLimit(.minutes(5)), .watched) struct ItemQueryTests {
    static let items = [
        Item(id: "m-ampere", kind: .formula, tags: [BranchCode(exactly: "EE")!], title: "Ampère–Maxwell law", text: "\\nabla \\times B"),
        Item(id: "f-schrodinger", kind: .fact, title: "Schrödinger's equation", text: "An eigenproblem"),
        Item(id: "q-weber", kind: .question, title: nil, text: "What is one weber?", answer: "one volt-second", explanation: "Faraday's law"),
        Item(id: "f-bernoulli", kind: .fact, sortKey: -1, tags: [BranchCode(exactly: "ME")!], text: "Bernoulli's STRASSE"),
    ]

    @Test(arguments: [
        ("Ampère", "ampere"), ("SCHRÖDINGER", "schrodinger"), ("e\u{301}cole", "ecole"), ("Straße", "strasse"),
        ("Œuvre", "oeuvre"), ("ÆON", "aeon"), ("Łódź", "lodz"), ("Ñandú", "nandu"), ("İstanbul", "istanbul"), ("ƒ", "ƒ"),
    ])
    func foldsCaseAndAccents(text: String, folded: String) {
        #expect(SearchFold.fold(text) == folded)
    }

    @Test func searchIsCaseAndAccentInsensitiveInIdTitleAndText() {
        #expect(ItemQuery(text: "AMPERE").select(Self.items).map(\.id) == ["m-ampere"])
        #expect(ItemQuery(text: "schrodinger").select(Self.items).map(\.id) == ["f-schrodinger"])
        #expect(ItemQuery(text: "straße").select(Self.items).map(\.id) == ["f-bernoulli"])
        #expect(ItemQuery(text: "weber").select(Self.items).map(\.id) == ["q-weber"])
        #expect(ItemQuery(text: "Schrödinger").select(Self.items).map(\.id) == ["f-schrodinger"])
    }

    @Test func answersAndExplanationsAreNeverSearched() {
        #expect(ItemQuery(text: "volt-second").select(Self.items).isEmpty)
        #expect(ItemQuery(text: "faraday").select(Self.items).isEmpty)
    }

    @Test func kindAndBranchFilterAndTheOrderIsKindSortKeyId() {
        #expect(ItemQuery().select(Self.items).map(\.id) == ["f-bernoulli", "f-schrodinger", "m-ampere", "q-weber"])
        #expect(ItemQuery(kind: .fact).select(Self.items).map(\.id) == ["f-bernoulli", "f-schrodinger"])
        // A branch sees its own items and the untagged ones, as the resolver's audience filter.
        #expect(ItemQuery(audience: .branch(BranchCode(exactly: "EE")!)).select(Self.items).map(\.id) == ["f-schrodinger", "m-ampere", "q-weber"])
        #expect(ItemQuery(kind: .formula, audience: .branch(BranchCode(exactly: "ME")!)).select(Self.items).isEmpty)
        // Common only: the untagged items alone.
        let common = ItemQuery(audience: .commonOnly).select(Self.items)
        #expect(common.allSatisfy { $0.tags.isEmpty })
        #expect(ItemQuery(audience: .commonOnly).select(Self.items).count == Self.items.filter(\.tags.isEmpty).count)
    }

    @Test func aLineNeverHoldsTheAnswerAndStaysOneLine() {
        let question = Self.items[2]
        let line = ItemLine.line(question)
        #expect(line == "q-weber  question  What is one weber?")
        #expect(!line.contains("volt") && !line.contains("Faraday"))
        let hostile = Item(id: "x", kind: .fact, title: "two\nlines\u{1B}]52;c;\u{9B}31m", text: "t")
        let hostileLine = ItemLine.line(hostile)
        #expect(!hostileLine.contains("\n") && !hostileLine.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(hostileLine.contains("two lines"))
        #expect(ItemLine.line(Self.items[0], idWidth: 15) == "m-ampere         formula   Ampère–Maxwell law")
    }

    @Test func anUntitledItemShowsItsTextCutAtAWord() {
        let long = Item(id: "f", kind: .fact, text: String(repeating: "word ", count: 30))
        let title = ItemLine.title(of: long)
        #expect(title.hasSuffix("word…") && DisplayWidth.of(title) <= 60, "\(title)")
    }

    @Test func theCensusCountsEachBranchAndTheUntagged() {
        let census = BranchCensus(Self.items)
        #expect(census.codes == "EE, ME")
        #expect(census.untagged == 2)
        #expect(census.carries(BranchCode(exactly: "EE")!) && !census.carries(BranchCode(exactly: "ZZ")!))
        #expect(census.lines == ["EE  1 item", "ME  1 item", "(untagged, shown to every branch: 2 items)"])
    }
}
