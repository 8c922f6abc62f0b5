import DoseCore
import DoseSystem

/// `dose config`: the settings both processes read (actions declared in `DoseCLI.configCommand`).
///
/// A change is a planning pass: it ends in the snapshot mirror like an import does.
struct ConfigCommand {
    let context: AppContext

    /// Runs one action on a live context: the table's run functions for `config list|get|set|unset`.
    static func runner(_ action: @escaping @Sendable (ConfigCommand) -> (inout Arguments) throws(CommandError) -> Void) -> CommandRunner {
        { arguments throws(CommandError) in try action(ConfigCommand(context: .live()))(&arguments) }
    }

    func get(_ arguments: inout Arguments) throws(CommandError) {
        let key = try configKey(try arguments.positional("KEY"))
        try arguments.finish()
        let values = try storedValues()
        if let value = values[key] {
            Console.print(value)
        } else if let value = key.defaultValue {
            Console.print(value)
        } else {
            throw CommandError(tr("{key} is not set", ["key": key.rawValue]), exitCode: .failure)
        }
    }

    func set(_ arguments: inout Arguments) throws(CommandError) {
        let key = try configKey(try arguments.positional("KEY"))
        let value = try arguments.value("VALUE for \(key.rawValue)")
        try arguments.finish()
        let stored = try apply(key, value)
        Console.print("\(key.rawValue) = \(stored)")
    }

    /// Validates and stores one setting, then ends the planning pass as every config change does; returns
    /// the value as stored. `dose config set` and the app's Preferences both come through here.
    func apply(_ key: ConfigKey, _ value: String) throws(CommandError) -> String {
        let stored: String
        do { stored = try context.configFile.set(key, to: value) } catch {
            throw CommandError("\(error)", exitCode: .config)
        }
        mirrorAfterChange()
        if key == .branch { warnIfNoItemCarries(value) }
        return stored
    }

    func unset(_ arguments: inout Arguments) throws(CommandError) {
        let key = try configKey(try arguments.positional("KEY"))
        try arguments.finish()
        try remove(key)
    }

    /// Removes one setting, then ends the planning pass; `dose config unset` and the app come through here.
    func remove(_ key: ConfigKey) throws(CommandError) {
        do { try context.configFile.unset(key) } catch {
            throw CommandError("\(error)", exitCode: .config)
        }
        mirrorAfterChange()
    }

    /// A config change is a planning pass: it ends in the snapshot mirror.
    ///
    /// The setting is already saved; a store that cannot be read must not undo or block it,
    /// so a failed mirror is a warning here (the scheduler reads the config file itself).
    private func mirrorAfterChange() {
        do {
            try PlanningPass(context: context).run { _ throws(CommandError) in }
        } catch {
            Log.warning("dose: " + tr("the setting is saved, but the snapshot was not refreshed: {error}", ["error": error.message]))
        }
    }

    /// A branch no item is tagged with is allowed (a pack may bring it later) but shows only the
    /// untagged doses: say so, and name the branches the pool has. Silent for an empty pool.
    private func warnIfNoItemCarries(_ value: String) {
        guard let code = try? ConfigKey.branch.normalize(value), let branch = BranchCode(exactly: code),
              let items = try? PoolView.open(context).items() else { return }
        let census = BranchCensus(items)
        guard !census.carries(branch) else { return }
        let codes = census.codes.isEmpty ? tr("none") : census.codes
        Log.warning("dose: " + tr(
            "no item in the pool is tagged {branch}, so only the {count} untagged ones will be shown; the pool's branches: {codes} (`dose config list --branches`)",
            ["branch": branch, "count": census.untagged, "codes": codes]))
    }

    func list(_ arguments: inout Arguments) throws(CommandError) {
        let branches = arguments.flag(.branches)
        try arguments.finish()
        if branches {
            Console.print(BranchCensus(try PoolView.open(context).items()).lines.joined(separator: "\n"))
            return
        }
        let values = try storedValues()
        for key in ConfigKey.allCases {
            if let value = values[key] {
                Console.print("\(key.rawValue) = \(value)")
            } else if let value = key.defaultValue {
                Console.print(tr("{key} = {value} (default)", ["key": key.rawValue, "value": value]))
            }
        }
    }

    /// The stored values; one the file has but GKeyFile cannot interpret is left out, with a warning.
    private func storedValues() throws(CommandError) -> [ConfigKey: String] {
        do {
            let (values, unreadable) = try context.configFile.stored()
            for problem in unreadable { Log.warning("dose: \(problem)") }
            return values
        } catch {
            throw CommandError(error.description, exitCode: .config)
        }
    }

    private func configKey(_ name: String) throws(CommandError) -> ConfigKey {
        guard let key = ConfigKey(rawValue: name) else {
            let names = ConfigKey.allCases.map(\.rawValue)
            let hint = Suggestion.hint(for: name, among: names)
            throw .usage(hint.isEmpty
                ? tr("unknown config key {name}; known keys: {keys}", ["name": name, "keys": names.joined(separator: ", ")])
                : tr("unknown config key {name}", ["name": name]) + hint)
        }
        return key
    }
}
