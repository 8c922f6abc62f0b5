import DoseCore
import DoseStore
import DoseSystem

/// The pool and the config as the desktop app reads and changes them, through the very paths of the
/// commands: today's dose as `dose today` resolves it, an id as `dose open ID` finds it, a setting as
/// `dose config set` stores it. The app holds no second copy of any of these rules.
public struct DesktopPool: Sendable {
    let context: AppContext

    /// A view of the pool at `now` in `zone` (the app takes both at its edge; nothing here reads the clock).
    public init(paths: DosePaths, now: Int64, zone: any ZoneRules) {
        context = AppContext(paths: paths, now: now, zone: zone, readsBesideWriters: true)
    }

    /// The XDG paths the pool reads.
    public var paths: DosePaths { context.paths }

    /// Today's civil date in the user's zone.
    public var today: CivilDate { context.today }

    /// The configured audience (a branch, common only, or everyone), as `dose today` reads it.
    public func audience() throws(CommandError) -> Audience {
        try context.loadConfig().audience
    }

    /// The store's pool as the scheduler reads it, mirrored again first if stale; nil for a store that
    /// never had a pool (the first run). The store is opened read-only, as `dose today` opens it.
    public func reader() throws(CommandError) -> SnapshotReader? {
        try ReadOnlyPool(context).currentReader()
    }

    /// The flashcards due now, counted from the store's due summary as the morning notification counts them
    /// from its mirror (`DueSummary.count`); none when the store has no decks or cannot be read.
    public func dueFlashcards() -> DueSummary.Count {
        let none = DueSummary.Count(cards: 0, topics: 0)
        guard FileSystem.exists(paths.database) else { return none }
        do {
            let database = try Database(path: paths.database, access: .readOnlyBesideWriters)
            return try StudyStore(database: database).dueSummary().count(at: context.now, zone: context.zone)
        } catch {
            Log.warning(tr("the learning store: {error}", ["error": "\(error)"]))
            return none
        }
    }

    /// The dose `text` names (an id, or a notification hint's short code) in the whole unfiltered pool.
    public func item(named text: String) throws(CommandError) -> Item? {
        try ReadOnlyPool(context).item(named: text)
    }

    /// Stores one setting through `dose config set`'s validation and planning pass; returns the stored value.
    public func set(_ key: ConfigKey, to value: String) throws(CommandError) -> String {
        let outcome: ConfigChange.Outcome
        do { outcome = try ConfigChange.set(key, to: value, context: context) } catch {
            throw CommandError(error.description, exitCode: .config)
        }
        return outcome.stored ?? value
    }

    /// Removes one setting (its default applies) through `dose config unset`'s planning pass.
    public func unset(_ key: ConfigKey) throws(CommandError) {
        do { _ = try ConfigChange.unset(key, context: context) } catch {
            throw CommandError(error.description, exitCode: .config)
        }
    }

    /// The stored value of `key`, or its default; nil when neither.
    public func value(_ key: ConfigKey) -> String? {
        ((try? context.configFile.stored())?.values[key]) ?? key.defaultValue
    }
}

extension DesktopPool {
    /// The branch codes the pool's items are tagged with, as `dose config list --branches` counts them.
    public func branchCodes() throws(CommandError) -> [String] {
        BranchCensus(try PoolView.open(context).items()).branches.map(\.code.rawValue)
    }
}
