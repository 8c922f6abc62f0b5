import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// A pass that may change what the scheduler should know, ending — always — in the snapshot mirror.
///
/// The mirror runs in a `defer`, so a pass that fails half way still leaves a snapshot
/// consistent with the store: the scheduler never reads a pool the store no longer has.
/// A pass that changed nothing (the pool's digest is the snapshot's) writes nothing.
struct PlanningPass {
    let context: AppContext

    func run<T>(_ body: (PoolStore) throws(CommandError) -> T) throws(CommandError) -> T {
        let store = try openStore(context.paths)
        var mirrorFailure: CommandError?
        let value: T
        do {
            defer { mirrorFailure = mirror(store) }
            value = try body(store)
        }
        if let mirrorFailure { throw mirrorFailure }
        return value
    }

    /// Makes sure the snapshot is the store's pool (as committed, whether the body succeeded or not), and the
    /// due summary the store's review state (a warning if it cannot be: the pass is about the pool).
    private func mirror(_ store: PoolStore) -> CommandError? {
        DueMirror(paths: context.paths).mirror(store.database)
        do {
            try SnapshotMirror(context: context, store: store).ensureCurrent()
            return nil
        } catch {
            Log.error(error.message)
            return error
        }
    }
}

/// Opens (creating if needed) the app's store, its due summary mirrored after each change of review state
/// made through it (`DueMirror`).
func openStore(_ paths: DosePaths) throws(CommandError) -> PoolStore {
    do {
        let database = try Database(path: paths.database)
        DueMirror(paths: paths).attach(to: database)
        return PoolStore(database: database)
    } catch {
        throw storeFailure(tr("cannot open the store {path}", ["path": paths.database]), error)
    }
}

/// A store failure as a command reports it, `what` first: a write that waited out the busy timeout
/// for another process's write lock is a temporary failure (75, nothing changed: try again), any
/// other an I/O error (74). Readers never wait (WAL), so only writers meet the first.
func storeFailure(_ what: String, _ error: StoreError) -> CommandError {
    guard error.isBusy else { return CommandError("\(what): \(error)", exitCode: .ioError) }
    return CommandError(
        tr("{what}: another process has been writing to the store for too long ({error}); nothing was changed, try again",
           ["what": what, "error": error]),
        exitCode: .temporaryFailure)
}
