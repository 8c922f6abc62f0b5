import DoseApp
import DoseCore
import DoseLearning
import DoseSystem

/// The words Preferences and the first-run page show: a change stored, a sync's progress and last result,
/// where the provider's key comes from. Outside text (a source, a server's message) arrives here already
/// made safe by the services; widgets show it in labels, never as markup.
public enum PreferencesText {
    /// What a stored change says (a toast): the setting as stored, then any warning.
    public static func changed(_ outcome: ConfigChange.Outcome) -> String {
        let name = settingName(outcome.key)
        let head = outcome.stored.map { "\(name) set to \($0)" } ?? "\(name) back to its default"
        return ([head] + outcome.warnings).joined(separator: ". ")
    }

    /// A row's name in a sentence.
    public static func settingName(_ key: ConfigKey) -> String {
        switch key {
        case .notifyTime: "Notify time"
        case .branch: "Branch"
        case .source: "Content source"
        case .providerURL: "Provider URL"
        case .providerModel: "Model"
        default: key.rawValue
        }
    }

    /// A running sync's step, for the label beside the spinner.
    public static func progress(_ step: ContentSync.Progress) -> String {
        switch step {
        case .fetching(let source): "Fetching \(source)…"
        case .importing: "Checking and importing…"
        case .report(let line): line
        }
    }

    /// The last sync's result, with its local time ("Synced 328 items at 22:10 from …").
    public static func lastSync(_ record: SyncRecord?, now: Int64, zone: some ZoneRules) -> String {
        guard let record else { return "No sync yet" }
        let when = HumanTime.describe(record.at, now: now, zone: zone)
        switch record.outcome {
        case .synced:
            let count = record.items.map { "\($0) items" } ?? "a new pool"
            return "Synced \(count) \(when) from \(record.source)"
        case .unchanged:
            return "Unchanged \(when): \(record.source) had nothing new"
        case .failed:
            return "Failed \(when): \(record.message)"
        }
    }

    /// Where the provider's key in use comes from, and what stops a request (the key row's group says it).
    public static func keyStatus(_ status: ProviderKeyService.Status) -> String {
        let source: String = switch status.source {
        case .keyring: "The key in use is in the Secret Service."
        case .keyFile: "The key in use comes from provider.key-file, which wins over the Secret Service."
        case .environment: "The key in use comes from \(ProviderKey.environmentVariable), which wins over the Secret Service."
        case .none: "No key stored in the Secret Service."
        }
        // The problem is a sentence of its own here ("no AI provider is configured: …" is a clause elsewhere).
        return status.problem.map { "\(source) \($0.prefix(1).uppercased() + $0.dropFirst())" } ?? source
    }
}
