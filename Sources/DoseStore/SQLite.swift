// The one place where DoseStore touches the SQLite C API: every sqlite3_* call
// lives in this file and every result code goes through `check`. The rest of the
// module speaks `Connection` and `Statement` only.
import CSQLite

/// Turns an SQLite result code into a `StoreError`, or returns for success codes.
///
/// `operation` is an autoclosure so the hot insert loop builds no strings unless it fails.
func check(
    _ code: Int32, _ db: OpaquePointer?, _ operation: @autoclosure () -> String
) throws(StoreError) {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return
    default:
        // errmsg names the constraint or the file problem; errstr is the fallback
        // when there is no connection to ask (a failed open).
        var message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        // "CHECK constraint failed: <the constraint's SQL>": the SQL is the schema's, no words for people.
        if code & 0xFF == SQLITE_CONSTRAINT, let colon = message.firstIndex(of: ":") {
            message = String(message[..<colon])
        }
        throw StoreError(sqliteCode: code, message: message, operation: operation())
    }
}

extension StoreError {
    /// True when another connection held the lock longer than the busy timeout (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED`): nothing is wrong with the file, and trying again later may succeed.
    public var isBusy: Bool {
        guard let sqliteCode else { return false }
        let primary = sqliteCode & 0xFF
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED
    }

    /// True when SQLite could not open a file it needs (`SQLITE_CANTOPEN`: for a reader, the `-shm` missing).
    var isCannotOpen: Bool {
        guard let sqliteCode else { return false }
        return sqliteCode & 0xFF == SQLITE_CANTOPEN
    }

    /// True when the file system, not the store's content, stopped the open or the read: a file that
    /// cannot be opened or created, an I/O error (a `-shm` that cannot be sized on a full disk), a full
    /// disk, a read-only file system, permissions. A reader may then answer from the snapshot; a damaged
    /// file, a newer schema or something other than a file in the store's place is not such a failure.
    public var isFileSystemFailure: Bool {
        guard let sqliteCode else { return false }
        let primary = sqliteCode & 0xFF
        return [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM].contains(primary)
    }

    /// True when the file is not an SQLite database or is damaged beyond reading.
    public var isUnreadableFile: Bool {
        guard let sqliteCode else { return false }
        let primary = sqliteCode & 0xFF
        return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
    }
}

/// One open SQLite database connection.
///
/// Not `Sendable` on purpose: a connection belongs to one thread (we open it
/// `NOMUTEX`), and each process opens its own.
final class Connection {
    private let handle: OpaquePointer

