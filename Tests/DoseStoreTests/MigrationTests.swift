import DoseTestSupport
import Testing
@testable import DoseStore

/// Upgrading files written by earlier schema versions.
@Suite(.timeLimit(.minutes(5)), .watched) struct MigrationTests {
    /// A file at schema version 2, as the previous release left it, with a pool, meta and a learning topic.
    private static func version2File(at path: String) throws {
        let connection = try Connection(path: path)
        try connection.transaction("writing a version 2 file") { () throws(StoreError) in
            for step in 0..<2 { try connection.execute(Schema.migrations[step], "migration \(step + 1)") }
            try connection.execute("""
                INSERT INTO items (id, kind, sort_key, title, text, answer, explanation) VALUES
                    ('f1', 'fact', -3, 'Title', 'A fact.', NULL, 'Why.'),
                    ('π/𝄞', 'formula', 9223372036854775807, NULL, '$e$', NULL, NULL),
                    ('q1', 'question', 0, NULL, 'Why?', 'Because.', NULL);
                INSERT INTO item_tags (item_id, tag) VALUES ('f1', 'CS'), ('f1', 'EE'), ('q1', 'ME');
                INSERT INTO meta (key, value) VALUES ('etag', '"abc"');
                INSERT INTO learn_topics (subject, topic, ticked_at) VALUES ('Maths', 'Limits', 1);
                PRAGMA user_version = 2;
                """, "filling the version 2 file")
        }
    }

    @Test func version2FileKeepsEverythingAndGetsTheVersion3Checks() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try Self.version2File(at: path)
        #expect(try Connection(path: path).userVersion() == 2)

        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Database.currentVersion)
        #expect(try tableNames(database) == ["item_tags", "items", "learn_artifacts", "learn_pending", "learn_quiz_scores", "learn_review_log", "learn_reviews", "learn_state", "learn_topics", "meta", "syllabus_subject_tags", "syllabus_subjects", "syllabus_topic_tags", "syllabus_topics"])
        let rows = try scalar(database, """
            SELECT group_concat(id || '|' || kind || '|' || sort_key || '|' || ifnull(title, '-') || '|' || text
                || '|' || ifnull(answer, '-') || '|' || ifnull(explanation, '-'), ';') FROM (SELECT * FROM items ORDER BY id)
            """)
        #expect(rows == "f1|fact|-3|Title|A fact.|-|Why.;q1|question|0|-|Why?|Because.|-;π/𝄞|formula|9223372036854775807|-|$e$|-|-")
        #expect(try scalar(database, "SELECT group_concat(item_id || tag, ',') FROM (SELECT * FROM item_tags ORDER BY 1, 2)") == "f1CS,f1EE,q1ME")
        #expect(try PoolStore(database: database).meta("etag") == "\"abc\"")
        #expect(try scalar(database, "SELECT topic FROM learn_topics") == "Limits")
        #expect(try scalar(database, "PRAGMA integrity_check") == "ok")

        // The new CHECK expressions, and nothing of the old tables left behind.
        let itemsSQL = try scalar(database, "SELECT sql FROM sqlite_schema WHERE name = 'items'") ?? ""
        #expect(itemsSQL.contains("kind = 'fact' OR kind = 'formula' OR kind = 'question'"))
        #expect(!itemsSQL.contains("char("))
        #expect(try scalar(database, "SELECT count(*) FROM sqlite_schema WHERE name LIKE '%v3%'") == "0")
        #expect(try scalar(database, "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_autoindex_items_1'") == "1")

        // The tags still reference the items: refused without one, deleted with it.
        #expect(try scalar(database, "SELECT \"table\" FROM pragma_foreign_key_list('item_tags')") == "items")
        #expect(throws: StoreError.self) {
            try database.connection.execute("INSERT INTO item_tags (item_id, tag) VALUES ('nope', 'CS')", "test")
        }
        try database.connection.execute("DELETE FROM items WHERE id = 'f1'", "test")
        #expect(try scalar(database, "SELECT group_concat(item_id || tag) FROM item_tags") == "q1ME")

        // The rules themselves are checked on every schema by SchemaConstraintTests; two of them here.
        #expect(throws: StoreError.self) {
            try database.connection.execute("INSERT INTO items (id, kind, text) VALUES ('x', 'Fact', 'x')", "test")
        }
        #expect(throws: StoreError.self) {
            try database.connection.execute("INSERT INTO items (id, kind, text) VALUES ('x' || char(133), 'fact', 'x')", "test")
        }
    }
}
