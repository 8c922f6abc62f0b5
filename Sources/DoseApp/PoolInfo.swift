import DoseCore
import DoseSystem

/// What the app asks of the pool without showing a dose: whether there is one, and which branches it carries.
///
/// Blocking (it opens the store and may mirror the snapshot): DoseDesktop calls it off the GLib thread.
public enum PoolInfo {
    /// The pool's branches and untagged count, through the snapshot made sure to be the store's pool (as `dose
    /// config list --branches`); an empty census for an empty pool.
    public static func census(paths: DosePaths) throws(CommandError) -> BranchCensus {
        let context = AppContext.live(paths: paths)
        guard let reader = try ReadOnlyPool(context).currentReader(),
              reader.index.count > 0 else { return BranchCensus([]) }
        return BranchCensus(try PoolView(reader: reader).items())
    }

    /// The number of items in the pool (0: never imported, the app's first run).
    public static func itemCount(paths: DosePaths) throws(CommandError) -> Int {
        let context = AppContext.live(paths: paths)
        return try ReadOnlyPool(context).currentReader()?.index.count ?? 0
    }
}
