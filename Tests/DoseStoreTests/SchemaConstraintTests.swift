import DoseTestSupport
import Testing
@testable import DoseStore

/// The schema's CHECK constraints, exercised with raw SQL that bypasses Swift's validation.
@Suite(.timeLimit(.minutes(5)), .watched) struct SchemaConstraintTests {
    /// A fresh database holding one valid item, `a`.
    private static func databaseWithItemA(in tmp: TemporaryDirectory) throws -> Database {
        let database = try Database(path: tmp.file("dose.sqlite3"))
        try database.connection.execute("INSERT INTO items (id, kind, text) VALUES ('a', 'fact', 'A fact.')", "test")
        return database
    }

    /// Runs `sql` and returns the constraint error it must raise.
    private static func expectConstraintFailure(_ database: Database, _ sql: String) -> StoreError? {
        let error = #expect(throws: StoreError.self, "\(sql)") { try database.connection.execute(sql, "test") }
        // SQLITE_CONSTRAINT is 19; the extended code says which kind (CHECK, NOT NULL, ...).
        #expect(error.map { $0.sqliteCode.map { $0 & 0xFF } } == 19, "\(sql): \(String(describing: error))")
        return error
    }

    @Test(arguments: ["'cs'", "'CS '", "' CS'", "'C'", "'CSE'", "''", "12", "NULL", "x'4353'", "'C' || char(0)", "'ÇS'", "'C1'"])
    func tagCheckRejects(_ tag: String) throws {
        let tmp = try TemporaryDirectory()
        let database = try Self.databaseWithItemA(in: tmp)
        _ = Self.expectConstraintFailure(database, "INSERT INTO item_tags (item_id, tag) VALUES ('a', \(tag))")
        #expect(try scalar(database, "SELECT count(*) FROM item_tags") == "0")
    }

    @Test func tagCheckAcceptsTwoCapitals() throws {
        let tmp = try TemporaryDirectory()
        let database = try Self.databaseWithItemA(in: tmp)
        try database.connection.execute("INSERT INTO item_tags (item_id, tag) VALUES ('a', 'CS'), ('a', 'ZA')", "test")
        #expect(try scalar(database, "SELECT group_concat(tag) FROM item_tags") == "CS,ZA")
    }

    @Test func tagsNeedAnExistingItemAndGoWithIt() throws {
        let tmp = try TemporaryDirectory()
        let database = try Self.databaseWithItemA(in: tmp)
        _ = Self.expectConstraintFailure(database, "INSERT INTO item_tags (item_id, tag) VALUES ('nope', 'CS')")
        _ = Self.expectConstraintFailure(
            database, "INSERT INTO item_tags (item_id, tag) VALUES ('a', 'CS'), ('a', 'CS')")
        try database.connection.execute("INSERT INTO item_tags (item_id, tag) VALUES ('a', 'CS')", "test")
        try database.connection.execute("DELETE FROM items WHERE id = 'a'", "test")
        #expect(try scalar(database, "SELECT count(*) FROM item_tags") == "0")
    }

    @Test(arguments: [
        "''", "NULL", "x'61'",
        "'\(String(repeating: "x", count: 129))'",
        "'\(String(repeating: "€", count: 43))'",  // 129 bytes, 43 characters
        "'a' || char(0) || 'b'", "'a' || char(9)", "'a' || char(10) || 'b'", "char(31)",
        "'a' || char(127)", "'a' || char(133)", "char(159)", "char(1)", "'a' || char(128) || 'b'",
    ])
    func idCheckRejects(_ id: String) throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        _ = Self.expectConstraintFailure(database, "INSERT INTO items (id, kind, text) VALUES (\(id), 'fact', 'x')")
    }

    @Test(arguments: [
        "'a'", "'\(String(repeating: "x", count: 128))'",
        "'\(String(repeating: "é", count: 64))'",  // 128 bytes
        "'fact:π/𝄞 space'", "'a' || char(160)", "' !~' || char(126) || char(255)",
        "7",  // stored as the text '7': the column's TEXT affinity converts it
    ])
    func idCheckAccepts(_ id: String) throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        try database.connection.execute("INSERT INTO items (id, kind, text) VALUES (\(id), 'fact', 'x')", "test")
        #expect(try scalar(database, "SELECT count(*) FROM items") == "1")
    }

    /// The checklist's CHECK counts Unicode scalars (SQLite's `length()`), the unit `TopicKey` counts: 200
    /// Devanagari scalars (100 letters with their vowel signs) fit; one more is refused, and the error
    /// carries no SQL of the constraint for anyone to print (issue 19).
    @Test func aTopicOf200ScalarsFitsAndTheRefusalCarriesNoSQL() throws {
        let tmp = try TemporaryDirectory()
        let store = LearningStore(database: try Database(path: tmp.file("dose.sqlite3")))
        let topic = String(repeating: "कि", count: 100)
        _ = try store.tick(subject: "भौतिकी", topic: topic, now: 1)
        #expect(try store.entries().map(\.topic) == [topic])
        let error = #expect(throws: StoreError.self) { try store.tick(subject: "भौतिकी", topic: topic + "x", now: 2) }
        #expect(error?.message == "CHECK constraint failed", "\(String(describing: error))")
        #expect(error.map { !$0.description.contains("length(") && !$0.description.contains("GLOB") } == true)
    }

    @Test func questionNeedsAnAnswerAndOnlyQuestionsHaveOne() throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        let error = Self.expectConstraintFailure(
            database, "INSERT INTO items (id, kind, text) VALUES ('q', 'question', 'Why?')")
        #expect(error?.message.contains("CHECK constraint failed") == true)
        _ = Self.expectConstraintFailure(
            database, "INSERT INTO items (id, kind, text, answer) VALUES ('f', 'fact', 'x', 'y')")
        _ = Self.expectConstraintFailure(
            database, "INSERT INTO items (id, kind, text, answer) VALUES ('g', 'formula', 'x', '')")
        try database.connection.execute(
            "INSERT INTO items (id, kind, text, answer) VALUES ('q', 'question', 'Why?', 'Because.')", "test")
        #expect(try scalar(database, "SELECT count(*) FROM items") == "1")
    }

    @Test(arguments: [
        "('a', 'Fact', 0, 'x')", "('a', 'rule', 0, 'x')", "('a', NULL, 0, 'x')", "('a', 'facts', 0, 'x')",
        "('a', x'66616374', 0, 'x')", "('a', 1, 0, 'x')",
        "('a', 'fact', '1.5', 'x')", "('a', 'fact', NULL, 'x')", "('a', 'fact', 0, NULL)", "('a', 'fact', 0, x'00')",
    ])
    func itemColumnChecksReject(_ row: String) throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        _ = Self.expectConstraintFailure(database, "INSERT INTO items (id, kind, sort_key, text) VALUES \(row)")
    }
}
