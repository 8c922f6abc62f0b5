import DoseCore
import DoseLearning
import DoseSystem

/// Whether the learning queue runs in the background, as the Learn view tells it (`BackgroundWorkService`).
public enum BackgroundQueue: Sendable, Equatable {
    /// On: started, or systemd's to run.
    case running
    /// The student turned background work off (or the first run has not turned it on yet).
    case off
    /// On, but it could not be started.
    case notRunning

    /// What the switch's answer means for the queue.
    public init(_ answer: Result<BackgroundWorkService.State, ServiceFailure>) {
        switch answer {
        // A daemon of the session's that ended since (or never took its lock) is not running, whatever the switch says.
        case .success(let state): self = !state.enabled ? .off : state.daemonRunning == false ? .notRunning : .running
        case .failure: self = .notRunning
        }
    }

    /// The state word of a topic it holds back, or nil while it runs.
    var heldWords: String? {
        switch self {
        case .running: nil
        case .off: tr("background work is off")
        case .notRunning: tr("background work is not running")
        }
    }
}

/// The Learn view's notice while background work does not run and a ticked topic waits for it.
extension LearnOverview {
    /// What the view says above the list while background work does not run and a ticked topic waits for it,
    /// with a button to turn it on (or start it again); nil otherwise.
    public var backgroundNotice: String? {
        let waiting = subjects.contains { $0.topics.contains { $0.ticked && $0.status?.state != .ready } }
        guard waiting else { return nil }
        switch background {
        case .running: return nil
        case .off: return tr("Background work is off, so no decks are made for the topics you tick.")
        case .notRunning: return tr("Background work could not be started, so no decks are made for the topics you tick. Preferences say why.")
        }
    }

    /// The notice's button.
    public var backgroundButton: String {
        background == .off ? tr("Turn on background work") : tr("Start background work")
    }
}

extension LearnProvider {
    /// Why no request can be made, in the app's words (the command line names config keys; the app points to
    /// Preferences, where the provider is set up).
    public enum Problem: Sendable, Equatable {
        case notSetUp
        case key
        case keyWithheld
        case settingsUnreadable

        init(_ kind: ProviderSnapshot.ProblemKind) {
            switch kind {
            case .notConfigured: self = .notSetUp
            case .key: self = .key
            case .keyWithheld: self = .keyWithheld
            case .configUnreadable: self = .settingsUnreadable
            }
        }

        /// The topic's line.
        public var words: String {
            switch self {
            case .notSetUp: tr("no AI provider is set up yet: add one in Preferences, under AI provider")
            case .key: tr("the AI provider's key cannot be read: Preferences, under AI provider, say why")
            case .keyWithheld: tr("the key is not sent over an unencrypted connection: see Preferences, under AI provider")
            case .settingsUnreadable: tr("Daily Dose's settings cannot be read")
            }
        }
    }
}

extension LearnOverview {
    /// What holds every topic back, in the app's words (the summary): what to do, and no stored provider or
    /// library text, which `dose learn list` shows.
    public static func queueWords(_ condition: QueueCondition, now: Int64, zone: some ZoneRules) -> String {
        switch condition {
        case .waitingForProvider(let reason): tr("Waiting for a provider: {reason}.", ["reason": reason])
        case .paused:
            tr("Paused: the AI provider refused the request. Check the provider in Preferences, then press Retry now.")
        case .held(let until, _):
            tr("The AI provider can't be reached or is busy: every topic waits, next try {when}.", [
                "when": DateText.current.moment(until, now: now, zone: zone)])
        case .waitingForNetwork: tr("Waiting for a network: no attempt is spent until one is available.")
        }
    }
}
