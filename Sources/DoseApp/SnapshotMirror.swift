import DoseCore
import DoseStore
import DoseSystem

/// Keeps the snapshot the store's pool: the store is the source of truth, the snapshot its mirror
/// for the scheduler and for `dose today` and `dose open`, which read it as the scheduler does.
///
/// Whether they match is the digest `PoolStore` records with the pool against the snapshot's
/// `poolDigest`: one meta read and a look at the file's two ends, so a pass that changed nothing
/// reads no pool and writes no snapshot. A store changed by hand (raw SQL) behind its recorded
/// digest is not noticed; every `dose` write goes through `replacePool`, which records it.
struct SnapshotMirror {
    let context: AppContext
    let store: PoolStore

    private var file: SnapshotFile { SnapshotFile(path: context.paths.snapshot) }

    /// How long a mirror waits for another to finish (one takes well under a second at 100,000 items).
    static let lockTimeout = 30.0

    /// Makes sure the snapshot is the store's pool: written again when it is missing, does not begin
    /// and end as the encoder writes it, or names another digest than the store records; otherwise
    /// left as it is (its inode and mtime too). Throws when the store cannot be read or the
    /// snapshot cannot be written.
    ///
    /// The look and the write both happen holding the snapshot lock: a look outside it could see the
    /// snapshot of this very pool just before another mirror, holding an older read of the store,
    /// renames its own over it.
    func ensureCurrent() throws(CommandError) {
        let done: Void? = try locked { () throws(CommandError) in
            if let recorded = try recordedDigest(), let header = file.header(), header.poolDigest == recorded {
                // What a write would have swept: files of writers killed before their rename.
                file.sweepAbandonedTemporaries()
                return
            }
            if let failure = try write().failure { throw failure }
        }
        if done == nil { throw Self.lockedElsewhere }
    }

    /// `ensureCurrent()` for a command that reads the store itself: a failure is a warning, since the
    /// command's own answer does not depend on the snapshot. A home that never had a pool gets no snapshot.
    ///
    /// A snapshot that already names the store's digest is left without taking the lock (or creating
    /// its file): a mirror writes only under the lock and reads the store once it holds it, so a match
    /// seen now cannot be undone by an older pool.
    func refreshIfStale() {
        do {
            let recorded = try recordedDigest()
            if let recorded, file.header()?.poolDigest == recorded { return }
            if try neverHadAPool(recorded: recorded) { return }
            try ensureCurrent()
        } catch {
            Log.warning(error.message)
        }
    }

    /// The store's pool as a snapshot reader, for today's dose: the snapshot file when it reads whole
    /// (the scheduler's strict index) and names the store's digest; otherwise the store's pool is
    /// mirrored again first and read from the bytes just written. A snapshot that cannot be written is
    /// a warning here: the answer comes from the same bytes, the scheduler keeps the old file.
    ///
    /// Nil when the store has never had a pool and there is no snapshot: nothing to mirror, and a
    /// fresh home stays without a snapshot until a pack is imported.
    /// True when the pool has no items (never imported, or an empty pack): the commands then point to the app.
    func isPoolEmpty() throws(CommandError) -> Bool {
        (try currentReader()?.index.count ?? 0) == 0
    }

    func currentReader() throws(CommandError) -> SnapshotReader? {
        let recorded = try recordedDigest()
        if let recorded, let index = try? file.readIndex(), index.poolDigest == recorded {
            return SnapshotReader(index: index)
        }
        if try neverHadAPool(recorded: recorded) { return nil }
        var written = try locked { () throws(CommandError) in try write() }
        if written == nil { written = (try encodedPool(), Self.lockedElsewhere) }
        guard let (bytes, failure) = written else { return nil }
        if let failure { Log.warning(failure.message) }
        return try SnapshotReader.decode(bytes)
    }

    /// Runs `body` holding the snapshot lock; nil, without running it, when another holder kept the
    /// lock past `lockTimeout`.
    ///
    /// Two processes mirroring at once (an import while the daemon syncs) take turns, and each reads
    /// the store's pool once it holds the lock: every commit comes before its own mirror, so the last
    /// mirror to run reads, and renames, the last committed pool. A state directory that cannot take
    /// the lock file (read-only, full) cannot take the snapshot either: `body` runs, and its write
    /// fails and says so, naming the snapshot.
    private func locked<T>(_ body: () throws(CommandError) -> T) throws(CommandError) -> T? {
        let lock: FileLock
        do { lock = try FileLock(path: context.paths.snapshotLock, timeout: Self.lockTimeout) } catch {
            return error.isHeldElsewhere ? nil : try body()
        }
        let result = try body()
        withExtendedLifetime(lock) {}
        return result
    }

    /// Why a mirror did not write: another held the lock for `lockTimeout`.
    static var lockedElsewhere: CommandError {
        CommandError(
            tr("another dose process has been writing the snapshot for {seconds} s; notifications use the previous snapshot until a later dose command writes it",
               ["seconds": Int(lockTimeout)]),
            exitCode: .temporaryFailure)
    }

    /// Writes the store's whole unfiltered pool, as it is now, to the snapshot file, atomically; called
    /// holding the snapshot lock.
    ///
    /// Returns the bytes, and why they could not be written if they could not: the store keeps what
    /// it has, the scheduler keeps reading the previous snapshot, whole, until a later pass writes it.
    private func write() throws(CommandError) -> (bytes: [UInt8], failure: CommandError?) {
        let bytes = try encodedPool()
        do { try file.write(encoded: bytes) } catch {
            let failure = CommandError(
                tr("could not write the snapshot: {error}; the store has the change, notifications use the previous snapshot until a later dose command writes it",
                   ["error": error]),
                exitCode: .cannotCreate)
            return (bytes, failure)
        }
        return (bytes, nil)
    }

    /// The store's pool as it is now, encoded as the snapshot.
    private func encodedPool() throws(CommandError) -> [UInt8] {
        let pool: (items: [Item], digest: String)
        do { pool = try store.poolAndDigest() } catch {
            throw storeFailure(tr("could not read the store to write the snapshot"), error)
        }
        return Snapshot(generatedAt: context.now, poolDigest: pool.digest, items: pool.items).encoded()
    }

    private func recordedDigest() throws(CommandError) -> String? {
        do { return try store.recordedDigest() } catch {
            throw storeFailure(tr("cannot read the store"), error)
        }
    }

    /// True for a store that has never been given a pool (no digest recorded, no items) in a home with
    /// no snapshot: there is nothing to mirror, and a read need not create the file.
    private func neverHadAPool(recorded: String?) throws(CommandError) -> Bool {
        guard recorded == nil, !FileSystem.exists(file.path) else { return false }
        do { return try store.count() == 0 } catch {
            throw storeFailure(tr("cannot read the store"), error)
        }
    }
}
