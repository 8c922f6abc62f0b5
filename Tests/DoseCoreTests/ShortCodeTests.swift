import DoseTestSupport
import Testing
@testable import DoseCore

/// The short code the notification's hint prints instead of an id: stable, free of the id's words,
/// and found by the snapshot index in the whole pool.
@Suite(.timeLimit(.minutes(5)), .watched) struct ShortCodeTests {
    static let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")

    @Test func eightCrockfordCharactersThatCarryNoWordOfTheId() {
        for id in ["q-weber-unit", "q-weber", "f-ohm", "weber", "é", String(repeating: "x", count: 256)] {
            let code = ShortCode.code(forID: id)
            #expect(code.count == ShortCode.length, "\(id)")
            #expect(code.allSatisfy(Self.alphabet.contains), "\(id): \(code)")
        }
        #expect(!ShortCode.code(forID: "q-weber-unit").contains("weber"))
        #expect(!ShortCode.code(forID: "q-weber-unit").contains("web"))
    }

    /// The code is a contract between `dose-notify` and `dose`, possibly of different builds: fixed values
    /// (computed by an independent Python implementation of the same hash).
    @Test func goldenCodes() {
        #expect(ShortCode.code(forID: "q-weber-unit") == "8gv55qj1")
        #expect(ShortCode.code(forID: "f-ohm") == "cpqztg0t")
    }

    @Test func distinctAcrossTwentyThousandSimilarIds() {
        var seen: Set<String> = []
        for number in 0..<20_000 { seen.insert(ShortCode.code(forID: "item-\(number)")) }
        #expect(seen.count == 20_000)
    }

    @Test func typedCodesAreNormalized() {
        let code = ShortCode.code(forID: "q-weber-unit")
        #expect(ShortCode.normalized(code) == code)
        #expect(ShortCode.normalized(code.uppercased()) == code)
        #expect(ShortCode.normalized("IL0O1234") == "11001234")
        #expect(ShortCode.normalized("abc") == nil)
        #expect(ShortCode.normalized("abcdefgu") == nil)
        #expect(ShortCode.normalized("q-weber-") == nil)
        #expect(ShortCode.normalized("abcdefghj") == nil)
    }

    @Test func theIndexFindsAnItemByItsCodeInTheWholePool() throws {
        let items = [
            Item(id: "q-weber-unit", kind: .question, tags: [BranchCode(exactly: "EE")!], text: "What is one weber?", answer: "V s"),
            Item(id: "f-ohm", kind: .fact, text: "Ohm"),
        ]
        let index = try SnapshotIndex.decode(Snapshot(generatedAt: 1, items: items).encoded())
        let positions = index.positions(ofCode: ShortCode.code(forID: "q-weber-unit"))
        #expect(positions.map(index.id(at:)) == ["q-weber-unit"])
        #expect(index.positions(ofCode: ShortCode.code(forID: "retired")).isEmpty)
    }
}
