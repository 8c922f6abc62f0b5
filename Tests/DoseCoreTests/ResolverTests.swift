import DoseTestSupport
import Testing
@testable import DoseCore

/// The resolver contract, with the brief's golden table (every cell), which was also
/// cross-checked with a python3 transcription of the contract.
@Suite(.timeLimit(.minutes(5)), .watched)
struct ResolverTests {
    static func code(_ text: String) -> BranchCode { BranchCode(exactly: text)! }

    static let pool: [Item] = [
        Item(id: "f-ohm", kind: .fact, sortKey: 2, text: "t"),
        Item(id: "f-kcl", kind: .fact, sortKey: 1, tags: [code("EE"), code("EC")], text: "t"),
        Item(id: "f-big-o", kind: .fact, sortKey: 1, tags: [code("CS")], text: "t"),
        Item(id: "f-euler", kind: .fact, sortKey: 0, text: "t"),
        Item(id: "f-Zeta", kind: .fact, sortKey: 0, text: "t"),
        Item(id: "f-alpha", kind: .fact, sortKey: 0, text: "t"),
        Item(id: "m-faraday", kind: .formula, sortKey: 5, text: "t"),
        Item(id: "m-bernoulli", kind: .formula, sortKey: 5, tags: [code("ME"), code("CE")], text: "t"),
        Item(id: "m-ohm", kind: .formula, sortKey: -3, text: "t"),
        Item(id: "q-weber", kind: .question, sortKey: 0, text: "t"),
        Item(id: "q-é", kind: .question, sortKey: 0, text: "t"),
        Item(id: "q-z", kind: .question, sortKey: 0, text: "t"),
        Item(id: "q-stack", kind: .question, sortKey: 7, tags: [code("CS")], text: "t"),
    ]

    /// date, day, then the expected id for: no branch, CS, EE, ME, XX.
    static let table: [(String, Int, [String])] = [
        ("1969-12-30", -2, ["m-bernoulli", "m-ohm", "m-ohm", "m-bernoulli", "m-ohm"]),
        ("1969-12-31", -1, ["q-weber", "q-weber", "q-z", "q-z", "q-z"]),
        ("1970-01-01", 0, ["f-kcl", "f-ohm", "f-ohm", "f-alpha", "f-alpha"]),
        ("1970-01-02", 1, ["m-faraday", "m-faraday", "m-faraday", "m-faraday", "m-faraday"]),
        ("2000-02-29", 11016, ["f-kcl", "f-Zeta", "f-Zeta", "f-alpha", "f-alpha"]),
        ("2026-11-29", 20786, ["q-z", "q-z", "q-weber", "q-weber", "q-weber"]),
        ("2026-12-02", 20789, ["q-stack", "q-stack", "q-z", "q-z", "q-z"]),
        ("2038-01-19", 24855, ["f-Zeta", "f-ohm", "f-ohm", "f-ohm", "f-ohm"]),
        ("2100-03-01", 47541, ["f-ohm", "f-Zeta", "f-Zeta", "f-Zeta", "f-Zeta"]),
    ]
    static let audiences: [Audience] = [.everyone, .branch(code("CS")), .branch(code("EE")), .branch(code("ME")), .branch(code("XX"))]

    @Test func goldenTable() throws {
        for (iso, day, expected) in Self.table {
            let date = try #require(CivilDate(iso: iso))
            #expect(date.daysSinceEpoch == day, "\(iso)")
            for (audience, id) in zip(Self.audiences, expected) {
                let got = Resolver.resolve(pool: Self.pool, audience: audience, date: date)
                #expect(got?.id == id, "\(iso) \(audience)")
            }
            // Common only is the untagged items: exactly what a branch no item carries (XX) sees.
            #expect(Resolver.resolve(pool: Self.pool, audience: .commonOnly, date: date)?.id == expected[4], "\(iso) common")
        }
    }

    /// Reordering the pool (a deterministic family of shuffles) never changes a cell.
    @Test func inputOrderDoesNotMatter() throws {
        var generator = SplitMix(seed: 42)
        for _ in 0..<25 {
            var reordered = Self.pool
            for i in stride(from: reordered.count - 1, to: 0, by: -1) {
                reordered.swapAt(i, Int(generator.next() % UInt64(i + 1)))
            }
            for (iso, _, expected) in Self.table {
                let date = try #require(CivilDate(iso: iso))
                for (audience, id) in zip(Self.audiences, expected) {
                    #expect(Resolver.resolve(pool: reordered, audience: audience, date: date)?.id == id)
                }
            }
        }
        let reversed = Array(Self.pool.reversed())
        #expect(Resolver.resolve(pool: reversed, audience: .everyone, date: CivilDate(daysSinceEpoch: 0))?.id == "f-kcl")
    }

    @Test func audienceFilter() {
        #expect(Resolver.audience(of: Self.pool, for: .everyone).count == Self.pool.count)
        let cs = Resolver.audience(of: Self.pool, for: .branch(Self.code("CS"))).map(\.id)
        #expect(cs.contains("f-big-o") && cs.contains("q-stack") && cs.contains("f-ohm"))
        #expect(!cs.contains("f-kcl") && !cs.contains("m-bernoulli"))
        let unknown = Resolver.audience(of: Self.pool, for: .branch(Self.code("XX")))
        #expect(unknown.allSatisfy { $0.tags.isEmpty })
        #expect(unknown.count == 9)
        let common = Resolver.audience(of: Self.pool, for: .commonOnly).map(\.id)
        #expect(common == unknown.map(\.id))
        #expect(!common.contains("f-big-o") && !common.contains("f-kcl") && common.contains("f-ohm"))
    }

