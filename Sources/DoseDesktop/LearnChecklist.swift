import DoseApp
import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// The Learn view's model: the checklist read from the store with each topic's state in `dose learn list`'s
/// words and its due/new counts, search, and the changes (add and tick, untick, Retry now) through the CLI's
/// own path (`LearnActions`).
///
/// Holds one connection for the window's life, so `hasChanged()` can ask SQLite's data version whether the
/// CLI or the daemon committed since the last look. Not `Sendable`: made and used on the GLib thread (reads
/// and writes of a local SQLite file take milliseconds; what may block, the provider's key in the Secret
/// Service, is `LearnProvider.load`, run on the service queue).
///
/// Usage:
///
///     let checklist = try LearnChecklist(paths: paths)
///     let overview = checklist.overview(now: now, zone: zone, provider: provider, online: true, search: "chain")
///     let added = try checklist.add(subject: "calculus", topic: "chain rule", now: now)  // added.message
///     if checklist.hasChanged() { redraw() }
public final class LearnChecklist {
    public let paths: DosePaths
    let database: Database
    private var store: LearningStore { LearningStore(database: database) }
    private var seenVersion: Int64?
    /// Topics unticked in this window, still shown (unticked) so ticking them again undoes it.
    public private(set) var unticked: [TopicKey] = []

    public init(paths: DosePaths) throws(ServiceFailure) {
        self.paths = paths
        do { database = try Database(path: paths.database) } catch {
            throw ServiceFailure(tr("Your topics can't be read."), detail: "cannot open the store \(paths.database): \(error)")
        }
        // Grades on the Study page, ticks and unticks here rewrite the scheduler's due summary; one left
        // behind its store (a crash between a commit and the rename) is made good now.
        let dueMirror = DueMirror(paths: paths)
        dueMirror.attach(to: database)
        dueMirror.mirror(database)
        seenVersion = try? database.dataVersion()
    }

    /// Whether another process committed to the store since the last call (or since opening).
    public func hasChanged() -> Bool {
        guard let version = try? database.dataVersion() else { return true }
        defer { seenVersion = version }
        return version != seenVersion
    }

    /// The checklist as the view shows it: subjects in order, each with its ticked topics (and those unticked
    /// here) that match `search` (case- and accent-insensitive, on the subject or the topic). A topic still to
    /// make says so when `background` work does not run, and why no request can be made in the app's words.
    public func overview(
        now: Int64, zone: some ZoneRules, provider: LearnProvider, online: Bool, background: BackgroundQueue = .running,
        search: String = ""
    ) throws(ServiceFailure) -> LearnOverview {
        let entries: [LearningEntry]
        let state: LearningQueueState
        let counts: [StudyCounts]
        do {
            entries = try store.entries()
            state = try store.queueState()
            counts = try StudyStore(database: database).counts(now: now)
        } catch {
            throw ServiceFailure(tr("Your topics can't be read."), detail: "the learning store: \(error)")
        }
        let reachable = online || provider.isLoopback
        // What holds every topic is said once, in the summary; each row keeps to its topic's own state.
        let queue = entries.contains { $0.pending != nil && !$0.isComplete } ? QueueCondition.of(
            state, providerProblem: provider.problem?.words, fingerprint: provider.fingerprint, online: reachable, now: now,
            redaction: provider.redaction) : nil
        var rows: [LearnTopic] = entries.compactMap { entry in
            guard let key = try? TopicKey(subject: entry.subject, topic: entry.topic) else { return nil }
            let status = TopicStatus.of(entry, queue: queue, redaction: provider.redaction)
            let count = counts.first { $0.subject == entry.subject && $0.topic == entry.topic }
            return LearnTopic(
                key: key, ticked: true, status: status,
                generating: status.state == .pending && entry.pending?.inFlightSince != nil,
                due: count?.due ?? 0, new: count?.new ?? 0, total: count?.total ?? 0, now: now, zone: zone,
                background: background)
        }
        let listed = Set(rows.map(\.key))
        unticked.removeAll { listed.contains($0) }
        rows += unticked.map { LearnTopic(unticked: $0) }
        let query = search.trimmingSpaces
        let shown = rows.filter {
            query.isEmpty || SearchFold.contains($0.key.subject, query) || SearchFold.contains($0.key.topic, query)
        }
        var subjects: [LearnSubject] = []
        for row in shown.sorted(by: { ($0.key.subject, $0.key.topic) < ($1.key.subject, $1.key.topic) }) {
            if subjects.last?.name == row.key.subject {
                subjects[subjects.count - 1].topics.append(row)
            } else {
                subjects.append(LearnSubject(name: row.key.subject, topics: [row]))
            }
        }
        return LearnOverview(
            subjects: subjects, ticked: entries.count, due: counts.reduce(0) { $0 + $1.due },
            new: counts.reduce(0) { $0 + $1.new }, searching: !query.isEmpty,
            queue: queue.map { LearnOverview.queueWords($0, now: now, zone: zone) }, background: background)
    }

