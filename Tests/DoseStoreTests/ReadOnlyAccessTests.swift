import DoseCore
import DoseTestSupport
import Foundation
import Testing
@testable import DoseStore

/// `Database.Access.readOnly`, the readers' open: nothing written to the file, its WAL or its `-shm`,
/// every commit seen (also one still in the WAL of a writer that is open), and a full disk no obstacle.
@Suite(.timeLimit(.minutes(5)), .watched) struct ReadOnlyAccessTests {
    private static let pool = [
        Item(id: "f-one", kind: .fact, text: "One."),
        Item(id: "q-two", kind: .question, text: "Two?", answer: "2"),
    ]

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    @Test func anUpToDateFileIsOpenedReadOnlyAndWritesNothing() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try PoolStore(database: Database(path: path)).replacePool(with: Self.pool)
        // The writer's last close checkpointed the WAL and removed it and the -shm.
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let database = try Database(path: path, access: .readOnly)
            #expect(database.isReadOnly)
            let store = PoolStore(database: database)
            #expect(try store.item(id: "q-two")?.answer == "2")
            #expect(try store.recordedDigest() == Snapshot.digest(of: Self.pool))
            // Reading is all it does: a write is refused by SQLite itself.
            let error = #expect(throws: StoreError.self) { try store.setMeta("etag", "x") }
            #expect(error?.sqliteCode.map { $0 & 0xFF } == 8, "SQLITE_READONLY: \(String(describing: error))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // An empty -shm (made for SQLite's read-only reader) and WAL are all that it leaves: names, no data.
        #expect(size(path + "-shm") == 0)
        #expect(size(path + "-wal") ?? 0 == 0)
    }

    @Test func aMissingFileIsCreatedAndAnOlderOneMigratedAsAWriterWould() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("data/dose.sqlite3")
        let created = try Database(path: path, access: .readOnly)
        #expect(!created.isReadOnly)
        #expect(try created.schemaVersion() == Database.currentVersion)
        // A file an earlier release left (schema version 1): migrating it is a write, done as before.
        let older = tmp.file("older.sqlite3")
        let connection = try Connection(path: older)
        try connection.execute(Schema.migrations[0] + "; PRAGMA user_version = 1", "writing a version 1 file")
        let migrated = try Database(path: older, access: .readOnly)
        #expect(!migrated.isReadOnly)
        #expect(try migrated.schemaVersion() == Database.currentVersion)
        #expect(try Database(path: older, access: .readOnly).isReadOnly)
        #expect(try Database(path: path, access: .readOnly).isReadOnly)
    }

    @Test func aNewerSchemaIsRefusedReadOnlyToo() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try Database(path: path).connection.execute("PRAGMA user_version = 99", "test")
        let error = #expect(throws: StoreError.self) { try Database(path: path, access: .readOnly) }
        #expect(error?.message.contains("newer") == true)
    }

    /// A writer still open has its commits in the WAL, not yet in the file: the reader, mapping the
    /// `-shm` read-only, sees each of them, at once, while that writer is open.
    @Test func aReaderSeesCommitsStillInAnOpenWritersWAL() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        let writer = PoolStore(database: try Database(path: path))
        try writer.replacePool(with: Self.pool)
        for round in 0..<5 {
            let pool = Self.pool + [Item(id: "f-round-\(round)", kind: .fact, text: "Round \(round).")]
            try writer.replacePool(with: pool)
            #expect((size(path + "-wal") ?? 0) > 0, "the commit is in the WAL")
            let reader = PoolStore(database: try Database(path: path, access: .readOnly))
            #expect(reader.database.isReadOnly)
            #expect(try reader.loadPool().map(\.id) == pool.map(\.id).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(try reader.recordedDigest() == Snapshot.digest(of: pool))
        }
    }

    /// A full disk (a 64 KiB tmpfs, filled, as root): a read-write open fails sizing the `-shm`,
    /// the read-only one answers.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskStillReads() throws {
        let tmp = try TemporaryDirectory()
        let disk = try FullDisk(in: tmp) { path throws(StoreError) in try PoolStore(database: Database(path: path)).replacePool(with: Self.pool) }
        let path = disk.database
        let refused = #expect(throws: StoreError.self) { try Database(path: path) }
        #expect(refused?.isFileSystemFailure == true, "\(String(describing: refused))")
        let store = PoolStore(database: try Database(path: path, access: .readOnly))
        #expect(try store.item(id: "f-one")?.text == "One.")
    }

    @Test func uriFilenamesEscapeWhatSQLiteWouldParse() {
        #expect(Connection.uri("/home/a?b#c%d/dose.sqlite3") == "file:///home/a%3Fb%23c%25d/dose.sqlite3")
        #expect(Connection.uri("//server/dose.sqlite3") == "file:////server/dose.sqlite3")
        #expect(Connection.uri("data/dose.sqlite3") == "file:data/dose.sqlite3")
        #expect(Connection.uri("/tmp/ü é") == "file:///tmp/ü é")
    }
}

