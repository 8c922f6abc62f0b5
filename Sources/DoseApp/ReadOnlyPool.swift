import DoseCore
import DoseStore
import DoseSystem

/// The pool as the commands that only read it see it (`today`, `show`, `open`, `calendar`, `list`,
/// `search`, and the app's card through `DesktopPool`): the store opened read-only
/// (`Database.Access.readOnly`), so a full disk or a read-only data directory does not stop an answer.
///
/// The store is the truth and the snapshot its mirror, as for every command: a current snapshot
/// (the store's recorded digest is the snapshot's) answers as the scheduler reads it, and a stale or
/// missing one is mirrored again from the store first (`SnapshotMirror.currentReader`; a snapshot
/// that cannot be written is a warning and the answer still the store's pool). When even a
/// read-only open fails for a reason of the file system (`StoreError.isFileSystemFailure`: a
/// read-only directory without the WAL's `-shm`, an I/O error), the snapshot answers as it is, as
/// `dose-notify` would, with a warning that it may be older than the store.
struct ReadOnlyPool {
    let context: AppContext
    /// The store, read-only; nil when it could not be opened even so, and the snapshot answers alone.
    private let store: PoolStore?

    /// Opens the store read-only; a file-system failure is a warning (the snapshot then answers), any
    /// other (a damaged file, a newer schema) the command's error, as before.
    init(_ context: AppContext) throws(CommandError) {
        self.context = context
        do {
            store = PoolStore(database: try Self.open(context.paths.database, context.readsBesideWriters ? .readOnlyBesideWriters : .readOnly))
        } catch {
            let failure = storeFailure(tr("cannot open the store {path}", ["path": context.paths.database]), error)
            guard error.isFileSystemFailure, FileSystem.exists(context.paths.snapshot) else { throw failure }
            Log.warning(tr("{error}; the dose comes from the snapshot, as the last dose command able to write it left it",
                           ["error": failure.message]))
            store = nil
        }
    }

    /// The store read-only; a store from before digests were recorded is opened read-write instead, so this
    /// first reader records one (as every reader once did) and later ones need not mirror again, unless the
    /// disk refuses. The read-only connection is closed first: a read-only wal-index shared in the process
    /// would refuse the writer's writes.
    private static func open(_ path: String, _ access: Database.Access) throws(StoreError) -> Database {
        if let reader = try readerWithDigest(path, access) { return reader }
        if let writable = try? Database(path: path) { return writable }
        return try Database(path: path, access: access)
    }

    /// The store opened with `access`, or nil (and closed again) when it is read-only and its pool has
    /// items but no digest recorded.
    private static func readerWithDigest(_ path: String, _ access: Database.Access) throws(StoreError) -> Database? {
        let database = try Database(path: path, access: access)
        guard database.isReadOnly else { return database }
        let store = PoolStore(database: database)
        return (try? store.recordedDigest()) == nil && ((try? store.count()) ?? 0) > 0 ? nil : database
    }

    /// The pool as a snapshot reader (`SnapshotMirror.currentReader`: nil for a store that never had a
    /// pool and no snapshot), or the snapshot as it is when the store could not be opened.
    func currentReader() throws(CommandError) -> SnapshotReader? {
        guard let store else { return try SnapshotReader.read(SnapshotFile(path: context.paths.snapshot)) }
        return try SnapshotMirror(context: context, store: store).currentReader()
    }

    /// The dose `text` names (an id, or a notification hint's short code) in the whole unfiltered pool:
    /// one row by its primary key, after the cheap check that the snapshot is the store's pool.
    func item(named text: String) throws(CommandError) -> Item? {
        let reference = ItemReference(text: text)
        guard let store else {
            let reader = try currentReader()
            return try reference.find(byID: { id throws(CommandError) in try reader?.item(id: id) }, snapshot: { reader })
        }
        let mirror = SnapshotMirror(context: context, store: store)
        mirror.refreshIfStale()
        return try reference.find(store: store, mirror: mirror)
    }

    /// True when the pool has no items (never imported, or an empty pack).
    func isPoolEmpty() throws(CommandError) -> Bool {
        (try currentReader()?.index.count ?? 0) == 0
    }
}
