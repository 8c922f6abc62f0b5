import DoseCore
import DoseLearning
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
        report(try change { () throws(ConfigChange.Failure) in try ConfigChange.set(key, to: value, context: context) })
    }

    func unset(_ arguments: inout Arguments) throws(CommandError) {
        let key = try configKey(try arguments.positional("KEY"))
        try arguments.finish()
        report(try change { () throws(ConfigChange.Failure) in try ConfigChange.unset(key, context: context) })
    }

    /// Runs the one shared change path; its refusal is a config error (78).
    private func change(_ body: () throws(ConfigChange.Failure) -> ConfigChange.Outcome) throws(CommandError) -> ConfigChange.Outcome {
        do { return try body() } catch { throw CommandError(error.description, exitCode: .config) }
    }

    private func report(_ outcome: ConfigChange.Outcome) {
        if let stored = outcome.stored { Console.print("\(outcome.key.rawValue) = \(stored)") }
        for warning in outcome.warnings { Log.warning("dose: \(warning)") }
        if [.providerURL, .providerKeyFile].contains(outcome.key) { warnIfKeyWithheld() }
    }

    /// Says at once, when the provider's URL and its key no longer go together (plain http:// to another
    /// machine), what the learning queue would only say later. A warning, not a refusal: the URL is valid, a
    /// keyless server there works, and the key may be this shell's `DOSE_PROVIDER_KEY`, which the daemon lacks.
    private func warnIfKeyWithheld() {
        if let refusal = ProviderSnapshot.keyRefusal(configPath: context.paths.configFile, keyring: KeyringLookup.providerKey) {
            Log.warning("dose: \(refusal)")
        }
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
