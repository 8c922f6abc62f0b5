import DoseTestSupport
import Foundation
import Testing
@testable import DoseCore

/// The lean read path (`SnapshotIndex` + `Resolver.resolve(_:branch:date:)`) against the full one
/// (`Snapshot.decode` + `Resolver.resolve(pool:branch:date:)`): the same pick, the same item, the same errors.
@Suite(.timeLimit(.minutes(5)), .watched) struct SnapshotIndexTests {
    static func code(_ text: String) -> BranchCode { BranchCode(exactly: text)! }
    static let audiences: [Audience] = [.everyone, .commonOnly] + ["CS", "EE", "ME", "CE", "XX"].map { .branch(code($0)) }
    /// The golden pool as a snapshot can hold it: its questions get an answer (which no pick depends on).
    static let goldenPool = ResolverTests.pool.map { item in
        var item = item
        if item.kind == .question { item.answer = "a" }
        return item
    }

    /// Asserts that both paths pick the same item on every day of `days` for every branch, and that
    /// the lean path's item decoded from its line is the full path's item.
    static func expectSamePicks(_ items: [Item], days: some Sequence<Int>, _ note: String = "") throws {
        let bytes = Snapshot(generatedAt: 7, items: items).encoded()
        let full = try Snapshot.decode(bytes)
        let index = try SnapshotIndex.decode(bytes)
        #expect(index.count == full.items.count)
        #expect(index.generatedAt == full.generatedAt && index.poolDigest == full.poolDigest)
        for day in days {
            let date = CivilDate(daysSinceEpoch: day)
            for audience in audiences {
                let expected = Resolver.resolve(pool: full.items, audience: audience, date: date)
                let position = Resolver.resolve(index, audience: audience, date: date)
                #expect(position.map(index.id(at:)) == expected?.id, "\(note) day \(day) \(audience)")
                if let position { #expect(try index.item(at: position) == expected, "\(note) day \(day)") }
            }
        }
    }

    @Test func goldenPoolPicksTheSameItems() throws {
        for (iso, _, expected) in ResolverTests.table {
            let date = try #require(CivilDate(iso: iso))
            let index = try SnapshotIndex.decode(Snapshot(generatedAt: 1, items: Self.goldenPool).encoded())
            for (audience, id) in zip(ResolverTests.audiences, expected) {
                #expect(Resolver.resolve(index, audience: audience, date: date).map(index.id(at:)) == id, "\(iso)")
            }
            #expect(Resolver.resolve(index, audience: .commonOnly, date: date).map(index.id(at:)) == expected[4], "\(iso) common")
        }
        try Self.expectSamePicks(Self.goldenPool, days: -400...400, "golden")
    }

    @Test func samplePackPicksTheSameItemsForAThousandDays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("content/sample-pack.json"))
        let report = PackValidator.validate(Array(data))
        #expect(report.isValid)
        #expect(report.items.count > 60)
        let start = try #require(CivilDate(iso: "2026-01-01")).daysSinceEpoch
        try Self.expectSamePicks(report.items, days: start..<(start + 1000), "sample pack")
    }

    @Test func randomPoolsPickTheSameItems() throws {
        var random = SplitMix(seed: 20_261_129)
        let idPieces = ["a", "B", "é", "e\u{301}", "日", "𝄞", "-", "/", "\"", "\\", " ", "z"]
        let codes = ["CS", "EE", "ME", "CE"].map(Self.code)
        for round in 0..<40 {
            let count = Int(random.next() % 60)
            var items: [Item] = []
            var ids = Set<[UInt8]>()
            while items.count < count {
                var id = ""
                for _ in 0...(random.next() % 4) { id += idPieces[Int(random.next() % UInt64(idPieces.count))] }
                guard ids.insert(Array(id.utf8)).inserted else { continue }
                let kind = Kind.rotation[Int(random.next() % 3)]
                let tags = codes.filter { _ in random.next() % 3 == 0 }
                let sortKey = Int64(random.next() % 5) - 2  // few keys, so ties on the id bytes are common
                items.append(Item(
                    id: id, kind: kind, sortKey: random.next() % 17 == 0 ? .min : sortKey, tags: tags,
                    title: random.next() % 2 == 0 ? "T \(id)" : nil, text: "text \\ \"\(id)\"\n",
                    answer: kind == .question ? "a" : nil, explanation: random.next() % 2 == 0 ? "e" : nil))
            }
            let days = (0..<30).map { _ in Int(random.next() % 80_000) - 40_000 }
            try Self.expectSamePicks(items, days: days, "round \(round)")
        }
    }

    @Test func everyItemDecodesFromItsLine() throws {
        let items = Self.goldenPool + [Item(id: "x\u{7E}\"esc\\aped", kind: .question, sortKey: 9, tags: [Self.code("CS")],
                                               title: "t", text: "é 😀 \u{1}", answer: "a", explanation: "e")]
        let bytes = Snapshot(generatedAt: 1, items: items).encoded()
        let index = try SnapshotIndex.decode(bytes)
        for (position, item) in try Snapshot.decode(bytes).items.enumerated() {
            #expect(try index.item(at: position) == item)
            #expect(index.position(ofID: item.id) == position)
            #expect(index.kind(at: position) == item.kind)
        }
        #expect(index.position(ofID: "missing") == nil)
        #expect(index.position(ofID: "f-oh") == nil)
    }

    /// Both readers accept and reject exactly the same documents, with the same error.
    static func expectSameVerdict(_ bytes: [UInt8], _ note: String = "") {
        var fullError: SnapshotError?
        var leanError: SnapshotError?
        do { _ = try Snapshot.decode(bytes) } catch { fullError = error }
        do { _ = try SnapshotIndex.decode(bytes) } catch { leanError = error }
        #expect(fullError == leanError, "\(note)")
    }

    @Test func everyPrefixFailsLikeTheFullDecoder() {
        let bytes = Snapshot(generatedAt: 1_700_000_000, items: Self.goldenPool + [
            Item(id: "q-\\é", kind: .question, sortKey: -1, tags: [Self.code("EE")], text: "\\frac{1}{2} \"q\"", answer: "a"),
        ]).encoded()
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            var rejected = false
            do { _ = try SnapshotIndex.decode(prefix) } catch { rejected = true }
            #expect(rejected, "prefix of \(length) bytes accepted")
            Self.expectSameVerdict(prefix, "prefix \(length)")
        }
        Self.expectSameVerdict(bytes)
    }

    @Test func invalidItemsFailLikeTheFullDecoder() {
        let cases = [
            #"{"id":"b","kind":"fact","sortKey":0,"tags":["CS "],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":["cs"],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[1],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":["CS","CS"],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":["C\u0053","CS"],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":"CS","text":"t"}"#,
            #"{"id":"b","kind":"fakt","sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"f\u0061ct","sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":1,"sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":1e3,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":9223372036854775808,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":"0","tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[]}"#,
            #"{"id":"b","kind":"fact","tags":[],"text":"t"}"#,
            #"{"id":"b","sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":""}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"\u0000"}"#,
            #"{"id":"b","kind":"question","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","answer":"a"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","title":5}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","explanation":null}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","colour":"red"}"#,
            #"{"id":"b","kind":"fact","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"a\u007F","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            "{\"id\":\"a\u{7F}\",\"kind\":\"fact\",\"sortKey\":0,\"tags\":[],\"text\":\"q\"}",
            "{\"id\":\"a\u{85}\",\"kind\":\"fact\",\"sortKey\":0,\"tags\":[],\"text\":\"q\"}",
            "{\"id\":\"a\u{A0}\",\"kind\":\"fact\",\"sortKey\":0,\"tags\":[],\"text\":\"q\"}",
            #"{"id":"a\u0001","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            "{\"id\":\"" + String(repeating: "x", count: 128) + "\",\"kind\":\"fact\",\"sortKey\":0,\"tags\":[],\"text\":\"q\"}",
            "{\"id\":\"" + String(repeating: "x", count: 129) + "\",\"kind\":\"fact\",\"sortKey\":0,\"tags\":[],\"text\":\"q\"}",
            #"{"id":5,"kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"ok","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"o\u006B","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"bad \x escape"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"lone \uD800"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q"} "#,
            #"{}"#,
            #"["not an item"]"#,
        ]
        for item in cases {
            let text = "{\"format\": \"daily-dose-snapshot/1\", \"generatedAt\": 1, \"poolDigest\": \"p\", \"count\": 2, \"items\": [\n"
                + #"{"id":"ok","kind":"fact","sortKey":0,"tags":[],"text":"t"},"# + "\n" + item + "\n]}\n"
            var bytes = Array(text.utf8)
            Self.expectSameVerdict(bytes, item)
            // Invalid UTF-8 inside a skipped field.
            if let at = bytes.firstIndex(of: UInt8(ascii: "q")) { bytes[at] = 0xC0 }
            Self.expectSameVerdict(bytes, "invalid UTF-8 in \(item)")
        }
    }

    /// A document with `item` as its second item, as `invalidItemsFailLikeTheFullDecoder` builds them.
    static func document(with item: String) -> [UInt8] {
        Array(("{\"format\": \"daily-dose-snapshot/1\", \"generatedAt\": 1, \"poolDigest\": \"p\", \"count\": 2, \"items\": [\n"
            + #"{"id":"ok","kind":"fact","sortKey":0,"tags":[],"text":"t"},"# + "\n" + item + "\n]}\n").utf8)
    }

    /// The same verdict as the full decoder and, when accepted, the same ids in the same order.
    static func expectSameReading(_ bytes: [UInt8], _ note: String) {
        expectSameVerdict(bytes, note)
        guard let full = try? Snapshot.decode(bytes), let index = try? SnapshotIndex.decode(bytes) else { return }
        #expect((0..<index.count).map(index.id(at:)) == full.items.map(\.id), "\(note)")
    }

    /// The encoder-shaped fast paths (keys compared whole, ids and strings eight bytes at a time, bare
    /// separators) against the full decoder: a special byte at every offset across the word boundaries,
    /// near-miss keys, and the same items written with whitespace or escapes, which take the general path.
    @Test func fastPathsReadLikeTheFullDecoder() {
        let specials: [(String, [UInt8])] = [
            ("DEL", [0x7F]), ("C1", [0xC2, 0x85]), ("NBSP", [0xC2, 0xA0]), ("NUL", [0x00]), ("tab", [0x09]),
            ("escaped quote", Array(#"\""#.utf8)), ("escape", Array(#"\u0041"#.utf8)), ("bad escape", Array(#"\x"#.utf8)),
            ("é", Array("é".utf8)), ("lone continuation", [0x80]), ("0xFF", [0xFF]), ("space", [0x20]), ("tilde", [0x7E]),
        ]
        for (name, special) in specials {
            for offset in 0...17 {
                for tail in [0, 1, 9] {
                    let value = Array(String(repeating: "i", count: offset).utf8) + special + Array(String(repeating: "j", count: tail).utf8)
                    let id = Array(#"{"id":""#.utf8) + value + Array(#"","kind":"fact","sortKey":0,"tags":[],"text":"t"}"#.utf8)
                    Self.expectSameReading(Self.bytes(replacingItemWith: id), "id: \(name) at \(offset), tail \(tail)")
                    let text = Array(#"{"id":"b","kind":"fact","sortKey":0,"tags":[],"title":""#.utf8) + value + Array(#"","text":"t"}"#.utf8)
                    Self.expectSameReading(Self.bytes(replacingItemWith: text), "title: \(name) at \(offset), tail \(tail)")
                }
            }
        }
        let long = String(repeating: "x", count: 120)
        for length in [1, 7, 8, 9, 15, 16, 17, 127, 128, 129] {
            let id = String(long.prefix(min(length, 120))) + String(repeating: "y", count: max(0, length - 120))
            Self.expectSameReading(Self.document(with: #"{"id":""# + id + #"","kind":"fact","sortKey":0,"tags":[],"text":"t"}"#), "id of \(length) bytes")
        }
        let keys = ["i", "idx", "Id", "k", "kin", "kinds", "sortkey", "sortKeys", "t", "ta", "tex", "texts", "titl", "titles",
                    "answe", "explanations", "e", "x", #"\u0069d"#, #"i\u0064"#, "id ", " id"]
        for key in keys {
            Self.expectSameReading(Self.document(with: #"{""# + key + #"":"b","kind":"fact","sortKey":0,"tags":[],"text":"t"}"#), "key \(key)")
            Self.expectSameReading(Self.document(with: #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"t",""# + key + #"":"v"}"#), "late key \(key)")
        }
        let spaced = [
            #"{ "id" : "b" , "kind" : "fact" , "sortKey" : 0 , "tags" : [ "CS" , "EE" ] , "text" : "t" }"#,
            "{\n\t\"id\":\"b\",\r\n\"kind\":\"question\",\"sortKey\":-3,\"tags\":[],\"text\":\"t\",\"answer\":\"a\"\n}",
            #"{"text":"t","tags":["ME"],"sortKey":7,"kind":"formula","id":"b","title":"z","explanation":"e"}"#,
            #"{"\u0069d":"b","kind":"fact","sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"\u0062","kind":"fact","sortKey":0,"tags":[],"text":"t"}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"t",}"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"t";"#,
            #"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"t"]"#,
            #"{"id":"b""kind":"fact","sortKey":0,"tags":[],"text":"t"}"#,
        ]
        for item in spaced { Self.expectSameReading(Self.document(with: item), item) }
    }

    static func bytes(replacingItemWith item: [UInt8]) -> [UInt8] {
        let marker = Array("@ITEM@".utf8)
        let template = document(with: "@ITEM@")
        let at = (0...(template.count - marker.count)).first { Array(template[$0..<($0 + marker.count)]) == marker }!
        return Array(template[..<at]) + item + Array(template[(at + marker.count)...])
    }
}
