import DoseLearning
import DoseStore
import Foundation
import Synchronization

/// A provider whose answers are scripted per artifact kind; counts the calls per (topic, kind).
final class ScriptedClient: ArtifactGenerating, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [LearningArtifactKind: [Result<String, AttemptFailure>]] = [:]
    private(set) var calls: [String: Int] = [:]
    /// Runs inside a call, while the in-flight mark is set (to untick mid-request, say).
    var duringCall: (() -> Void)?
    /// Answers a call by its topic and kind before the script per kind is asked; nil passes the call on to it.
    var respond: ((String, LearningArtifactKind) -> Result<String, AttemptFailure>?)?

    func enqueue(_ kind: LearningArtifactKind, _ results: Result<String, AttemptFailure>...) {
        lock.lock()
        defer { lock.unlock() }
        script[kind, default: []] += results
    }

    func count(_ topic: String, _ kind: LearningArtifactKind) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return calls["\(topic)/\(kind)", default: 0]
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls.values.reduce(0, +)
    }

    func generate(
        _ kind: LearningArtifactKind, for topic: TopicKey, settings: ProviderSettings, key: String?
    ) -> Result<String, AttemptFailure> {
        lock.lock()
        calls["\(topic.topic)/\(kind)", default: 0] += 1
        let answer = respond?(topic.topic, kind)
        let next = answer == nil && script[kind]?.isEmpty == false ? script[kind]!.removeFirst() : nil
        let hook = duringCall
        lock.unlock()
        hook?()
        return answer ?? next ?? .success(kind == .deck ? Self.deck : Self.quiz)
    }

    static let deck = ArtifactValidator.canonicalJSON(Deck(cards: (0..<8).map { Flashcard(front: "Q\($0)", back: "A\($0)") }))
    static let quiz = ArtifactValidator.canonicalJSON(Quiz(questions: (0..<5).map {
        QuizQuestion(prompt: "P\($0)", choices: ["a", "b", "c", "d"], answer: 0, explanation: "E")
    }))
}

final class FakeNetwork: NetworkStatus, Sendable {
    let online = Atomic<Bool>(true)
    func isAvailable() -> Bool { online.load(ordering: .relaxed) }
}

final class FakeClock: @unchecked Sendable {
    var now: Int64 = 1_000_000
}

/// A worker over a temporary store with fakes for everything outside.
final class WorkerRig {
    let directory: String
    let client = ScriptedClient()
    let network = FakeNetwork()
    let clock = FakeClock()
    var provider = ProviderSnapshot(
        settings: ProviderSettings(url: "https://ai.example.test/v1", model: "m", keyFile: nil), key: "k", problem: nil)
    var jitter = 0.0
    var lines: [String] = []
    lazy var worker: LearningWorker = LearningWorker(.init(
        databasePath: directory + "/dose.sqlite3", lockPath: directory + "/learn.lock",
        loadProvider: { [unowned self] in provider }, client: client, network: network,
        now: { [unowned self] in clock.now }, jitter: { [unowned self] in jitter },
        progress: { [unowned self] in lines.append($0) }))

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-worker-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func store() throws -> LearningStore {
        LearningStore(database: try Database(path: directory + "/dose.sqlite3"))
    }

    func tick(_ topic: String, subject: String = "Physics") throws {
        _ = try store().tick(subject: subject, topic: topic, now: clock.now)
    }

    func entry(_ topic: String, subject: String = "Physics") throws -> LearningEntry? {
        try store().entry(subject: subject, topic: topic)
    }
}
