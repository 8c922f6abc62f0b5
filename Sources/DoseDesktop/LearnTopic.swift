import DoseApp
import DoseCore
import DoseLearning
import DoseSystem

/// One topic of the Learn view: on the list or not, its state in words, its counts and what it offers.
public struct LearnTopic: Sendable, Equatable {
    public let key: TopicKey
    /// On the list (unticked topics stay on show in the window that unticked them).
    public let ticked: Bool
    public let status: TopicStatus?
    /// A request for it is running now.
    public let generating: Bool
    public let due: Int
    public let new: Int
    public let total: Int
    /// The state line: `dose learn list`'s state words ("pending · 1 attempt · next try at 15:28"), the app's own for
    /// what the student can fix here (background work off, no provider set up), and no ISO date or stored error text
    /// (the provider's or a library's, which `dose learn list` shows).
    public let stateText: String
    /// Whether background work runs, which a topic still to make waits for.
    public let background: BackgroundQueue

    init(
        key: TopicKey, ticked: Bool, status: TopicStatus, generating: Bool, due: Int, new: Int, total: Int, now: Int64,
        zone: some ZoneRules, background: BackgroundQueue = .running
    ) {
        self.key = key
        self.ticked = ticked
        self.status = status
        self.generating = generating
        self.due = due
        self.new = new
        self.total = total
        self.background = background
        var parts: [String]
        if let held = background.heldWords, status.state != .ready, !generating {
            // Nothing will try it while background work does not run: that first, and no "next try".
            var waiting = status
            waiting.nextAttemptAt = nil
            parts = [held] + LearnWords.details(waiting, now: now, zone: zone, for: .app)
        } else {
            parts = [LearnWords.state(status.state, generating: generating)] + LearnWords.details(status, now: now, zone: zone, for: .app)
        }
        if status.hasDeck {
            // One count, the Study button's: cards never studied are due too.
            // TRANSLATORS: a topic's cards in the Learn view: "7 to study of 10 cards".
            parts.append(tr("{count} to study of {total} cards", ["count": due + new, "total": total]))
        }
        stateText = parts.joined(separator: " · ")
    }

    /// A topic unticked in this window (or, with its own `stateText`, one a syllabus offers: `LearnSyllabus`).
    init(unticked key: TopicKey, stateText: String = tr("not on your list: tick it to add it again")) {
        self.key = key
        ticked = false
        status = nil
        generating = false
        (due, new, total) = (0, 0, 0)
        background = .running
        self.stateText = stateText
    }

    /// The topic as "Subject — Topic", which names its row's controls for a screen reader.
    public var title: String { "\(key.subject) — \(key.topic)" }

    /// Retry now makes sense: waiting on its backoff, or paused (the settings may have been fixed), while
    /// background work runs (else nothing would retry it: the view offers to turn it on instead).
    public var canRetry: Bool {
        guard let status, background == .running else { return false }
        return (status.state == .pending && !generating) || status.state == .paused
    }

    public var canStudy: Bool { ticked && status?.hasDeck == true }
    public var canQuiz: Bool { ticked && status?.hasQuiz == true }

    /// The Study button's label.
    public var studyLabel: String {
        // TRANSLATORS: the Study button of a ready topic: "Study (3)", the cards to study, as its row counts them.
        tr("Study ({count})", ["count": due + new])
    }

    /// The `app.study` / `app.quiz` parameter naming this topic.
    public var parameter: String { TopicParameter.encode(key) }
}

/// A subject and its topics, in the order the view lists them.
public struct LearnSubject: Sendable, Equatable {
    public let name: String
    public var topics: [LearnTopic]
    /// The heading of the group the subject is shown in ("Year 1"; `LearnSyllabus`), nil without a syllabus.
    public var group: String? = nil
}

/// Everything the Learn view shows at one moment.
public struct LearnOverview: Sendable, Equatable {
    public let subjects: [LearnSubject]
    /// Topics on the list (whatever the search).
    public let ticked: Int
    public let due: Int
    public let new: Int
    public let searching: Bool
    /// What holds every topic back (`dose learn list`'s first line), said once above the rows; nil when nothing does.
    public let queue: String?
    /// Whether background work runs (the notice above the list when it does not and a topic waits for it).
    public let background: BackgroundQueue

    init(
        subjects: [LearnSubject], ticked: Int, due: Int, new: Int, searching: Bool, queue: String? = nil,
        background: BackgroundQueue = .running
    ) {
        self.subjects = subjects
        self.ticked = ticked
        self.due = due
        self.new = new
        self.searching = searching
        self.queue = queue
        self.background = background
    }

    /// The lines above the list: what holds every topic, if anything, then the overall counts, or what to do on
    /// an empty list or search.
    public var summary: String {
        if ticked == 0 && subjects.isEmpty { return tr("No topics yet: add a subject and a topic a course has covered.") }
        if subjects.isEmpty && searching { return tr("No topic matches the search.") }
        // TRANSLATORS: the Learn view's overall count: "Overall: 15 cards to study" (cards never studied included).
        let counts = trn("Overall: {count} card to study", "Overall: {count} cards to study", due + new)
        return queue.map { $0 + "\n" + counts } ?? counts
    }
}

/// The provider as the checklist's states need it: why no request can be made, the settings' fingerprint
/// (a pause holds for the settings it was made under), whether the provider is on this machine.
public struct LearnProvider: Sendable, Equatable {
    public var problem: Problem?
    public var fingerprint: String
    public var isLoopback: Bool
    /// Takes the key in use out of stored provider messages.
    public var redaction: KeyRedaction

    public init(problem: Problem?, fingerprint: String, isLoopback: Bool, redaction: KeyRedaction = .none) {
        self.problem = problem
        self.fingerprint = fingerprint
        self.isLoopback = isLoopback
        self.redaction = redaction
    }

    /// Reads the config and the key (the Secret Service may block: call it on the service queue).
    public static func load(paths: DosePaths) -> LearnProvider {
        let snapshot = ProviderSnapshot.load(configPath: paths.configFile, keyring: KeyringLookup.providerKey)
        return LearnProvider(
            problem: snapshot.problemKind.map(Problem.init), fingerprint: snapshot.fingerprint,
            isLoopback: snapshot.settings.isLoopback, redaction: snapshot.redaction)
    }
}

extension LearnProvider {
    /// `load` on the service queue; `done` gets the answer on the GLib thread.
    public static func load(paths: DosePaths, queue: ServiceQueue = .app, done: @escaping @Sendable (LearnProvider) -> Void) {
        queue.run({ load(paths: paths) }, done: done)
    }
}
