import DoseTestSupport
import Foundation
import Testing
@testable import DoseStore

/// Opening, creating and migrating the database file, and the connection's settings.
@Suite(.timeLimit(.minutes(5)), .watched) struct DatabaseTests {
    @Test func createsMissingParentDirectoriesWithMode0700() throws {
        let tmp = try TemporaryDirectory()
        let path = Database.defaultPath(dataHome: tmp.file("share"))
        #expect(path == tmp.path + "/share/daily-dose/dose.sqlite3")

        _ = try Database(path: path)

        #expect(FileManager.default.fileExists(atPath: path))
        for directory in [tmp.file("share"), tmp.file("share/daily-dose")] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o700, "\(directory)")
        }
    }

    @Test func defaultPathIgnoresATrailingSlash() {
        #expect(Database.defaultPath(dataHome: "/home/ann/.local/share/") == "/home/ann/.local/share/daily-dose/dose.sqlite3")
    }

    @Test func migratesOnceAndReopensIdempotently() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        do {
            let database = try Database(path: path)
            #expect(try database.schemaVersion() == Database.currentVersion)
            #expect(try tableNames(database) == ["item_tags", "items", "learn_artifacts", "learn_pending", "learn_quiz_scores", "learn_review_log", "learn_reviews", "learn_state", "learn_topics", "meta", "syllabus_subject_tags", "syllabus_subjects", "syllabus_topic_tags", "syllabus_topics"])
            try PoolStore(database: database).setMeta("etag", "\"abc\"")
        }
        // A second and third open must neither fail on existing tables nor lose data.
        for _ in 0..<2 {
            let database = try Database(path: path)
            #expect(try database.schemaVersion() == Database.currentVersion)
            #expect(try tableNames(database) == ["item_tags", "items", "learn_artifacts", "learn_pending", "learn_quiz_scores", "learn_review_log", "learn_reviews", "learn_state", "learn_topics", "meta", "syllabus_subject_tags", "syllabus_subjects", "syllabus_topic_tags", "syllabus_topics"])
            #expect(try PoolStore(database: database).meta("etag") == "\"abc\"")
        }
    }

    @Test func refusesAFileFromANewerSchema() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try Database(path: path).connection.execute("PRAGMA user_version = 99", "test")

        let error = #expect(throws: StoreError.self) { try Database(path: path) }
        #expect(error?.message.contains("newer") == true)
        // The refused open must not have touched the version.
        #expect(try Connection(path: path).userVersion() == 99)
    }

    @Test func connectionUsesWALFullSyncForeignKeysAndABusyTimeout() throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        #expect(try scalar(database, "PRAGMA journal_mode") == "wal")
        #expect(try scalar(database, "PRAGMA synchronous") == "2")  // FULL
        #expect(try scalar(database, "PRAGMA foreign_keys") == "1")
        #expect(try scalar(database, "PRAGMA busy_timeout") == "5000")
    }

    @Test func randomBytesGiveANotADatabaseErrorAndStayUntouched() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: StoreError.self) { try Database(path: path) }
        #expect(error?.isUnreadableFile == true)
        #expect(error?.description.contains("not a database") == true, "\(String(describing: error))")
        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aFileInPlaceOfTheParentDirectoryIsAClearError() throws {
        let tmp = try TemporaryDirectory()
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: tmp.file("daily-dose")))
        let path = Database.defaultPath(dataHome: tmp.path)

        let error = #expect(throws: StoreError.self) { try Database(path: path) }
        #expect(error?.sqliteCode == 14)  // SQLITE_CANTOPEN
        #expect(error?.description.contains("opening \(path)") == true, "\(String(describing: error))")
    }

    @Test func aDirectoryThatCannotBeCreatedIsAClearError() throws {
        let tmp = try TemporaryDirectory()
        // One path component longer than NAME_MAX (255): mkdir fails even for root.
        let tooLong = tmp.file(String(repeating: "x", count: 300))

        let error = #expect(throws: StoreError.self) {
            try Database(path: Database.defaultPath(dataHome: tooLong))
        }
        #expect(error?.sqliteCode == nil)
        #expect(error?.operation == "creating directory \(tooLong)", "\(String(describing: error))")
        #expect(error?.message.isEmpty == false)
    }

    @Test func bindsEmptyTextAndEmptyBlobsAsValuesNotNull() throws {
        let tmp = try TemporaryDirectory()
        let connection = try Database(path: tmp.file("dose.sqlite3")).connection
        let statement = try connection.prepare("SELECT typeof(?1), ?1, typeof(?2), ?2, ?3, typeof(?4)")
        try statement.bind("", at: 1)
        try statement.bind([], at: 2)
        try statement.bind("a\u{0}b ✓", at: 3)
        try statement.bind(nil as [UInt8]?, at: 4)
        #expect(try statement.step("test"))
        #expect(statement.text(at: 0) == "text")
        #expect(statement.text(at: 1) == "")
        #expect(statement.text(at: 2) == "blob")
        #expect(statement.blob(at: 3) == [])
        #expect(statement.text(at: 4) == "a\u{0}b ✓")
        #expect(statement.text(at: 5) == "null")

        let blob = try connection.prepare("SELECT ?1")
        try blob.bind([0, 1, 255], at: 1)
        #expect(try blob.step("test"))
        #expect(blob.blob(at: 0) == [0, 1, 255])
    }

    /// Text bound in place (SQLITE_STATIC) reads back exactly, and is unbound once the closure returns.
    @Test func textBoundInPlaceIsReadInsideAndNullAfter() throws {
        let tmp = try TemporaryDirectory()
        let connection = try Database(path: tmp.file("dose.sqlite3")).connection
        let statement = try connection.prepare("SELECT ?1, typeof(?2), ?3, typeof(?4)")
        let heap = String(repeating: "long enough for the heap ✓ ", count: 3) + "a\u{0}b"
        try statement.withTexts([(1, heap), (2, nil), (3, "")][...]) { () throws(StoreError) in
            try statement.withText("small", at: 4) { () throws(StoreError) in
                #expect(try statement.step("test"))
            }
        }
        #expect(statement.text(at: 0) == heap)
        #expect(statement.text(at: 1) == "null")
        #expect(statement.text(at: 2) == "")
        #expect(statement.text(at: 3) == "text")
        statement.reset()
        #expect(try statement.step("test"))
        #expect(statement.isNull(at: 0) && statement.isNull(at: 2))

        // An error inside is thrown as it was, and the parameter is unbound all the same.
        let failing = try connection.prepare("INSERT INTO meta (key, value) VALUES ('k', ?1)")
        let error = #expect(throws: StoreError.self) {
            try failing.withText("v", at: 1) { () throws(StoreError) in
                throw StoreError(sqliteCode: nil, message: "inner", operation: "test")
            }
        }
        #expect(error?.message == "inner")
        let notNull = #expect(throws: StoreError.self) { _ = try failing.step("inserting") }
        #expect(notNull?.message.contains("NOT NULL") == true, "\(String(describing: notNull))")
    }

    @Test func aFailedTransactionRollsBackAndReportsTheFirstError() throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        let connection = database.connection
        let error = #expect(throws: StoreError.self) {
            try connection.transaction("test") { () throws(StoreError) in
                try connection.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')", "inserting k")
                try connection.execute("INSERT INTO meta (key, value) VALUES ('k', 'w')", "inserting k again")
            }
        }
        #expect(error?.operation == "inserting k again")
        #expect(error?.message.contains("UNIQUE") == true)
        #expect(try scalar(database, "SELECT count(*) FROM meta") == "0")
        // The connection is usable afterwards: no transaction was left open.
        try connection.transaction("test") { () throws(StoreError) in
            try connection.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')", "inserting k")
        }
        #expect(try scalar(database, "SELECT value FROM meta") == "v")
    }
}

/// The names of the schema's tables, sorted.
func tableNames(_ database: Database) throws -> [String] {
    let statement = try database.connection.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    var names: [String] = []
    while try statement.step("listing tables") { names.append(statement.text(at: 0) ?? "") }
    return names
}

/// The first column of the first row of `sql`, as text.
func scalar(_ database: Database, _ sql: String) throws -> String? {
    let statement = try database.connection.prepare(sql)
    guard try statement.step(sql) else { return nil }
    return statement.text(at: 0)
}

extension Connection {
    /// `PRAGMA user_version`, read without running migrations.
    func userVersion() throws -> Int64 {
        let statement = try prepare("PRAGMA user_version")
        _ = try statement.step("reading user_version")
        return statement.int64(at: 0)
    }
}
