import DoseCore
import DoseSystem

/// The one way a setting changes, for `dose config set|unset` and the app's Preferences alike: the value is
/// checked and stored canonical (`ConfigKey.normalize`, atomically), then the change ends in the snapshot
/// mirror like every planning pass.
///
/// Usage (blocking: the app calls it through DoseDesktop's `SettingsService`, off the GLib thread):
///
///     let outcome = try ConfigChange.set(.notifyTime, to: "7:30", paths: .fromEnvironment())
///     outcome.stored      // "07:30"
///     outcome.warnings    // e.g. a branch no item carries, or a snapshot that could not be refreshed
public enum ConfigChange {
    /// What a change came to: the value as stored (nil after an unset) and what the user should know.
    public struct Outcome: Sendable, Equatable {
        public var key: ConfigKey
        public var stored: String?
        /// Things worth saying that did not stop the change.
        public var warnings: [Warning]
    }

    /// Something worth saying about a change that was stored, as a fact: the command line says `description`,
    /// the app its own words.
    public enum Warning: Sendable, Equatable, CustomStringConvertible {
        /// Stored, but the snapshot was not mirrored (the store unreadable): `error` is the store's message.
        case snapshotNotRefreshed(error: String)
        /// "Common only" on a pool with no untagged item: nothing will be shown. `codes`: the pool's branches.
        case noUntaggedItem(codes: String)
        /// A branch no item carries: only the `untagged` common ones will be shown.
        case branchNotInPool(branch: String, untagged: Int, codes: String)

        public var description: String {
            switch self {
            case .snapshotNotRefreshed(let error):
                return tr("the setting is saved, but the snapshot was not refreshed: {error}", ["error": error])
            case .noUntaggedItem(let codes):
                return tr("no item in the pool is untagged, so no dose will be shown until a pack brings one; the pool's branches: {codes}",
                          ["codes": codes])
            case .branchNotInPool(let branch, let untagged, let codes):
                return tr(
                    "no item in the pool is tagged {branch}, so only the {count} untagged ones will be shown; the pool's branches: {codes} (`dose config list --branches`)",
                    ["branch": branch, "count": untagged, "codes": codes.isEmpty ? tr("none") : codes])
            }
        }
    }

    /// A change refused, naming the key and the value given.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// The value is not acceptable for the key: nothing was written.
            case invalid
            /// The config file could not be read or written.
            case file
        }

        public var kind: Kind
        public var key: ConfigKey
        /// The value as given (nil for an unset).
        public var value: String?
        /// Why, phrased for the command line.
        public var reason: String
        /// What is wrong with the value, for a front end that words it its own way (nil: the file failed).
        public var problem: ConfigError.Reason?

        public init(kind: Kind, key: ConfigKey, value: String?, reason: String, problem: ConfigError.Reason? = nil) {
            self.kind = kind
            self.key = key
            self.value = value
            self.reason = reason
            self.problem = problem
        }

        public var description: String {
            kind == .invalid ? tr("config key {key}: {message}", ["key": key.rawValue, "message": reason]) : reason
        }
    }

    /// Checks and stores `value` for `key`, then mirrors the snapshot.
    public static func set(_ key: ConfigKey, to value: String, paths: DosePaths) throws(Failure) -> Outcome {
        try set(key, to: value, context: .live(paths: paths))
    }

    /// Removes `key` (back to its default), then mirrors the snapshot.
    public static func unset(_ key: ConfigKey, paths: DosePaths) throws(Failure) -> Outcome {
        try unset(key, context: .live(paths: paths))
    }

    static func set(_ key: ConfigKey, to value: String, context: AppContext) throws(Failure) -> Outcome {
        let stored: String
        do { stored = try context.configFile.set(key, to: value, workingDirectory: context.workingDirectory) } catch {
            if case .invalid(let problem) = error { throw Failure(kind: .invalid, key: key, value: value, reason: problem.message, problem: problem.reason) }
            throw Failure(kind: .file, key: key, value: value, reason: error.description)
        }
        var warnings = mirror(context)
        if key == .branch, let warning = branchWarning(stored, context) { warnings.append(warning) }
        return Outcome(key: key, stored: stored, warnings: warnings)
    }

    static func unset(_ key: ConfigKey, context: AppContext) throws(Failure) -> Outcome {
        do { try context.configFile.unset(key) } catch {
            throw Failure(kind: .file, key: key, value: nil, reason: error.description)
        }
        return Outcome(key: key, stored: nil, warnings: mirror(context))
    }

    /// A config change is a planning pass: it ends in the snapshot mirror.
    ///
    /// The setting is already saved; a store that cannot be read must not undo or block it,
    /// so a failed mirror is a warning (the scheduler reads the config file itself).
    private static func mirror(_ context: AppContext) -> [Warning] {
        do {
            try PlanningPass(context: context).run { _ throws(CommandError) in }
            return []
        } catch {
            return [.snapshotNotRefreshed(error: error.message)]
        }
    }

    /// A branch no item is tagged with is allowed (a pack may bring it later) but shows only the
    /// untagged doses: say so, and name the branches the pool has. "Common only" on a pool with no
    /// untagged item shows nothing at all: say that too. Silent for an empty pool.
    private static func branchWarning(_ code: String, _ context: AppContext) -> Warning? {
        guard let audience = Audience(configured: code), let items = try? PoolView.open(context).items(), !items.isEmpty else { return nil }
        return branchWarning(audience, BranchCensus(items))
    }

    /// What `audience` means on a pool with this census, nil when there is nothing to say (an empty pool included):
    /// the words a branch set just now gets, and the app's branch row while the pool changes under it.
    public static func branchWarning(_ audience: Audience, _ census: BranchCensus) -> Warning? {
        guard census.untagged > 0 || !census.branches.isEmpty else { return nil }
        if audience == .commonOnly {
            guard census.untagged == 0 else { return nil }
            return .noUntaggedItem(codes: census.codes)
        }
        guard let branch = audience.branch, !census.carries(branch) else { return nil }
        return .branchNotInPool(branch: branch.rawValue, untagged: census.untagged, codes: census.codes)
    }
}

extension AppContext {
    /// A live context for the given paths (the app's, or a test's): no working directory, readers beside writers.
    static func live(paths: DosePaths) -> AppContext {
        AppContext(paths: paths, now: WallClock.now(), zone: SystemZone.current(), readsBesideWriters: true)
    }
}
