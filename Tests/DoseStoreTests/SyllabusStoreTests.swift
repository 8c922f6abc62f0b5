import DoseCore
import DoseTestSupport
import Testing
@testable import DoseStore

/// The syllabus in the store: replaced with the pool in one transaction, read back as the pack had it,
/// guarded by the schema's CHECKs, and a migration of its own (schema version 6).
@Suite(.timeLimit(.minutes(5)), .watched) struct SyllabusStoreTests {
    private static func tags(_ codes: String...) -> [BranchCode] { codes.map { BranchCode(exactly: $0)! } }

    static let items = [Item(id: "f-ohm", kind: .formula, text: "V = I R")]
    static let syllabus = Syllabus(subjects: [
        .init(name: "Engineering Mathematics I", year: 1, topics: [
            .init(name: "Limits and continuity"), .init(name: "Laplace transforms", tags: tags("EE", "EC")),
        ]),
        .init(name: "Circuits", year: 6, tags: tags("EE", "EC"), topics: [.init(name: "Mesh analysis"), .init(name: "Two-port networks", tags: tags("EC"))]),
        .init(name: "π/𝄞 «ünï» 日本", topics: [.init(name: "caf\u{E9}"), .init(name: "cafe\u{301}\u{202E}x")]),
    ])

    /// `syllabus` as the store gives it back: tags in `BranchCode` order.
    static func canonical(_ syllabus: Syllabus) -> Syllabus {
        var syllabus = syllabus
        for s in syllabus.subjects.indices {
            syllabus.subjects[s].tags.sort()
            for t in syllabus.subjects[s].topics.indices { syllabus.subjects[s].topics[t].tags.sort() }
        }
        return syllabus
    }

    /// The names compared byte for byte (String `==` takes precomposed and decomposed é for equal).
    static func bytes(_ syllabus: Syllabus) -> [[UInt8]] {
        syllabus.subjects.flatMap { [Array($0.name.utf8)] + $0.topics.map { Array($0.name.utf8) } }
    }

    @Test func theSyllabusRoundTripsWithThePoolAndItsDigestIsRecorded() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        #expect(try store.loadSyllabus() == Syllabus(), "a new store has none")
        try store.replacePool(with: Self.items, syllabus: Self.syllabus)
        let loaded = try PoolStore(database: Database(path: tmp.file("dose.sqlite3"))).loadSyllabus()
        #expect(loaded == Self.canonical(Self.syllabus))
        #expect(Self.bytes(loaded) == Self.bytes(Self.syllabus))
        #expect(try store.meta(PoolStore.syllabusDigestKey) == Self.syllabus.digest)
        #expect(loaded.digest == Self.syllabus.digest, "read back, the same digest")
        #expect(try store.recordedDigest() == Snapshot.digest(of: Self.items), "the pool's digest is the items' alone")
        #expect(try store.recordedPackDigest() == PoolStore.packDigest(pool: Snapshot.digest(of: Self.items), syllabus: Self.syllabus.digest))

        // A pack without a syllabus empties it, with the pool.
        try store.replacePool(with: Self.items)
        #expect(try store.loadSyllabus() == Syllabus())
        #expect(try store.meta(PoolStore.syllabusDigestKey) == Syllabus().digest)
    }

    /// All or nothing: a pool refused by the store (a duplicate id) or a syllabus refused by its CHECKs (a
    /// year past 6, a name with a NUL, two topics of one spelling) leaves the old pool, syllabus and meta.
    @Test func aRefusedReplacementKeepsTheOldPoolAndSyllabus() throws {
        let tmp = try TemporaryDirectory()
        let store = try PoolStore(database: Database(path: tmp.file("dose.sqlite3")))
        try store.replacePool(with: Self.items, syllabus: Self.syllabus, meta: ["etag": "\"old\""])
        let duplicate = [Item(id: "d", kind: .fact, text: "1"), Item(id: "d", kind: .fact, text: "2")]
        let refused: [([Item], Syllabus)] = [
            (duplicate, Syllabus(subjects: [.init(name: "New", topics: [.init(name: "t")])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", year: 7, topics: [.init(name: "t")])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", year: 0, topics: [.init(name: "t")])])),
            (Self.items, Syllabus(subjects: [.init(name: "N\u{0}ew", topics: [.init(name: "t")])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", topics: [.init(name: "t\u{85}")])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", topics: [.init(name: String(repeating: "x", count: 201))])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", topics: [.init(name: "t"), .init(name: "t")])])),
            (Self.items, Syllabus(subjects: [.init(name: "New", topics: [.init(name: "t")]), .init(name: "New", topics: [.init(name: "u")])])),
        ]
        for (items, syllabus) in refused {
            #expect(throws: StoreError.self, "\(syllabus)") {
                try store.replacePool(with: items, syllabus: syllabus, meta: ["etag": "\"new\""])
            }
            #expect(try store.loadSyllabus() == Self.canonical(Self.syllabus))
            #expect(try store.loadPool() == Self.items)
            #expect(try store.meta("etag") == "\"old\"")
            #expect(try store.meta(PoolStore.syllabusDigestKey) == Self.syllabus.digest)
        }
        #expect(try scalar(store.database, "PRAGMA foreign_key_check") == nil)
        #expect(try scalar(store.database, "PRAGMA foreign_keys") == "1", "foreign keys are back on after a refusal")
    }

    @Test(arguments: ["'ee'", "'EE '", "'E'", "''", "NULL", "12", "x'4545'"])
    func tagChecksRefuseWhatIsNoBranchCode(_ tag: String) throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        try database.connection.execute("""
            INSERT INTO syllabus_subjects (position, subject) VALUES (0, 'S');
            INSERT INTO syllabus_topics (subject_position, position, topic) VALUES (0, 0, 'T');
            """, "test")
        #expect(throws: StoreError.self) {
            try database.connection.execute("INSERT INTO syllabus_subject_tags (subject_position, tag) VALUES (0, \(tag))", "test")
        }
        #expect(throws: StoreError.self) {
            try database.connection.execute(
                "INSERT INTO syllabus_topic_tags (subject_position, topic_position, tag) VALUES (0, 0, \(tag))", "test")
        }
    }

    /// The parts of a syllabus need their subject (and topic), and go with it.
    @Test func partsNeedTheirSubjectAndGoWithIt() throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        for sql in [
            "INSERT INTO syllabus_subject_tags (subject_position, tag) VALUES (9, 'EE')",
            "INSERT INTO syllabus_topics (subject_position, position, topic) VALUES (9, 0, 'T')",
            "INSERT INTO syllabus_topic_tags (subject_position, topic_position, tag) VALUES (9, 0, 'EE')",
            "INSERT INTO syllabus_subjects (position, subject, year) VALUES (-1, 'S', 1)",
            "INSERT INTO syllabus_subjects (position, subject, year) VALUES (1, 'S', 'x')",
            "INSERT INTO syllabus_subjects (position, subject, year) VALUES (1, 'S', 1.5)",
        ] {
            #expect(throws: StoreError.self, "\(sql)") { try database.connection.execute(sql, "test") }
        }
        try database.connection.execute("""
            INSERT INTO syllabus_subjects (position, subject) VALUES (0, 'S');
            INSERT INTO syllabus_subject_tags (subject_position, tag) VALUES (0, 'EE');
            INSERT INTO syllabus_topics (subject_position, position, topic) VALUES (0, 0, 'T');
            INSERT INTO syllabus_topic_tags (subject_position, topic_position, tag) VALUES (0, 0, 'EE');
            DELETE FROM syllabus_subjects;
            """, "test")
        #expect(try scalar(database, "SELECT (SELECT count(*) FROM syllabus_subject_tags) + (SELECT count(*) FROM syllabus_topics) + (SELECT count(*) FROM syllabus_topic_tags)") == "0")
    }

    /// A store of schema 4 (the previous release's) with a pool and a ticked topic migrates to 5 with an
    /// empty syllabus, keeping everything, and then takes one. A read-only open of it still works.
    @Test func aVersion4StoreGetsAnEmptySyllabus() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let connection = try Connection(path: path)
        try connection.transaction("writing a version 4 file") { () throws(StoreError) in
            for step in 0..<4 { try connection.execute(Schema.migrations[step], "migration \(step + 1)") }
            try connection.execute("""
                INSERT INTO items (id, kind, text) VALUES ('f1', 'fact', 'A fact.');
                INSERT INTO meta (key, value) VALUES ('pool-digest', 'fnv1a64:0000000000000000');
                INSERT INTO learn_topics (subject, topic, ticked_at) VALUES ('Maths', 'Limits', 1);
                PRAGMA user_version = 4;
                """, "filling the version 4 file")
        }
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Database.currentVersion)
        let store = PoolStore(database: database)
        #expect(try store.loadSyllabus() == Syllabus())
        #expect(try store.recordedPackDigest() == nil, "no syllabus digest yet: a sync fetches the whole pack")
        #expect(try store.count() == 1)
        #expect(try scalar(database, "SELECT topic FROM learn_topics") == "Limits")
        try store.replacePool(with: Self.items, syllabus: Self.syllabus)
        #expect(try PoolStore(database: Database(path: path, access: .readOnly)).loadSyllabus() == Self.canonical(Self.syllabus))
    }
}
