import DoseApp
import DoseCore
import DoseLearning
import DoseSystem

/// The words Preferences and the first-run page show: a change stored or refused, a sync's progress and last
/// result, where the provider's key comes from. The app's own sentences from the facts the shared code gives
/// (`ConfigError.Reason`, `ConfigChange.Warning`, `SyncProblem`, `ProviderSnapshot.ProblemKind`): short, with
/// what to do, and never a command, a config key, an environment variable, a library's message or an ISO
/// date, which are the command line's. Outside text (a source) arrives here already made safe by the services;
/// widgets show it in labels, never as markup.
public enum PreferencesText {
    /// What a stored change says (a toast): the setting as stored, then any warning (unless the row shows them).
    public static func changed(_ outcome: ConfigChange.Outcome, withWarnings: Bool = true) -> String {
        let name = settingName(outcome.key)
        let head = outcome.stored.map { tr("{setting} set to {value}", ["setting": name, "value": $0]) }
            ?? tr("{setting} back to its default", ["setting": name])
        return ([head] + (withWarnings ? outcome.warnings.map(warning) : [])).joined(separator: ". ")
    }

    /// A stored change's warning in the app's words.
    public static func warning(_ warning: ConfigChange.Warning) -> String {
        switch warning {
        case .snapshotNotRefreshed:
            tr("The morning notification takes the change once Daily Dose can read your doses again")
        case .noUntaggedItem:
            tr("No dose is common to every branch yet, so none is shown until a pack brings one")
        case .branchNotInPool(let branch, let untagged, _):
            trn("No dose is meant for {branch} yet, so you see the {count} common one",
                "No dose is meant for {branch} yet, so you see the {count} common ones", untagged, ["branch": BranchNames.name(branch)])
        }
    }

    /// A refused change, as what to type instead: short enough for a toast at 360 px, which cuts a longer one (the
    /// refused row is marked as an error, so it needs no name); nothing was saved.
    public static func refusal(_ failure: ConfigChange.Failure) -> String {
        guard let problem = failure.problem else { return tr("Your settings can't be saved.") }
        return switch problem {
        case .notATime: tr("Type a time such as 7:30 or 18:05.")
        case .notABranch: tr("Pick a branch from the list.")
        case .empty: failure.key == .source ? tr("Type a web address or a file's path.") : tr("This can't be empty.")
        case .relativePath: tr("Give the file's whole path, from /.")
        case .unsupportedScheme(let scheme): tr("Use https:// or a file, not {scheme}://.", ["scheme": scheme])
        case .notAWebURL: tr("Type an address starting with https://.")
        case .controlCharacter: tr("That holds a character that can't be saved.")
        case .notAPublicKey, .notSeconds, .notAnAbsolutePath, .unreadable: tr("That value can't be used here.")
        }
    }

    /// A row's name in a sentence.
    public static func settingName(_ key: ConfigKey) -> String {
        switch key {
        case .notifyTime: tr("Notify time")
        case .branch: tr("Branch")
        case .source: tr("Content source")
        case .providerURL: tr("Provider URL")
        case .providerModel: tr("Model")
        default: tr("The setting")
        }
    }

    /// A running sync's step, for the label beside the spinner.
    public static func progress(_ step: ContentSync.Progress) -> String {
        switch step {
        case .fetching(let source): tr("Fetching {source}…", ["source": source])
        case .importing: tr("Checking and importing…")
        case .report: tr("Checking and importing…")
        }
    }

    /// The background work row: what on and off mean for the student (how it runs is not theirs to know).
    public static func backgroundState(_ state: BackgroundWorkService.State) -> String {
        state.enabled
            ? tr("On: the morning notification comes, and decks are made for the topics you tick")
            : tr("Off: no morning notification, and ticked topics wait")
    }

    /// A sync that failed, in the app's words; `dose sync`'s own message goes with it for the journal.
    public static func failure(_ failure: ContentSync.Failure) -> ServiceFailure {
        ServiceFailure(syncProblem(failure.problem), detail: failure.message)
    }

    /// Why a sync failed and what to do.
    public static func syncProblem(_ problem: SyncProblem) -> String {
        switch problem {
        case .noSource: tr("Add a content source first.")
        case .unreachable: tr("Couldn't reach the content source. Check the address and your connection.")
        case .timedOut: tr("The content source took too long to answer. Try again later.")
        case .unsupportedSource: tr("Daily Dose can only fetch https:// and http:// addresses or a file.")
        case .missingFile: tr("There is no pack at that path.")
        case .invalidPack: tr("The source's pack isn't a valid Daily Dose pack, so nothing changed.")
        case .settings: tr("Daily Dose's settings can't be read, so nothing was synced.")
        case .storage: tr("The pack couldn't be read or saved. Is the disk full?")
        }
    }

    /// The Last sync row: the last sync that worked, in local time, and when the latest try failed, why (the row is
    /// then marked as an error). A failure never hides the last good sync.
    public static func syncStatus(_ record: SyncRecord?, now: Int64, zone: some ZoneRules) -> (text: String, failed: Bool) {
        guard let record else { return (tr("Not synced yet"), false) }
        let success = record.success
        var lines: [String] = []
        if let success {
            let when = DateText.current.moment(success.at, now: now, zone: zone)
            if let items = success.items {
                // TRANSLATORS: {when} is "at 22:10", "yesterday at 7:00" or "on December 3 at 15:28".
                lines.append(trn("Last synced {when}: {count} dose", "Last synced {when}: {count} doses", items, ["when": when]))
            } else if record.outcome == .unchanged {
                lines.append(tr("Last synced {when}: nothing new", ["when": when]))
            } else {
                lines.append(tr("Last synced {when}", ["when": when]))
            }
        } else if record.outcome == .failed {
            lines.append(tr("Not synced yet"))
        }
        guard record.outcome == .failed else { return (lines.joined(separator: "\n"), false) }
        lines.append(record.problem.map(syncProblem) ?? tr("The last sync failed. Try again."))
        return (lines.joined(separator: "\n"), true)
    }

    /// The AI provider group's description: what it is for, then what the student can fix here.
    public static func providerDescription(_ status: ProviderKeyService.Status) -> String {
        ([tr("Makes flashcard decks and quizzes for the topics you tick.")] + keyStatus(status)).joined(separator: " ")
    }

    /// Where a key in use that is not the one saved here comes from, and what stops a request, in sentences.
    public static func keyStatus(_ status: ProviderKeyService.Status) -> [String] {
        var sentences: [String] = []
        switch status.source {
        case .keyFile: sentences.append(tr("A key file set up outside the app is used instead of a key saved here."))
        case .environment: sentences.append(tr("A key given when Daily Dose started is used instead of a key saved here."))
        case .keyring, .none: break
        }
        switch status.problemKind {
        case nil: break
        case .notConfigured?:
            sentences.append(status.providerURL == nil
                ? tr("Add the provider's URL and model to have decks made.")
                : tr("Add the model's name to have decks made."))
        case .key?: sentences.append(tr("The key can't be read. Save it again."))
        case .keyWithheld?:
            sentences.append(tr("The key is not sent: the Provider URL is plain http:// to another computer, where anyone could read it. Use https://, or remove the key if the service needs none."))
        case .configUnreadable?: sentences.append(tr("Daily Dose's settings can't be read."))
        }
        return sentences
    }
}
