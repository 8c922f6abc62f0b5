import DoseCore
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

    /// Makes sure the snapshot is the store's pool (as committed, whether the body succeeded or not).
    private func mirror(_ store: PoolStore) -> CommandError? {
        do {
            try SnapshotMirror(context: context, store: store).ensureCurrent()
            return nil
        } catch {
            Log.error(error.message)
            return error
        }
    }
}

/// Opens (creating if needed) the app's store.
func openStore(_ paths: DosePaths) throws(CommandError) -> PoolStore {
    do {
        return PoolStore(database: try Database(path: paths.database))
    } catch {
        throw CommandError("cannot open the store \(paths.database): \(error)", exitCode: .ioError)
    }
}
