import Glibc

/// The Daily Dose database file, opened and migrated to the current schema.
///
/// Not `Sendable`: it owns one SQLite connection, which belongs to one thread.
/// Each process (or thread) that needs the store opens its own `Database`.
public final class Database {
    /// The file this database lives in.
    public let path: String
    /// The one connection; internal so tests can reach the schema with raw SQL.
    let connection: Connection
    /// True when the connection only reads (`Access.readOnly` on an up-to-date file): nothing is written.
    public let isReadOnly: Bool
    /// Called after each store call that may change what is due — a grade, an undo, a tick, an untick, a
    /// deck stored (`StudyStore`, `LearningStore`) — once its transaction has ended, committed or not; the
    /// learning paths set it to mirror the due summary for the scheduler (`DueMirror` in DoseLearning).
    public var onReviewStateChange: ((Database) -> Void)?

    /// How a database is opened.
    public enum Access: Sendable {
        /// Created and migrated as needed; the connection reads and writes (every writer, and the learning store).
        case readWrite
        /// For a command that only reads the pool (`dose today`, `show`, `calendar`), in a process that
        /// has no other connection to the file: an existing, up-to-date file is opened read-only with a
        /// read-only wal-index (`readonly_shm`), writing nothing, so a full disk does not stop it; a
        /// missing file is created and an older one migrated read-write, as `readWrite` does.
        case readOnly
        /// `readOnly` in a process whose other threads write the same file (the app): SQLite shares one
        /// wal-index per file within a process, and a read-only one would refuse those writers' writes
        /// for as long as they share it. So the reader first opens as read-only connections usually do,
        /// on the shared index (which it sizes when it is the first, a write to the `-shm`), and takes
        /// the read-only index only when that fails on the file system (a full disk).
        case readOnlyBesideWriters
    }

    /// Opens the database at `path`, creating the file and its missing parent
    /// directories (mode 0700), and migrates it to the current schema.
    ///
    /// A file that is not an SQLite database throws a `StoreError` whose message is
    /// SQLite's "file is not a database" (`isUnreadableFile` is true).
    public init(path: String, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        try Self.refuseIfNotAFile(path)
        if access != .readWrite, let reader = try Self.openForReading(path, besideWriters: access == .readOnlyBesideWriters) {
            connection = reader
            isReadOnly = true
            return
        }
        try Self.createParentDirectories(of: path)
        connection = try Connection(path: path)
        isReadOnly = false
        try migrate()
    }

    /// A read-only connection to the file at `path` when it exists and has the current schema; nil when it
    /// does not exist or is older (creating and migrating are writes). A newer schema is refused.
    ///
    /// With a read-only wal-index (`Access.readOnly`, or `besideWriters` once the shared one failed on
    /// the file system), SQLite needs the `-shm` file to exist: one a writer removed on its last close
    /// is made again, empty (a name only, no data: that works on a full disk), and made again once more
    /// should it vanish before SQLite opened it (a writer's close removing it meanwhile).
    private static func openForReading(_ path: String, besideWriters: Bool) throws(StoreError) -> Connection? {
        guard access(path, F_OK) == 0 else { return nil }
        if besideWriters {
            do {
                return try current(Connection(readingOnly: path, indexReadOnly: false), path)
            } catch {
                guard error.isFileSystemFailure else { throw error }
            }
        }
        var attempt = 0
        while true {
            attempt += 1
            createEmptyIndexFile(for: path)
            do {
                return try current(Connection(readingOnly: path, indexReadOnly: true), path)
            } catch {
                guard attempt < 3, error.isCannotOpen, access("\(path)-shm", F_OK) != 0 else { throw error }
            }
        }
    }

    /// `reader` when its file has the current schema, nil when it has an older one; a newer one is refused.
    private static func current(_ reader: Connection, _ path: String) throws(StoreError) -> Connection? {
        let version = try schemaVersion(of: reader, path)
        try checkNotNewer(version, path)
        return version == currentVersion ? reader : nil
    }

