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
        #expect(try tableNames(database) == ["item_tags", "items", "learn_artifacts", "learn_pending", "learn_quiz_scores", "learn_review_log", "learn_reviews", "learn_state", "learn_topics", "meta"])
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

    /// A file at schema version 4 (backoff shared by the queue), with one topic backing off after three failures
    /// under a queue-wide hold, one half-done and due, one never tried, and a pause.
    private static func version4File(at path: String) throws {
        let connection = try Connection(path: path)
        try connection.transaction("writing a version 4 file") { () throws(StoreError) in
            for step in 0..<4 { try connection.execute(Schema.migrations[step], "migration \(step + 1)") }
            try connection.execute("""
                INSERT INTO learn_topics (subject, topic, ticked_at) VALUES ('Maths', 'Limits', 1), ('Maths', 'Series', 2),
                    ('Physics', 'Ohm', 3);
                INSERT INTO learn_pending (subject, topic, requested_at, attempts, next_attempt_at, last_error) VALUES
                    ('Maths', 'Limits', 1, 5, 900, 'HTTP 500'), ('Maths', 'Series', 2, 1, NULL, NULL),
                    ('Physics', 'Ohm', 3, 0, NULL, NULL);
                UPDATE learn_state SET failures = 3, hold_until = 900, pause_reason = 'the key was refused',
                    pause_fingerprint = 'abc' WHERE id = 1;
                PRAGMA user_version = 4;
                """, "filling the version 4 file")
        }
    }

    /// Issue 20: backoff moves from the queue to each topic. The failing topic keeps its step and its own next try;
    /// the queue-wide hold, which was that topic's backoff, no longer holds the others; the pause stays.
    @Test func version4FileMovesTheSharedBackoffOntoTheTopicThatFailed() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try Self.version4File(at: path)
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Database.currentVersion)
        let store = LearningStore(database: database)
        let pending = Dictionary(uniqueKeysWithValues: try store.entries().map { ($0.topic, $0.pending) })
        #expect(pending["Limits"]??.failures == 3 && pending["Limits"]??.nextAttemptAt == 900, "its own step and time")
        #expect(pending["Limits"]??.attempts == 5 && pending["Limits"]??.lastError == "HTTP 500", "its history")
        #expect(pending["Series"]??.failures == 0 && pending["Ohm"]??.failures == 0, "the others never failed")
        #expect(try store.entries().allSatisfy { $0.pending?.serverFailed == false })
        #expect(try store.queueState() == LearningQueueState(pauseReason: "the key was refused", pauseFingerprint: "abc"))
        #expect(try scalar(database, "PRAGMA integrity_check") == "ok")
        // The new columns keep to their rules.
        for bad in ["UPDATE learn_pending SET failures = -1", "UPDATE learn_pending SET failures = 'x'",
                    "UPDATE learn_pending SET server_failed = 2", "UPDATE learn_state SET hold_reason = x'41'"] {
            #expect(throws: StoreError.self, "\(bad)") { try database.connection.execute(bad, "test") }
        }
    }
}
