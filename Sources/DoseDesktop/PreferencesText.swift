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
        let head = outcome.stored.map { tr("{setting} set to {value}", ["setting": name, "value": $0]) }
            ?? tr("{setting} back to its default", ["setting": name])
        return ([head] + outcome.warnings).joined(separator: ". ")
    }

    /// A row's name in a sentence.
    public static func settingName(_ key: ConfigKey) -> String {
        switch key {
        case .notifyTime: tr("Notify time")
        case .branch: tr("Branch")
        case .source: tr("Content source")
        case .providerURL: tr("Provider URL")
        case .providerModel: tr("Model")
        default: key.rawValue
        }
    }

    /// A running sync's step, for the label beside the spinner.
    public static func progress(_ step: ContentSync.Progress) -> String {
        switch step {
        case .fetching(let source): tr("Fetching {source}…", ["source": source])
        case .importing: tr("Checking and importing…")
        case .report(let line): line
        }
    }

    /// The background work row: what on and off mean for the student (how it runs is not theirs to know).
    public static func backgroundState(_ state: BackgroundWorkService.State) -> String {
        state.enabled
            ? tr("On: the morning notification comes, and decks are made for the topics you tick")
            : tr("Off: no morning notification, and ticked topics wait")
    }

    /// The last sync's result, with its local time ("Synced 328 items at 22:10 from …").
    public static func lastSync(_ record: SyncRecord?, now: Int64, zone: some ZoneRules) -> String {
        guard let record else { return tr("No sync yet") }
        let when = DateText.current.describe(record.at, now: now, zone: zone)
        switch record.outcome {
        case .synced:
            // TRANSLATORS: {when} is "at 22:10", "tomorrow at 7:00" or "on 2026-12-03 at 15:28".
            guard let items = record.items else { return tr("Synced a new pool {when} from {source}", ["when": when, "source": record.source]) }
            return trn("Synced {count} item {when} from {source}", "Synced {count} items {when} from {source}", items,
                       ["when": when, "source": record.source])
        case .unchanged:
            return tr("Unchanged {when}: {source} had nothing new", ["when": when, "source": record.source])
        case .failed:
            return tr("Failed {when}: {message}", ["when": when, "message": record.message])
        }
    }

    /// Where the provider's key in use comes from, and what stops a request (the key row's group says it).
    public static func keyStatus(_ status: ProviderKeyService.Status) -> String {
        let source: String = switch status.source {
        case .keyring: tr("The key in use is in the Secret Service.")
        case .keyFile: tr("The key in use comes from provider.key-file, which wins over the Secret Service.")
        case .environment: tr("The key in use comes from {variable}, which wins over the Secret Service.", ["variable": ProviderKey.environmentVariable])
        case .none: tr("No key stored in the Secret Service.")
        }
        if status.keyWithheld {
            // The command line names provider.url; here it is the Provider URL row just above.
            return source + " " + tr("It is not sent: the Provider URL is not encrypted (http://) and leads to another computer, where anyone on the way could read the key. Use an https:// address, or clear the key if the service needs none.")
        }
        // The problem is a sentence of its own here ("no AI provider is configured: …" is a clause elsewhere).
        return status.problem.map { "\(source) \($0.prefix(1).uppercased() + $0.dropFirst())" } ?? source
    }
}
