import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// The checklist's changes, one path for `dose learn tick|untick|retry` and the app's Learn view: topic
/// identity (`LearningStore.resolve`), one transaction each, and the daemon's wake file poked when there is
/// something for it to do.
public enum LearnActions {
    /// What a tick did.
    public struct Tick: Sendable, Equatable {
        /// The subject and topic as typed.
        public let typed: TopicKey
        /// Their spelling on the list (the first one), the same as `typed` for a new topic.
        public let key: TopicKey
        /// `typed` is another spelling of a topic that was on the list already: nothing new was asked for.
        public let wasListed: Bool
        public let outcome: LearningStore.TickOutcome
    }

    /// Ticks `typed` in the spelling the store already has for it; a new pending entry wakes the daemon.
    public static func tick(_ typed: TopicKey, store: LearningStore, paths: DosePaths, now: Int64) throws(CommandError) -> Tick {
        let key = try LearnSetup.resolved(typed, store)
        var wasListed = false
        if key != typed { wasListed = try learnStoreCall({ try store.entry(subject: key.subject, topic: key.topic) }) != nil }
        let outcome = try learnStoreCall { try store.tick(subject: key.subject, topic: key.topic, now: now) }
        if case .pending = outcome { WakeFile(paths: paths).touch(now: now) }
        return Tick(typed: typed, key: key, wasListed: wasListed, outcome: outcome)
    }

    /// Unticks `typed` (in the store's spelling); nil when it was not ticked.
    public static func untick(_ typed: TopicKey, store: LearningStore) throws(CommandError) -> TopicKey? {
        let key = try LearnSetup.resolved(typed, store)
        return try learnStoreCall({ try store.untick(subject: key.subject, topic: key.topic) }) ? key : nil
    }

    /// Makes a pending topic due now (`LearningStore.retryNow`) and wakes the daemon; nil when it is not pending.
    public static func retry(_ typed: TopicKey, store: LearningStore, paths: DosePaths, now: Int64) throws(CommandError) -> TopicKey? {
        let key = try LearnSetup.resolved(typed, store)
        guard try learnStoreCall({ try store.retryNow(subject: key.subject, topic: key.topic) }) else { return nil }
        WakeFile(paths: paths).touch(now: now)
        return key
    }
}

/// A topic's state in words, for `dose learn list` and the app's Learn view alike.
public enum LearnWords {
    /// The state in a word or two ("ready", "waiting for a network"); `generating` while a request runs.
    public static func state(_ state: TopicStatus.State, generating: Bool = false) -> String {
        switch state {
        case .ready: tr("ready")
        case .pending: generating ? tr("generating") : tr("pending")
        case .waitingForNetwork: tr("waiting for a network")
        case .waitingForProvider: tr("waiting for a provider")
        case .paused: tr("paused")
        }
    }

    /// A flashcard grade's name (`dose learn study`'s prompt, the app's grade buttons).
    public static func grade(_ grade: FSRSGrade) -> String {
        switch grade {
        case .again: tr("Again")
        case .hard: tr("Hard")
        case .good: tr("Good")
        case .easy: tr("Easy")
        }
    }

    /// What holds every topic back, said once above them (`dose learn list`'s first line, the Learn view's summary).
    public static func queue(_ condition: QueueCondition, now: Int64, zone: some ZoneRules) -> String {
        let reason = condition.reason.map { TerminalText.safe($0, keepingLayout: false) } ?? ""
        switch condition {
        case .waitingForProvider: return tr("Waiting for a provider: {reason}.", ["reason": reason])
        case .paused: return tr("Paused: {reason}.", ["reason": reason])
        case .held(let until, _):
            return tr("Every topic waits, next try {when}: {reason}.", [
                "when": DateText.current.describe(until, now: now, zone: zone), "reason": reason])
        case .waitingForNetwork: return tr("Waiting for a network: no attempt is spent until one is available.")
        }
    }

    /// Who reads a topic's details: `dose learn list` (ISO dates past tomorrow, the stored error as it is) or the
    /// app (dates by name; that the last try failed, never a provider's or a library's own text).
    public enum Reader: Sendable {
        case terminal, app
    }

    /// What else there is to say about a topic that is not ready: its own attempts, a deck already there, its
    /// own next try in local time, and why its last attempt failed (a provider's words made safe for one line).
    public static func details(_ status: TopicStatus, now: Int64, zone: some ZoneRules, for reader: Reader = .terminal) -> [String] {
        guard status.state != .ready else { return [] }
        var details: [String] = []
        if status.attempts > 0 { details.append(trn("{count} attempt", "{count} attempts", status.attempts)) }
        if status.hasDeck { details.append(tr("deck ready")) }
        if let next = status.nextAttemptAt {
            let when = reader == .app
                ? DateText.current.moment(next, now: now, zone: zone) : DateText.current.describe(next, now: now, zone: zone)
            details.append(tr("next try {when}", ["when": when]))
        }
        if let error = status.lastError {
            details.append(reader == .app ? tr("the last try failed") : TerminalText.safe(error, keepingLayout: false))
        }
        return details
    }
}