    /// Opens or creates the database at `path` and sets the pragmas every connection needs.
    init(path: String) throws(StoreError) {
        handle = try Self.open(path, path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // From here a throw runs deinit, which closes the handle.
        try configure(path)
        // journal_mode is the first statement that reads the file, so a file that is
        // not a database fails here, with SQLite's "file is not a database".
        try execute("PRAGMA journal_mode = WAL", "setting WAL journal mode on \(path)")
        // FULL syncs the WAL on every commit: a committed write survives a power cut.
        try execute("PRAGMA synchronous = FULL", "setting synchronous = FULL on \(path)")
        try execute("PRAGMA foreign_keys = ON", "enabling foreign keys on \(path)")
    }

    /// Opens the existing database at `path` for reading only (`mode=ro`); with `indexReadOnly`, writing
    /// nothing to it, its WAL or its wal-index (`-shm`) either (`readonly_shm=1`).
    ///
    /// Any connection that is the first on a file sizes the `-shm` file (truncated, then extended to
    /// 32 KiB by eight one-byte writes), which fails on a full disk. With `readonly_shm` SQLite maps the
    /// `-shm` read-only: while a writer has it open, its index is read as the writer keeps it; otherwise
    /// SQLite builds the index in the process's memory from the WAL (empty after a clean close), so the
    /// reader sees every commit either way. The `-shm` file must exist then (`Database` creates an empty
    /// one when it is missing: a name, no data). A WAL-mode file stays in WAL mode (journal_mode is not
    /// touched).
    init(readingOnly path: String, indexReadOnly: Bool) throws(StoreError) {
        let query = indexReadOnly ? "?mode=ro&readonly_shm=1" : "?mode=ro"
        handle = try Self.open(Self.uri(path) + query, path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        try configure(path)
    }

    /// One `sqlite3_open_v2` (`NOMUTEX` added), the handle closed again when it fails; `path` names it in errors.
    private static func open(_ name: String, _ path: String, flags: Int32) throws(StoreError) -> OpaquePointer {
        var db: OpaquePointer?
        let opened = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        do {
            try check(opened, db, "opening \(path)")
        } catch {
            // SQLite usually hands back a handle even when opening fails; close it too.
            sqlite3_close_v2(db)
            throw error
        }
        guard let db else {
            // Only when SQLite could not allocate the connection object.
            throw StoreError(sqliteCode: SQLITE_NOMEM, message: "out of memory", operation: "opening \(path)")
        }
        return db
    }

    /// What every connection sets first: extended result codes and the busy timeout.
    private func configure(_ path: String) throws(StoreError) {
        sqlite3_extended_result_codes(handle, 1)
        // Another process (the app during a sync, say) may hold the write lock briefly. Readers never
        // wait for it (WAL): only a writer does, and gives up after this long.
        try setBusyTimeout(Self.busyTimeoutMilliseconds)
    }

    /// `path` as an SQLite URI filename (`file:` + the path, `%`, `?` and `#` percent-encoded; an absolute
    /// path after an empty authority, so one starting with `//` is not taken for a host).
    static func uri(_ path: String) -> String {
        var escaped: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"): escaped += Array("%25".utf8)
            case UInt8(ascii: "?"): escaped += Array("%3F".utf8)
            case UInt8(ascii: "#"): escaped += Array("%23".utf8)
            default: escaped.append(byte)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + String(decoding: escaped, as: UTF8.self)
    }

    deinit {
        // close_v2 defers the close until any unfinalized statements are finalized.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows we need.
    func execute(_ sql: String, _ operation: @autoclosure () -> String) throws(StoreError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), handle, operation())
    }

    /// Compiles one SQL statement.
    func prepare(_ sql: String) throws(StoreError) -> Statement {
        var statement: OpaquePointer?
        try check(
            sqlite3_prepare_v2(handle, sql, -1, &statement, nil),
            handle, "preparing \(sql)")
        guard let statement else {
            // An empty or comment-only string compiles to no statement: a bug in our SQL.
            throw StoreError(sqliteCode: nil, message: "no statement in SQL", operation: "preparing \(sql)")
        }
        return Statement(handle: statement, connection: self)
    }

    /// How long a writer waits for another connection's write lock before `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back if anything throws.
    ///
    /// IMMEDIATE takes the write lock up front, so two writers wait on the busy
    /// timeout at BEGIN instead of failing with SQLITE_BUSY halfway through.
    /// Transactions do not nest.
    func transaction<T>(
        _ operation: @autoclosure () -> String, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try run("BEGIN IMMEDIATE", operation(), body)
    }

    /// Runs `body` inside a read transaction (`BEGIN` … `COMMIT`): every read in it sees one
    /// committed state, and it takes no write lock, so in WAL mode a writer never holds it up.
    func readTransaction<T>(
        _ operation: @autoclosure () -> String, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try run("BEGIN DEFERRED", operation(), body)
    }

    /// `transaction`, but only if the write lock is free now: nil, without waiting, when another
    /// connection holds it (for a write that may as well wait for a later command).
    func transactionIfFree<T>(
        _ operation: @autoclosure () -> String, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T? {
        try setBusyTimeout(0)
        let outcome: Result<T?, StoreError>
        do { outcome = .success(try transaction(operation(), body)) } catch {
            // Busy at BEGIN (nothing open): the lock was taken; any other failure is reported.
            outcome = error.isBusy && sqlite3_get_autocommit(handle) != 0 ? .success(nil) : .failure(error)
        }
        try setBusyTimeout(Self.busyTimeoutMilliseconds)
        return try outcome.get()
    }

    private func setBusyTimeout(_ milliseconds: Int32) throws(StoreError) {
        try check(sqlite3_busy_timeout(handle, milliseconds), handle, "setting the busy timeout")
    }

    /// Runs `body` between `begin` and `COMMIT`, rolling back if anything throws.
    private func run<T>(
        _ begin: String, _ operation: String, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try execute(begin, "starting a transaction for \(operation)")
        do {
            let result = try body()
            try execute("COMMIT", "committing \(operation)")
            return result
        } catch {
            // SQLite may already have rolled back by itself (after SQLITE_FULL, say);
            // only roll back what is still open. The original error is the one to report.
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// `PRAGMA data_version`: changes whenever another connection commits.
    func dataVersion() throws(StoreError) -> Int64 {
        let statement = try prepare("PRAGMA data_version")
        _ = try statement.step("reading the data version")
        return statement.int64(at: 0)
    }

    /// A value that changes whenever the database changes: `PRAGMA data_version` (commits by other
    /// connections) with this connection's `total_changes` (its own writes).
    func changeStamp() throws(StoreError) -> [Int64] {
        [try dataVersion(), sqlite3_total_changes64(handle)]
    }

    /// The raw handle, so `Statement` can ask for the connection's error message.
    fileprivate var rawHandle: OpaquePointer { handle }
}

@available(*, unavailable, message: "a connection belongs to one thread")
extension Connection: Sendable {}

/// One compiled SQL statement, reusable through `reset()`.
///
/// Holds its connection so the connection outlives it; finalized in `deinit`.
final class Statement {
    private let handle: OpaquePointer
    private let connection: Connection

    fileprivate init(handle: OpaquePointer, connection: Connection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    private var db: OpaquePointer { connection.rawHandle }

    // MARK: Binding (indices start at 1, as in SQLite)

    /// Binds an integer to parameter `index`.
    func bind(_ value: Int64, at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, value), db, "binding parameter \(index)")
    }

    /// Binds text to parameter `index`, or NULL for nil.
    func bind(_ value: String?, at index: Int32) throws(StoreError) {
        guard var value else { return try bindNull(at: index) }
        // Explicit length, so an embedded NUL is stored rather than truncating;
        // TRANSIENT because the buffer is only valid inside the closure.
        let code = value.withUTF8 { bytes -> Int32 in
            // A nil pointer would bind NULL, so the empty string gets a real one.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text64(handle, index, "", 0, dd_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                sqlite3_bind_text64(
                    handle, index, text, sqlite3_uint64(bytes.count), dd_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        try check(code, db, "binding text to parameter \(index)")
    }

    /// Runs `body` with text bound to parameter `index` (NULL for nil) without SQLite copying it.
    ///
    /// SQLITE_STATIC: SQLite reads the string's own bytes, which are valid only inside `withUTF8`,
    /// so `body` steps the statement there, and the parameter is NULL again before this returns.
    /// `bind(_:at:)` copies every value instead (TRANSIENT): an allocation per field per row.
    func withText(_ value: String?, at index: Int32, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        guard var value, !value.isEmpty else {
            // NULL, or the empty string, which needs a real pointer: bound as usual.
            try bind(value, at: index)
            return try body()
        }
        var failure: StoreError?
        value.withUTF8 { bytes in
            do throws(StoreError) {
                let code = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                    sqlite3_bind_text64(
                        handle, index, text, sqlite3_uint64(bytes.count), dd_sqlite_static(), UInt8(SQLITE_UTF8))
                }
                try check(code, db, "binding text to parameter \(index)")
                try body()
            } catch {
                failure = error
            }
            // The bytes are not valid past this closure: SQLite must not keep pointing at them.
            sqlite3_bind_null(handle, index)
        }
        if let failure { throw failure }
    }

    /// `withText` for several parameters: `texts` are (parameter index, value) pairs.
    func withTexts(_ texts: ArraySlice<(Int32, String?)>, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        guard let (index, value) = texts.first else { return try body() }
        try withText(value, at: index) { () throws(StoreError) in try withTexts(texts.dropFirst(), body) }
    }

    /// Binds bytes to parameter `index`, or NULL for nil.
    func bind(_ value: [UInt8]?, at index: Int32) throws(StoreError) {
        guard let value else { return try bindNull(at: index) }
        let code = value.withUnsafeBytes { bytes in
            // As for text: a nil pointer would mean NULL, not an empty blob.
            bytes.isEmpty
                ? sqlite3_bind_zeroblob(handle, index, 0)
                : sqlite3_bind_blob64(
                    handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), dd_sqlite_transient())
        }
        try check(code, db, "binding a blob to parameter \(index)")
    }

    /// Binds a floating-point number to parameter `index`.
    func bindReal(_ value: Double, at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_double(handle, index, value), db, "binding parameter \(index)")
    }

    /// Binds NULL to parameter `index`.
    func bindNull(at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_null(handle, index), db, "binding NULL to parameter \(index)")
    }

    // MARK: Stepping

    /// Runs the statement to its next row: true when a row is ready, false when done.
    func step(_ operation: @autoclosure () -> String) throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        try check(code, db, operation())
        return code == SQLITE_ROW
    }

    /// Makes the statement ready to run again and clears its bindings.
    ///
    /// Does not throw: reset repeats the last step's error, which `step` already reported.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Reading the current row (columns start at 0, as in SQLite)

    /// True when column `index` of the current row is NULL.
    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer (NULL reads as 0).
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as a floating-point number (NULL reads as 0).
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as text, or nil for NULL.
    func text(at index: Int32) -> String? {
        guard !isNull(at: index) else { return nil }
        // column_text before column_bytes, so the byte count is of the UTF-8 form.
        guard let start = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, or nil for NULL.
    func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        guard let start = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}

@available(*, unavailable, message: "a statement belongs to its connection's thread")
extension Statement: Sendable {}
