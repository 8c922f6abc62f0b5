import DoseApp
import DoseCore
import DoseSystem

/// Preferences' settings: every change through the same validated path as `dose config set` (`ConfigChange`),
/// and what the branch and notify-time rows offer.
///
/// Usage (GLib thread; answers come back there):
///
///     let settings = SettingsService(paths: .fromEnvironment())
///     settings.set(.notifyTime, to: entry.text) { result in
///         switch result {
///         case .success(let outcome): row.text = outcome.stored ?? ""   // canonical "07:30"; outcome.warnings → a toast
///         case .failure(let failure): show(PreferencesText.refusal(failure))  // the setting and what to type; nothing written
///         }
///     }
///     settings.branchChoices { choices in combo.model = choices.map(\.label) }
public struct SettingsService: Sendable {
    public let paths: DosePaths
    let queue: ServiceQueue

    public init(paths: DosePaths, queue: ServiceQueue = .app) {
        self.paths = paths
        self.queue = queue
    }

    public func set(_ key: ConfigKey, to value: String, done: @escaping @Sendable (Result<ConfigChange.Outcome, ConfigChange.Failure>) -> Void) {
        let paths = paths
        queue.run({ Result { () throws(ConfigChange.Failure) in try ConfigChange.set(key, to: value, paths: paths) } }, done: done)
    }

    public func unset(_ key: ConfigKey, done: @escaping @Sendable (Result<ConfigChange.Outcome, ConfigChange.Failure>) -> Void) {
        let paths = paths
        queue.run({ Result { () throws(ConfigChange.Failure) in try ConfigChange.unset(key, paths: paths) } }, done: done)
    }

    /// Picks a branch: `.none` unsets it (every dose), common only or a code sets it.
    public func choose(_ choice: BranchChoice, done: @escaping @Sendable (Result<ConfigChange.Outcome, ConfigChange.Failure>) -> Void) {
        if let value = choice.audience.configured { set(.branch, to: value, done: done) } else { unset(.branch, done: done) }
    }

    /// The branch row's choices: "no branch", then each code the pool carries (and the configured one, even
    /// when no item carries it, so the row can show it), with the current choice marked.
    public func branchChoices(done: @escaping @Sendable (Result<BranchChoices, ServiceFailure>) -> Void) {
        let paths = paths
        queue.run({
            Result { () throws(ServiceFailure) in
                let census: BranchCensus
                do throws(CommandError) { census = try PoolInfo.census(paths: paths) } catch {
                    throw ServiceFailure(tr("Your doses can't be read."), detail: error.message)
                }
                return BranchChoices(census: census, current: try Self.config(paths).audience)
            }
        }, done: done)
    }

    /// The notify time in effect (the default when unset), as `HH:MM`.
    public func notifyTime(done: @escaping @Sendable (Result<LocalTime, ServiceFailure>) -> Void) {
        let paths = paths
        queue.run({ Result { () throws(ServiceFailure) in try Self.config(paths).notifyTime } }, done: done)
    }

    /// The config as both processes read it (a bad stored value gives its default, as there).
    static func config(_ paths: DosePaths) throws(ServiceFailure) -> DoseConfig {
        do { return try ConfigFile(path: paths.configFile).load().config } catch {
            throw ServiceFailure(tr("Daily Dose's settings can't be read."), detail: error.description)
        }
    }
}