    @Test func emptyPoolResolvesToNil() {
        for day in [-5, -1, 0, 1, 2, 20786] {
            #expect(Resolver.resolve([], on: CivilDate(daysSinceEpoch: day)) == nil)
        }
        let onlyCS = [Item(id: "x", kind: .fact, tags: [Self.code("CS")], text: "t")]
        #expect(Resolver.resolve(pool: onlyCS, audience: .branch(Self.code("EE")), date: CivilDate(daysSinceEpoch: 0)) == nil)
        #expect(Resolver.resolve(pool: onlyCS, audience: .commonOnly, date: CivilDate(daysSinceEpoch: 0)) == nil)
    }

    /// With only formulas, every day (whatever its kind) falls through to a formula; with
    /// facts and questions only, a formula day falls through to a question (the next kind).
    @Test func kindFallback() {
        let formulas = Self.pool.filter { $0.kind == .formula }
        for day in -6...6 {
            #expect(Resolver.resolve(formulas, on: CivilDate(daysSinceEpoch: day))?.kind == .formula)
        }
        let noFormulas = Self.pool.filter { $0.kind != .formula }
        #expect(Resolver.resolve(noFormulas, on: CivilDate(daysSinceEpoch: 1))?.kind == .question)
        #expect(Resolver.resolve(noFormulas, on: CivilDate(daysSinceEpoch: -2))?.kind == .question)
        let noQuestions = Self.pool.filter { $0.kind != .question }
        // A question day wraps round to facts.
        #expect(Resolver.resolve(noQuestions, on: CivilDate(daysSinceEpoch: 2))?.kind == .fact)
        #expect(Resolver.resolve(noQuestions, on: CivilDate(daysSinceEpoch: -1))?.kind == .fact)
    }

    /// Negative days use floor division: day -1 is cycle -1 and kind 2 (question).
    @Test func negativeDays() {
        let questions = (0..<5).map { Item(id: "q\($0)", kind: .question, text: "t") }
        let order = Shuffle.permutation(5)
        for day in stride(from: -31, through: 31, by: 3) where day.floorModulo(3) == 2 {
            let cycle = day.floorDivided(by: 3)
            let expected = "q\(order[cycle.floorModulo(5)])"
            #expect(Resolver.resolve(questions, on: CivilDate(daysSinceEpoch: day))?.id == expected, "day \(day)")
        }
        // Truncating arithmetic would give kind -1 % 3 == -1: make sure -1 is a question day.
        #expect(Resolver.resolve(Self.pool, on: CivilDate(daysSinceEpoch: -1))?.kind == .question)
        #expect(Resolver.resolve(Self.pool, on: CivilDate(daysSinceEpoch: -3))?.kind == .fact)
    }

    @Test func sortsIdsByUTF8Bytes() {
        let zeta = Item(id: "f-Zeta", kind: .fact, text: "t")
        let alpha = Item(id: "f-alpha", kind: .fact, text: "t")
        #expect(Resolver.precedes(zeta, alpha))
        #expect(!Resolver.precedes(alpha, zeta))
        let eAcute = Item(id: "q-é", kind: .question, text: "t")
        let z = Item(id: "q-z", kind: .question, text: "t")
        #expect(Resolver.precedes(z, eAcute))
        // Precomposed é (C3 A9) and decomposed e + U+0301 are equal Swift Strings but
        // different bytes; the decomposed one ('e' = 65) sorts first bytewise.
        let composed = Item(id: "\u{E9}", kind: .fact, text: "t")
        let decomposed = Item(id: "e\u{301}", kind: .fact, text: "t")
        #expect(composed.id == decomposed.id)
        #expect(Resolver.precedes(decomposed, composed))
        #expect(!Resolver.precedes(composed, decomposed))
        // Sort key dominates the id.
        let later = Item(id: "a", kind: .fact, sortKey: 1, text: "t")
        let earlier = Item(id: "b", kind: .fact, sortKey: -1, text: "t")
        #expect(Resolver.precedes(earlier, later))
    }

    /// A two-item kind alternates by cycle in shuffle(2) = [1, 0] order of the sorted ids.
    @Test func walksTheShufflePerCycle() {
        let facts = [Item(id: "f-alpha", kind: .fact, text: "t"), Item(id: "f-Zeta", kind: .fact, text: "t")]
        // Sorted: [f-Zeta, f-alpha]; cycle 0 -> index 1, cycle 1 -> index 0.
        #expect(Resolver.resolve(facts, on: CivilDate(daysSinceEpoch: 0))?.id == "f-alpha")
        #expect(Resolver.resolve(facts, on: CivilDate(daysSinceEpoch: 3))?.id == "f-Zeta")
        #expect(Resolver.resolve(facts, on: CivilDate(daysSinceEpoch: -3))?.id == "f-Zeta")
    }
}

/// A small deterministic generator for the tests (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
