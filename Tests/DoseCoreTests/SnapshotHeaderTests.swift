import DoseCore
import DoseTestSupport
import Testing

/// The quick look a planning pass takes at the snapshot's two ends before deciding not to rewrite it.
@Suite(.timeLimit(.minutes(5)), .watched) struct SnapshotHeaderTests {
    private static let items = [
        Item(id: "f-1", kind: .fact, sortKey: -4, tags: [BranchCode(exactly: "CS")!], text: "One"),
        Item(id: "q-2", kind: .question, text: "Two?", answer: "Yes"),
    ]

    /// The header `read` finds in the whole of `bytes` (both ends from the same bytes, as the file gives them).
    private static func header(_ bytes: [UInt8]) -> SnapshotHeader? {
        SnapshotHeader.read(
            prefix: Array(bytes.prefix(SnapshotHeader.prefixLength)), suffix: Array(bytes.suffix(SnapshotHeader.suffixLength)))
    }

    @Test func readsWhatTheEncoderWrote() {
        let full = Snapshot(generatedAt: 1_700_000_000, items: Self.items)
        #expect(Self.header(full.encoded())
            == SnapshotHeader(generatedAt: 1_700_000_000, poolDigest: full.poolDigest, count: 2))
        let empty = Snapshot(generatedAt: -7, items: [])
        #expect(Self.header(empty.encoded()) == SnapshotHeader(generatedAt: -7, poolDigest: empty.poolDigest, count: 0))
    }

    /// A file cut anywhere loses its ending (or its header): the pass rewrites it.
    @Test func everyProperPrefixIsRefused() {
        for snapshot in [Snapshot(generatedAt: 1, items: Self.items), Snapshot(generatedAt: 1, items: [])] {
            let bytes = snapshot.encoded()
            for length in 0..<bytes.count {
                #expect(Self.header(Array(bytes.prefix(length))) == nil, "prefix of \(length) bytes")
            }
        }
    }

    /// Valid JSON the full decoder accepts, but not laid out as the encoder lays it out: rewritten, never misread.
    @Test func otherLayoutsAreRefused() {
        let bytes = Snapshot(generatedAt: 3, poolDigest: "d", items: Self.items).encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        let reordered = text.replacing(
            "\"generatedAt\": 3,\n  \"poolDigest\": \"d\",", with: "\"poolDigest\": \"d\",\n  \"generatedAt\": 3,",
            maxReplacements: 1)
        #expect(reordered != text)
        #expect(Self.header(Array(reordered.utf8)) == nil)
        #expect(Self.header([0xEF, 0xBB, 0xBF] + bytes) == nil, "a byte order mark")
        let otherVersion = text.replacing("daily-dose-snapshot/1", with: "daily-dose-snapshot/2", maxReplacements: 1)
        #expect(Self.header(Array(otherVersion.utf8)) == nil)
        // An empty snapshot's ending on a file that declares items, and the other way round.
        let countZero = text.replacing("\"count\": 2", with: "\"count\": 0", maxReplacements: 1)
        #expect(Self.header(Array(countZero.utf8)) == nil)
        let empty = String(decoding: Snapshot(generatedAt: 3, poolDigest: "d", items: []).encoded(), as: UTF8.self)
        #expect(Self.header(Array(empty.utf8)) != nil)
        #expect(Self.header(Array(empty.replacing("\"count\": 0", with: "\"count\": 1", maxReplacements: 1).utf8)) == nil)
        #expect(Self.header(Array("garbage".utf8)) == nil)
        #expect(Self.header([]) == nil)
    }
}
