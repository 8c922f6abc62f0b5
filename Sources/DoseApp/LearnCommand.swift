import DoseLearning
import DoseStore
import DoseSystem

/// `dose learn …`: the checklist of covered topics, and a deck and a quiz for each ticked one.
struct LearnCommand {
    let context: AppContext

    /// Runs one action on a live context: the table's run functions for `learn tick|untick|…`.
    static func runner(_ action: @escaping @Sendable (LearnCommand) -> (inout Arguments) throws(CommandError) -> Void) -> CommandRunner {
        { arguments throws(CommandError) in try action(LearnCommand(context: .live()))(&arguments) }
    }

    /// Records the tick and the pending entry in one transaction, then wakes a running daemon.
    func tick(_ arguments: inout Arguments) throws(CommandError) {
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let store = try LearnSetup.store(context)
        let tick = try LearnActions.tick(typed, store: store, paths: context.paths, now: context.now)
        let key = tick.key
        if tick.wasListed {
            // Another spelling of a ticked topic: said plainly, and nothing new is asked of the provider.
            Console.print(tr("{typed} is {topic}, ticked already.", ["typed": typed, "topic": key]))
        }
        switch tick.outcome {
        case .alreadyComplete:
            Console.print(tr("Ticked {topic}: its deck and quiz are ready.", ["topic": key]))
        case .pending(let isNew):
            Console.print(isNew
                ? tr("Ticked {topic}: a deck and a quiz will be generated.", ["topic": key])
                : tr("Ticked {topic}: already pending.", ["topic": key]))
        }
    }

    func untick(_ arguments: inout Arguments) throws(CommandError) {
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let store = try LearnSetup.store(context)
        guard let key = try LearnActions.untick(typed, store: store) else {
            let key = try LearnSetup.resolved(typed, store)
            throw CommandError(tr("{topic} is not ticked", ["topic": key]) + topicHint(key, store), exitCode: .noInput)
        }
        Console.print(tr("Unticked {topic}.", ["topic": key]))
    }

    /// `dose learn retry SUBJECT TOPIC`: a pending topic due now (backoff and pause lifted), the daemon woken.
    func retry(_ arguments: inout Arguments) throws(CommandError) {
        let typed = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let store = try LearnSetup.store(context)
        guard let key = try LearnActions.retry(typed, store: store, paths: context.paths, now: context.now) else {
            let key = try LearnSetup.resolved(typed, store)
            if try learnStoreCall({ try store.entry(subject: key.subject, topic: key.topic) }) != nil {
                throw CommandError(tr("{topic} is not pending: its deck and quiz are ready", ["topic": key]), exitCode: .noInput)
            }
            throw CommandError(tr("{topic} is not ticked", ["topic": key]) + topicHint(key, store), exitCode: .noInput)
        }
        Console.print(tr("Retrying {topic} now: a running `dose daemon` tries it at once, or run `dose learn run`.", ["topic": key]))
    }

    func list(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag(.json)
        try arguments.finish()
        let store = try LearnSetup.store(context)
        let entries = try learnStoreCall { try store.entries() }
        let state = try learnStoreCall { try store.queueState() }
        let provider = ProviderSnapshot.load(configPath: context.paths.configFile, keyring: KeyringLookup.providerKey)
        // The network is asked only when it matters: something pending, for a provider off this machine.
        let needsNetwork = provider.problem == nil && !provider.settings.isLoopback
            && entries.contains { $0.pending != nil && !$0.isComplete }
        let online = needsNetwork ? NetworkMonitor(pumpsContext: true).isAvailable() : true
        // Said once, and only while something waits for it.
        let queue = entries.contains { $0.pending != nil && !$0.isComplete } ? QueueCondition.of(
            state, providerProblem: provider.problem, fingerprint: provider.fingerprint, online: online, now: context.now,
            redaction: provider.redaction) : nil
        let statuses = entries.map { TopicStatus.of($0, queue: queue, redaction: provider.redaction) }
        Console.print(
            json ? LearnPrinter.listJSON(statuses, queue: queue, zone: context.zone)
                : LearnPrinter.listText(statuses, queue: queue, now: context.now, zone: context.zone),
            terminator: "")
    }

    func deck(_ arguments: inout Arguments) throws(CommandError) {
        let key = try LearnSetup.topic(&arguments)
        try arguments.finish()
        let body = try artifact(.deck, key)
        do { Console.print(LearnPrinter.deckText(
            try ArtifactValidator.deck(from: body, stored: true), key, width: Terminal.standardOutputWrapWidth())) } catch {
            throw CommandError(tr("the stored deck of {topic} is unreadable: {error}", ["topic": key, "error": error]), exitCode: .dataError)
        }
    }

    /// The stored JSON of an artifact, or a clear error saying why there is none.
    func artifact(_ kind: LearningArtifactKind, _ key: TopicKey) throws(CommandError) -> String {
        let store = try LearnSetup.store(context)
        let key = try LearnSetup.resolved(key, store)
        if let body = try learnStoreCall({ try store.artifact(subject: key.subject, topic: key.topic, kind: kind) }) {
            return body
        }
        let entry = try learnStoreCall { try store.entry(subject: key.subject, topic: key.topic) }
        let why = entry == nil
            ? tr("it is not ticked (`dose learn tick {subject} {topic}`)",
                 ["subject": shellQuoted(key.subject), "topic": shellQuoted(key.topic)]) + topicHint(key, store)
            : tr("it is still pending (see `dose learn list`)")
        let message = kind == .deck
            ? tr("no deck yet for {topic}: {why}", ["topic": key, "why": why])
            : tr("no quiz yet for {topic}: {why}", ["topic": key, "why": why])
        throw CommandError(message, exitCode: .noInput)
    }
}

extension LearnCommand {
    /// `; did you mean …?` with the closest ticked topic of the subject, or the closest subject.
    func topicHint(_ key: TopicKey, _ store: LearningStore) -> String {
        guard let entries = try? learnStoreCall({ try store.entries() }) else { return "" }
        let topics = entries.filter { $0.subject == key.subject }.map(\.topic)
        if !topics.isEmpty { return Suggestion.hint(for: key.topic, among: topics) }
        return Suggestion.hint(for: key.subject, among: Set(entries.map(\.subject)))
    }
}

/// A word quoted for a shell when it needs it, for hints in messages.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
