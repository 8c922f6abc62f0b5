import DoseCore
import DoseTestSupport
import Testing
@testable import DoseStore

/// Replacing, loading and looking up the pool, and the sync bookkeeping.
@Suite(.timeLimit(.minutes(5)), .watched) struct PoolStoreTests {
    private static func tags(_ codes: String...) -> [BranchCode] {
        codes.map { BranchCode(exactly: $0)! }
    }

    /// Items with unicode ids, extreme sort keys and every optional field both nil and set.
    private static let sample: [Item] = [
        Item(id: "fact-1", kind: .fact, text: "Water boils at 100 °C at sea level."),
        Item(
            id: "π/𝄞 «ünï» 日本", kind: .formula, sortKey: .max, tags: tags("EE", "CS"),
            title: "Euler", text: "$e^{i\\pi} + 1 = 0$", explanation: "Five constants."),
        Item(
            id: "q-min", kind: .question, sortKey: .min, tags: tags("ME"), title: nil,
            text: "Why?", answer: "", explanation: nil),
        // Precomposed and decomposed é are equal Strings but different ids in the store.
        Item(id: "caf\u{E9}", kind: .fact, sortKey: -1, text: "", explanation: "precomposed"),
        Item(id: "cafe\u{301}", kind: .fact, sortKey: 1, title: "", text: "x\u{0}y", explanation: "decomposed"),
        Item(
            id: String(repeating: "é", count: 64), kind: .question, tags: tags("ZZ", "AA", "CS"),
            text: "Long id?", answer: "128 bytes."),
    ]

    /// `items` as the store returns them: by id bytes, tags sorted.
    private static func canonical(_ items: [Item]) -> [Item] {
        items.map { item in
            var item = item
            item.tags.sort()
            return item
        }.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }

    /// Field-by-field equality that also compares the ids' bytes (String `==` does not).
    private static func expectSame(_ loaded: [Item], _ expected: [Item], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(loaded == expected, sourceLocation: sourceLocation)
        #expect(loaded.map { Array($0.id.utf8) } == expected.map { Array($0.id.utf8) }, sourceLocation: sourceLocation)
        #expect(loaded.map { $0.text.utf8.count } == expected.map { $0.text.utf8.count }, sourceLocation: sourceLocation)
    }

    @Test func roundTripsItemsExactly() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try PoolStore(database: Database(path: path)).replacePool(with: Self.sample)

        // A fresh connection, so nothing can come from a cache.
        let store = try PoolStore(database: Database(path: path))
        let loaded = try store.loadPool()
        Self.expectSame(loaded, Self.canonical(Self.sample))
        #expect(loaded.first { $0.id.utf8.elementsEqual("caf\u{E9}".utf8) }?.explanation == "precomposed")
        #expect(loaded.first { $0.id.utf8.elementsEqual("cafe\u{301}".utf8) }?.explanation == "decomposed")
        #expect(try store.count() == Self.sample.count)
    }

    /// The pool as committed is what reading it back gives, and is read back as soon as anything else wrote.
    @Test func committedPoolIsTheStoredPoolUntilAnythingChangesIt() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let store = try PoolStore(database: Database(path: path))
        // Nothing committed through this store yet: read from the database.
        #expect(try store.committedPool().isEmpty)
        try store.replacePool(with: Self.sample.reversed())
        Self.expectSame(try store.committedPool(), try store.loadPool())
        Self.expectSame(try store.committedPool(), Self.canonical(Self.sample))

        // Another connection replaces the pool: this store must not hand back its own items.
        let other = [Item(id: "other", kind: .fact, tags: Self.tags("ME", "CS"), text: "t")]
        try PoolStore(database: Database(path: path)).replacePool(with: other)
        Self.expectSame(try store.committedPool(), Self.canonical(other))

        // A write through this connection that is not a replacement also forces the read.
        try store.replacePool(with: Self.sample)
        try store.database.connection.execute("DELETE FROM item_tags", "test")
        Self.expectSame(try store.committedPool(), try store.loadPool())
        #expect(try store.committedPool().allSatisfy { $0.tags.isEmpty })

        // A replacement that fails leaves the last committed pool, read from the database.
        let duplicate = [Item(id: "d", kind: .fact, text: "1"), Item(id: "d", kind: .fact, text: "2")]
        #expect(throws: StoreError.self) { try store.replacePool(with: duplicate) }
        Self.expectSame(try store.committedPool(), try store.loadPool())
        #expect(try store.committedPool().count == Self.sample.count)
    }

    /// The pool's digest lands with the pool, in its transaction: what the snapshot of it would say.
    @Test func replacePoolRecordsThePoolsDigest() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let store = try PoolStore(database: Database(path: path))
        #expect(try store.recordedDigest() == nil, "a store never given a pool records none")
        try store.replacePool(with: Self.sample)
        #expect(try store.recordedDigest() == Snapshot.digest(of: Self.sample))
        #expect(try PoolStore(database: Database(path: path)).recordedDigest() == Snapshot.digest(of: Self.sample))
        #expect(try store.recordedDigest() == Snapshot.digest(of: try store.loadPool()))

        // A replacement that fails keeps the old pool's digest with the old pool.
        let duplicate = [Item(id: "d", kind: .fact, text: "1"), Item(id: "d", kind: .fact, text: "2")]
        #expect(throws: StoreError.self) { try store.replacePool(with: duplicate) }
        #expect(try store.recordedDigest() == Snapshot.digest(of: Self.sample))

        try store.replacePool(with: [])
        #expect(try store.recordedDigest() == Snapshot.digest(of: []))
        #expect(try store.recordedDigest() != Snapshot.digest(of: Self.sample))

        // A sync's note of its pack: the pool's and the syllabus's digests, under its own key, in the same transaction.
        try store.replacePool(with: Self.sample, meta: ["sync.etag": "\"e\""], packDigestAlsoAs: ["sync.pool-digest"])
        #expect(try store.meta("sync.pool-digest") == PoolStore.packDigest(pool: Snapshot.digest(of: Self.sample), syllabus: Syllabus().digest))
        #expect(try store.meta("sync.pool-digest") == store.recordedPackDigest())
        try store.replacePool(with: [])
        #expect(try store.meta("sync.pool-digest") != store.recordedPackDigest(), "another pool: the note no longer matches")
    }

    /// `poolAndDigest` gives the pool with its digest; read back, it records the digest when the store
    /// has none (from before digests) or a wrong one (changed by hand), and otherwise writes nothing.
    @Test func poolAndDigestRecordsAMissingOrWrongDigest() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let store = try PoolStore(database: Database(path: path))
        try store.replacePool(with: Self.sample)
        let fromCommit = try store.poolAndDigest()
        Self.expectSame(fromCommit.items, Self.canonical(Self.sample))
        #expect(fromCommit.digest == Snapshot.digest(of: Self.sample))

        // A store from before digests: none recorded; reading the pool for the snapshot records it.
        let reader = try PoolStore(database: Database(path: path))
        try reader.setMeta(PoolStore.digestKey, nil)
        let legacy = try reader.poolAndDigest()
        Self.expectSame(legacy.items, Self.canonical(Self.sample))
        #expect(legacy.digest == Snapshot.digest(of: Self.sample))
        #expect(try store.recordedDigest() == legacy.digest)

        // Changed by hand behind the recorded digest: the read-back computes and records the right one.
        try store.database.connection.execute("DELETE FROM item_tags", "test")
        let edited = try PoolStore(database: Database(path: path)).poolAndDigest()
        #expect(edited.items.allSatisfy { $0.tags.isEmpty })
        #expect(edited.digest == Snapshot.digest(of: edited.items))
        #expect(edited.digest != legacy.digest)
        #expect(try store.recordedDigest() == edited.digest)
    }

    /// The committed pool is sorted by the ids' first eight bytes, then whole ids: ids that share
    /// eight or more bytes, that are prefixes of each other or differ above 0x7F must come out as the database orders them.
    @Test func committedPoolOrdersIdsThatShareLongPrefixes() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        let ids = [
            "abcdefgh", "abcdefghi", "abcdefgh ", "abcdefgg~", "abcdefg", "abcdefgé", "abcdefge\u{301}", "a",
            "f-000001-2cd5a377", "f-000001-2cd5a370", "q-000002-380e7fad", "𝄞𝄞", "\u{A0}", "zzzzzzzzzzzz", "zzzzzzzz",
        ]
        let items = ids.map { Item(id: $0, kind: .fact, text: "t") }
        // Every rotation, forwards and backwards: each id meets the others in both orders.
        for shift in items.indices {
            let rotated = Array(items[shift...] + items[..<shift])
            try store.replacePool(with: shift.isMultiple(of: 2) ? rotated : rotated.reversed())
            Self.expectSame(try store.committedPool(), try store.loadPool())
        }
    }

    /// The replacement pauses foreign keys for its own transaction only: they are on again after it,
    /// whether it committed or failed.
    @Test func foreignKeysAreOnAfterAReplacement() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        func foreignKeys() throws -> Int64 {
            let statement = try store.database.connection.prepare("PRAGMA foreign_keys")
            _ = try statement.step("test")
            return statement.int64(at: 0)
        }
        try store.replacePool(with: Self.sample)
        #expect(try foreignKeys() == 1)
        let duplicate = [Item(id: "d", kind: .fact, text: "1"), Item(id: "d", kind: .fact, text: "2")]
        #expect(throws: StoreError.self) { try store.replacePool(with: duplicate) }
        #expect(try foreignKeys() == 1)
        #expect(throws: StoreError.self) {
            try store.database.connection.execute("INSERT INTO item_tags (item_id, tag) VALUES ('nobody', 'CS')", "test")
        }
    }

    @Test func findsOneItemById() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.sample)

        let euler = try store.item(id: "π/𝄞 «ünï» 日本")
        #expect(euler == Self.canonical([Self.sample[1]])[0])
        #expect(euler?.tags == Self.tags("CS", "EE"))
        #expect(try store.item(id: "q-min")?.sortKey == .min)
        #expect(try store.item(id: "cafe\u{301}")?.explanation == "decomposed")
        #expect(try store.item(id: "missing") == nil)
        #expect(try store.item(id: "") == nil)
    }

    @Test func anEmptyStoreHasNoItems() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        #expect(try store.loadPool().isEmpty)
        #expect(try store.count() == 0)
        try store.replacePool(with: Self.sample)
        try store.replacePool(with: [])
        #expect(try store.count() == 0)
        #expect(try scalar(store.database, "SELECT count(*) FROM item_tags") == "0")
    }

    @Test func aReplaceThatFailsHalfwayLeavesTheOldPoolAndMeta() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.sample, meta: ["etag": "\"old\"", "source": "https://example.org/pool.json"])

        var next = (0..<100).map { Item(id: "new-\($0)", kind: .fact, tags: Self.tags("CS"), text: "New \($0).") }
        next[50] = Item(id: "new-50", kind: .question, text: "No answer?")  // violates the answer CHECK
        let error = #expect(throws: StoreError.self) {
            try store.replacePool(with: next, meta: ["etag": "\"new\"", "source": nil])
        }
        #expect(error?.operation.contains("new-50") == true, "\(String(describing: error))")
        #expect(error?.message.contains("CHECK constraint failed") == true)

        Self.expectSame(try store.loadPool(), Self.canonical(Self.sample))
        #expect(try store.meta("etag") == "\"old\"")
        #expect(try store.meta("source") == "https://example.org/pool.json")
        #expect(try scalar(store.database, "SELECT count(*) FROM item_tags") == "6")
    }

    @Test func duplicateIdsOrTagsAreRefusedNotRepaired() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.sample)

        #expect(throws: StoreError.self) {
            try store.replacePool(with: [Item(id: "x", kind: .fact, text: "1"), Item(id: "x", kind: .fact, text: "2")])
        }
        #expect(throws: StoreError.self) {
            try store.replacePool(with: [Item(id: "x", kind: .fact, tags: Self.tags("CS", "CS"), text: "1")])
        }
        Self.expectSame(try store.loadPool(), Self.canonical(Self.sample))
    }

    @Test func aMalformedTagSneakedInHalfwayRollsBackEverything() throws {
        // BranchCode cannot be malformed, so the bad tag goes in as raw SQL inside the
        // same kind of transaction replacePool uses: the CHECK must undo the whole of it.
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.sample, meta: ["etag": "\"old\""])
        let connection = store.database.connection

        #expect(throws: StoreError.self) {
            try connection.transaction("test") { () throws(StoreError) in
                try connection.execute("DELETE FROM item_tags; DELETE FROM items", "clearing")
                try connection.execute("UPDATE meta SET value = '\"new\"' WHERE key = 'etag'", "meta")
                for index in 0..<10 {
                    try connection.execute(
                        "INSERT INTO items (id, kind, text) VALUES ('n\(index)', 'fact', 'x')", "item \(index)")
                    let tag = index == 5 ? "cs" : "CS"
                    try connection.execute(
                        "INSERT INTO item_tags (item_id, tag) VALUES ('n\(index)', '\(tag)')", "tag \(index)")
                }
            }
        }
        Self.expectSame(try store.loadPool(), Self.canonical(Self.sample))
        #expect(try store.meta("etag") == "\"old\"")
    }

    @Test func metaRoundTripsAndNilDeletes() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let store = try PoolStore(database: Database(path: path))
        #expect(try store.meta("etag") == nil)

        try store.setMeta("etag", "W/\"1\"")
        try store.setMeta("last-modified", "Sat, 29 Nov 2025 11:21:00 GMT")
        try store.setMeta("etag", "W/\"2\"")
        try store.setMeta("note", "")
        try store.setMeta("ünï", "日本 ✓")
        #expect(try store.meta("etag") == "W/\"2\"")
        #expect(try store.meta("note") == "")

        try store.setMeta("last-modified", nil)
        try store.setMeta("never-set", nil)
        let reopened = try PoolStore(database: Database(path: path))
        #expect(try reopened.meta("etag") == "W/\"2\"")
        #expect(try reopened.meta("last-modified") == nil)
        #expect(try reopened.meta("ünï") == "日本 ✓")
        #expect(try reopened.meta("note") == "")
    }

    @Test func aSuccessfulReplaceWritesItsMetaWithThePool() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.sample, meta: ["etag": "\"old\"", "last-modified": "yesterday"])

        let next = [Item(id: "only", kind: .fact, text: "The only one.")]
        try store.replacePool(with: next, meta: ["etag": "\"new\"", "last-modified": nil, "imported-at": "2025-11-29"])

        Self.expectSame(try store.loadPool(), next)
        #expect(try store.meta("etag") == "\"new\"")
        #expect(try store.meta("last-modified") == nil)
        #expect(try store.meta("imported-at") == "2025-11-29")
    }

    @Test func importsAHundredThousandItems() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let store = try PoolStore(database: Database(path: path))
        let branches = Self.tags("CS", "EE", "ME", "CE")
        let items = (0..<100_000).map { index in
            let kind = Kind.rotation[index % 3]
            return Item(
                id: "item-\(index)", kind: kind, sortKey: Int64(index % 1000),
                tags: Array(branches.prefix(index % 3)), title: index % 2 == 0 ? "Title \(index)" : nil,
                text: "Text of item \(index), long enough to look like a real dose of learning.",
                answer: kind == .question ? "Answer \(index)" : nil,
                explanation: index % 5 == 0 ? "Explanation \(index)" : nil)
        }

        let clock = ContinuousClock()
        let first = try clock.measure { try store.replacePool(with: items, meta: ["etag": "\"big\""]) }
        // The second replace also deletes the first's 100,000 items.
        let second = try clock.measure { try store.replacePool(with: items, meta: ["etag": "\"big2\""]) }
        var loaded: [Item] = []
        let load = try clock.measure { loaded = try store.loadPool() }
        print("100,000 items: first replace \(first), second replace \(second), load \(load)")

        #expect(try store.count() == 100_000)
        #expect(loaded.count == 100_000)
        #expect(Set(loaded) == Set(items))
        #expect(try store.meta("etag") == "\"big2\"")
        let tagCount = items.reduce(0) { $0 + $1.tags.count }
        #expect(try scalar(store.database, "SELECT count(*) FROM item_tags") == String(tagCount))
    }
}