/// SQLite shares one wal-index per file within a process: a read-only one (`readonly_shm`) held while a
/// writer opens the same file would refuse that writer's writes. `readOnlyBesideWriters` (the app, whose
/// other threads write) reads on the shared index instead.
@Suite(.timeLimit(.minutes(5)), .watched) struct ReaderBesideWritersTests {
    private static let pool = [Item(id: "f-one", kind: .fact, text: "One.")]

    @Test func aReaderBesideWritersLeavesTheirWritesAlone() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.file("dose.sqlite3")
        try PoolStore(database: Database(path: path)).replacePool(with: Self.pool)
        do {
            let reader = PoolStore(database: try Database(path: path, access: .readOnlyBesideWriters))
            #expect(reader.database.isReadOnly)
            let writer = PoolStore(database: try Database(path: path))
            try writer.replacePool(with: Self.pool + [Item(id: "f-two", kind: .fact, text: "Two.")])
            #expect(try reader.count() == 2)
        }
        // What the other mode would have done in this process: the writer's commit refused.
        let reader = PoolStore(database: try Database(path: path, access: .readOnly))
        let writer = PoolStore(database: try Database(path: path))
        let refused = #expect(throws: StoreError.self) { try writer.replacePool(with: Self.pool) }
        #expect(refused?.sqliteCode.map { $0 & 0xFF } == 8, "SQLITE_READONLY: \(String(describing: refused))")
        #expect(try reader.count() == 2)
    }

    /// On a full disk the shared index cannot be sized: the reader beside writers takes the read-only one.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func onAFullDiskItTakesTheReadOnlyIndex() throws {
        let tmp = try TemporaryDirectory()
        let disk = try FullDisk(in: tmp) { path throws(StoreError) in try PoolStore(database: Database(path: path)).replacePool(with: Self.pool) }
        let store = PoolStore(database: try Database(path: disk.database, access: .readOnlyBesideWriters))
        #expect(try store.item(id: "f-one")?.text == "One.")
    }
}

/// A 512 KiB tmpfs (mounted as root) holding a store `fill` wrote, then filled to its last block;
/// unmounted when the value goes. Room enough for the store's WAL to be checkpointed into the file when
/// `fill` closes it (256 KiB was not, once schema 5 added the syllabus's tables: the WAL and `-shm` stayed,
/// and a read-write open then found its wal-index already there).
final class FullDisk {
    let directory: String
    var database: String { directory + "/dose.sqlite3" }

    init(in tmp: TemporaryDirectory, _ fill: (String) throws(StoreError) -> Void) throws {
        directory = tmp.file("full")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try #require(mount("tmpfs", directory, "tmpfs", 0, "size=512k,mode=0700") == 0, "mount: \(String(cString: strerror(errno)))")
        try fill(database)
        let filler = open(directory + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
        close(filler)
    }

    deinit { umount2(directory, Int32(MNT_DETACH)) }
}