    /// Creates `path`'s `-shm` file, empty, with the database's permissions, unless something is there.
    /// A failure is left to SQLite's open to report.
    private static func createEmptyIndexFile(for path: String) {
        let index = "\(path)-shm"
        var info = stat()
        guard lstat(index, &info) != 0, errno == ENOENT, stat(path, &info) == 0 else { return }
        let fd = open(index, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, info.st_mode & 0o666)
        if fd >= 0 { close(fd) }
    }

    /// The database's place under the XDG data home: `<dataHome>/daily-dose/dose.sqlite3`.
    public static func defaultPath(dataHome: String) -> String {
        let base = dataHome.hasSuffix("/") ? String(dataHome.dropLast()) : dataHome
        return base + "/daily-dose/dose.sqlite3"
    }

    /// The schema version this build writes; `PRAGMA user_version` of an up-to-date file.
    static var currentVersion: Int64 { Int64(Schema.migrations.count) }

    /// The file's schema version, from `PRAGMA user_version`.
    func schemaVersion() throws(StoreError) -> Int64 {
        try Self.schemaVersion(of: connection, path)
    }

    private static func schemaVersion(of connection: Connection, _ path: String) throws(StoreError) -> Int64 {
        let statement = try connection.prepare("PRAGMA user_version")
        _ = try statement.step("reading the schema version of \(path)")
        return statement.int64(at: 0)
    }

    /// Runs the migration steps the file has not had yet, all in one transaction.
    ///
    /// The version is first read without a write lock, so an up-to-date file (every open but the
    /// first after an upgrade) takes none: a reader opens the store while another process writes
    /// (WAL). Only a file that needs steps takes the write lock, and reads the version again inside
    /// it, so two processes opening a fresh file at once cannot both run step 1.
    private func migrate() throws(StoreError) {
        let seen = try schemaVersion()
        try Self.checkNotNewer(seen, path)
        if seen == Self.currentVersion { return }
        try connection.transaction("migrating \(path)") { () throws(StoreError) in
            let found = try schemaVersion()
            try Self.checkNotNewer(found, path)
            for step in Int(found)..<Schema.migrations.count {
                try connection.execute(Schema.migrations[step], "migrating \(path) to schema version \(step + 1)")
            }
            if found < Self.currentVersion {
                // user_version is in the file header, so it commits with the tables.
                try connection.execute(
                    "PRAGMA user_version = \(Self.currentVersion)", "recording the schema version of \(path)")
            }
        }
    }

    /// Throws for a file a newer Daily Dose wrote: writing to it could lose its data.
    private static func checkNotNewer(_ found: Int64, _ path: String) throws(StoreError) {
        guard found > Self.currentVersion else { return }
        throw StoreError(
            sqliteCode: nil,
            message: "schema version \(found) is newer than this program's \(Self.currentVersion)",
            operation: "opening \(path)")
    }

    /// Throws when something other than a regular file is at `path`: SQLite would open a FIFO and
    /// then wait for ever in its first read, and a device is no database either.
    private static func refuseIfNotAFile(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { return }
        throw StoreError(sqliteCode: nil, message: "not a regular file", operation: "opening \(path)")
    }

    /// Creates each missing directory above `path`, mode 0700 as the XDG spec asks.
    private static func createParentDirectories(of path: String) throws(StoreError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var prefix = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            prefix += "/" + component
            // EEXIST covers an existing directory; if it is a file, opening reports it.
            if mkdir(prefix, 0o700) != 0 {
                let error = errno
                guard error != EEXIST else { continue }
                let reason = String(cString: strerror(error))
                throw StoreError(sqliteCode: nil, message: reason, operation: "creating directory \(prefix)")
            }
        }
    }
}

@available(*, unavailable, message: "a database owns a connection that belongs to one thread")
extension Database: Sendable {}

extension Database {
    /// Tells `onReviewStateChange`, if any: the store's calls that change what is due end with this.
    func reviewStateChanged() {
        onReviewStateChange?(self)
    }

    /// SQLite's `PRAGMA data_version`: changes when another connection commits to the file, so a reader that
    /// keeps this connection open can tell whether anything moved without reading the tables.
    public func dataVersion() throws(StoreError) -> Int64 {
        let statement = try connection.prepare("PRAGMA data_version")
        _ = try statement.step("reading the data version")
        return statement.int64(at: 0)
    }
}
