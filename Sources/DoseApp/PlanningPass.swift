import DoseCore
import DoseStore
import DoseSystem

/// A pass that may change what the scheduler should know, ending — always — in the snapshot mirror.
///
/// The mirror runs in a `defer`, so a pass that fails half way still leaves a snapshot
/// consistent with the store: the scheduler never reads a pool the store no longer has.
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

    /// Writes the store's whole unfiltered pool (as committed, whether the body succeeded or not) to the snapshot file, atomically.
    private func mirror(_ store: PoolStore) -> CommandError? {
        do {
            // The pool as committed: read back from the store unless nothing changed it since this pass stored it.
            let items = try store.committedPool()
            let snapshot = Snapshot(generatedAt: context.now, poolDigest: Snapshot.digest(of: items), items: items)
            try SnapshotFile(path: context.paths.snapshot).write(snapshot)
            return nil
        } catch let error as FileError {
            // The store keeps what the pass did; the scheduler keeps reading the previous snapshot,
            // whole, until a later pass (any `dose` command that plans) mirrors again.
            let failure = CommandError(
                "could not write the snapshot: \(error); the store has the change, notifications use the "
                    + "previous snapshot until a later dose command writes it", exitCode: .cannotCreate)
            Log.error(failure.message)
            return failure
        } catch {
            let failure = CommandError("could not read the store to write the snapshot: \(error)", exitCode: .ioError)
            Log.error(failure.message)
            return failure
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