    /// Adds a subject and topic and ticks it, as `dose learn tick` does: another spelling of a listed topic
    /// finds it (and asks the provider for nothing); a new one is queued and the daemon woken.
    public func add(subject: String, topic: String, now: Int64) throws(ServiceFailure) -> LearnActions.Tick {
        let typed: TopicKey
        do { typed = try TopicKey(subject: subject, topic: topic) } catch { throw ServiceFailure(error.message) }
        return try tick(typed, now: now)
    }

    /// Ticks a topic (again): the check box's path.
    public func tick(_ key: TopicKey, now: Int64) throws(ServiceFailure) -> LearnActions.Tick {
        let tick: LearnActions.Tick
        do throws(CommandError) { tick = try LearnActions.tick(key, store: store, paths: paths, now: now) } catch {
            throw Self.storeFailure(error)
        }
        unticked.removeAll { $0 == tick.key }
        return tick
    }

    /// Unticks a topic; it stays on show, unticked, until the window closes, so ticking it again undoes this.
    public func untick(_ key: TopicKey) throws(ServiceFailure) {
        do throws(CommandError) {
            if let removed = try LearnActions.untick(key, store: store), !unticked.contains(removed) { unticked.append(removed) }
        } catch {
            throw Self.storeFailure(error)
        }
    }

    /// Retry now: the topic due at once and the daemon woken (`dose learn retry`); false when it is not pending.
    @discardableResult
    public func retry(_ key: TopicKey, now: Int64) throws(ServiceFailure) -> Bool {
        do throws(CommandError) { return try LearnActions.retry(key, store: store, paths: paths, now: now) != nil } catch {
            throw Self.storeFailure(error)
        }
    }

    /// The store refusing a change (busy, unreadable), in the student's words; its own message is `detail`.
    private static func storeFailure(_ error: CommandError) -> ServiceFailure {
        ServiceFailure(tr("Your topics can't be changed right now. Try again."), detail: error.message)
    }

    /// A study sitting with a topic's deck, on this connection; nil when the topic has no deck.
    public func study(_ key: TopicKey, now: Int64, zone: any ZoneRules) throws(ServiceFailure) -> LearnStudy? {
        do {
            let (subject, topic) = try store.resolve(subject: key.subject, topic: key.topic)
            guard let body = try store.artifact(subject: subject, topic: topic, kind: .deck) else { return nil }
            let deck = try ArtifactValidator.deck(from: body, stored: true)
            let resolved = (try? TopicKey(subject: subject, topic: topic)) ?? key
            return LearnStudy(StudySession(
                key: resolved, deck: deck, store: StudyStore(database: database), now: now, zone: zone))
        } catch {
            throw ServiceFailure(tr("The deck of {topic} can't be read. Untick the topic and tick it again to have it made anew.", ["topic": key]),
                                 detail: "the stored deck of \(key) is unreadable: \(error)")
        }
    }
}

@available(*, unavailable, message: "the checklist's connection belongs to the GLib thread")
extension LearnChecklist: Sendable {}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
