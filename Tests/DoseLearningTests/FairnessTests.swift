import DoseCore
import DoseLearning
import DoseStore
import DoseTestSupport
import Testing

/// Per-topic fairness (issue 20), the planner alone: a topic's backoff is its own, due topics are served oldest
/// request first, and only the provider as a whole holds every topic.
@Suite(.timeLimit(.minutes(5)), .watched) struct FairPlannerTests {
    func entry(_ topic: String, requested: Int64, next: Int64? = nil, failures: Int = 0) -> LearningEntry {
        LearningEntry(
            subject: "S", topic: topic, tickedAt: requested,
            pending: .init(requestedAt: requested, attempts: failures, nextAttemptAt: next, lastError: nil, inFlightSince: nil,
                           failures: failures),
            hasDeck: false, hasQuiz: false)
    }

    func key(_ topic: String) throws -> TopicKey { try TopicKey(subject: "S", topic: topic) }

    @Test func topicsInTheirOwnBackoffAreSkippedAndTheOthersServedOldestFirst() throws {
        let now: Int64 = 10_000
        // Thirty topics ticked a second apart: every third in backoff (each to its own time), the rest due.
        var entries = (0..<30).map { i in
            entry("T\(i)", requested: 1_000 + Int64(i), next: i % 3 == 0 ? now + 60 * Int64(30 - i) : (i % 3 == 1 ? now - 5 : nil),
                  failures: i % 3 == 0 ? 1 + i % 5 : 0)
        }
        // The store's order must not matter.
        entries.reverse()
        var inputs = QueuePlanner.Inputs(entries: entries, state: LearningQueueState(), now: now, fingerprint: "f", online: true)
        var served: [String] = []
        while case .attempt(let key, _) = QueuePlanner.decide(inputs) {
            served.append(key.topic)
            inputs.entries.removeAll { $0.topic == key.topic }
        }
        #expect(served == (0..<30).filter { $0 % 3 != 0 }.map { "T\($0)" })
        // Then it sleeps until the earliest own time (T27's), and serves each one at its time, not before.
        #expect(QueuePlanner.decide(inputs) == .sleep(until: now + 180))
        inputs.now = now + 180 - 1
        #expect(QueuePlanner.decide(inputs) == .sleep(until: now + 180))
        inputs.now = now + 360
        #expect(QueuePlanner.decide(inputs) == .attempt(try key("T24"), missing: [.deck, .quiz]), "T24 is older than T27")
    }

    @Test func whatConcernsTheProviderHoldsEveryTopicAndIsAskedBeforeAnyTopic() throws {
        let due = [entry("a", requested: 1), entry("b", requested: 2, next: 50, failures: 1)]
        var inputs = QueuePlanner.Inputs(entries: due, state: LearningQueueState(), now: 100, fingerprint: "f", online: true)
        #expect(QueuePlanner.decide(inputs) == .attempt(try key("a"), missing: [.deck, .quiz]))
        inputs.state = LearningQueueState(failures: 1, holdUntil: 400, holdReason: "the provider is busy (HTTP 429)")
        #expect(QueuePlanner.decide(inputs) == .held(until: 400, reason: "the provider is busy (HTTP 429)"))
        inputs.online = false
        #expect(QueuePlanner.decide(inputs) == .held(until: 400, reason: "the provider is busy (HTTP 429)"), "the hold first: it sets the timer")
        inputs.now = 400
        #expect(QueuePlanner.decide(inputs) == .waitForNetwork, "a hold that has ended holds nothing")
        inputs.online = true
        #expect(QueuePlanner.decide(inputs) == .attempt(try key("a"), missing: [.deck, .quiz]))
        // A run the student asked for tries, hold or not; a pause and a missing provider stop it.
        inputs.now = 100
        inputs.foreground = true
        #expect(QueuePlanner.decide(inputs) == .attempt(try key("a"), missing: [.deck, .quiz]))
        inputs.state.pauseReason = "the key was refused"
        inputs.state.pauseFingerprint = "f"
        #expect(QueuePlanner.decide(inputs) == .paused(reason: "the key was refused"))
        inputs.providerProblem = "no provider.url is set"
        #expect(QueuePlanner.decide(inputs) == .waitForProvider(reason: "no provider.url is set"))
    }

    @Test func aFailureBacksOffItsTopicFromItsOwnCount() throws {
        let now: Int64 = 5_000
        let state = LearningQueueState()
        for (failures, delay) in [(0, 60), (1, 120), (2, 240), (3, 480), (4, 900), (7, 900)] as [(Int, Int64)] {
            let pending = entry("a", requested: 1, failures: failures).pending!
            for scope in [RetryScope.topic, .server] {
                let record = QueuePlanner.afterFailure(
                    reason: "HTTP 500", scope: scope, pending: pending, state: state, otherServerFailures: 0, now: now, jitter: 0)
                #expect(record.topic == .init(failures: failures + 1, nextAttemptAt: now + delay), "\(scope) after \(failures)")
                #expect(record.hold == nil)
            }
        }
        let invalid = QueuePlanner.afterFailure(
            reason: "cards[0].back is empty", scope: .topic, pending: entry("a", requested: 1).pending!, state: state,
            otherServerFailures: 2, now: now, jitter: 0)
        #expect(invalid.providerAnswered && !invalid.serverFailed && invalid.hold == nil, "an answer came: the provider is up")
    }

    @Test func theServerFailingThreeDifferentTopicsAtTheirFirstRequestHoldsEveryTopic() throws {
        let now: Int64 = 5_000
        let fresh = entry("c", requested: 3).pending!
        let state = LearningQueueState(failures: 1)
        let two = QueuePlanner.afterFailure(reason: "HTTP 502", scope: .server, pending: fresh, state: state, otherServerFailures: 1, now: now, jitter: 0)
        #expect(two.serverFailed && two.hold == nil)
        let three = QueuePlanner.afterFailure(reason: "HTTP 502", scope: .server, pending: fresh, state: state, otherServerFailures: 2, now: now, jitter: 0)
        #expect(three.topic == .init(failures: 1, nextAttemptAt: now + 60))
        #expect(three.hold == .init(
            until: now + 120, reason: "the provider failed for 3 different topics in a row: HTTP 502", failures: 2), "the provider's own step")
        // A topic that keeps failing may fail for its own reasons: its later failures never hold the others.
        var failing = fresh
        failing.failures = 4
        failing.serverFailed = true
        let again = QueuePlanner.afterFailure(reason: "HTTP 500", scope: .server, pending: failing, state: state, otherServerFailures: 5, now: now, jitter: 0)
        #expect(again.hold == nil && again.serverFailed && again.topic == .init(failures: 5, nextAttemptAt: now + 900))
    }

    @Test func theProviderAsAWholeHoldsEveryTopicAndLeavesTheTopicsBackoffAlone() throws {
        let now: Int64 = 5_000
        let pending = entry("a", requested: 1, next: 4_000, failures: 2).pending!
        let busy = QueuePlanner.afterFailure(
            reason: "the provider is busy (HTTP 429)", scope: .provider(retryAfter: 300), pending: pending, state: LearningQueueState(),
            otherServerFailures: 0, now: now, jitter: 0)
        #expect(busy.topic == nil, "not the topic's fault")
        #expect(busy.hold == .init(until: now + 300, reason: "the provider is busy (HTTP 429)", failures: 1))
        // Retry-After is honoured within the cap, and never shortens the provider's own step.
        let long = QueuePlanner.afterFailure(
            reason: "busy", scope: .provider(retryAfter: 86_400), pending: pending, state: LearningQueueState(failures: 1),
            otherServerFailures: 0, now: now, jitter: 0)
        #expect(long.hold?.until == now + 900)
        let short = QueuePlanner.afterFailure(
            reason: "busy", scope: .provider(retryAfter: 5), pending: pending, state: LearningQueueState(failures: 3),
            otherServerFailures: 0, now: now, jitter: 0)
        #expect(short.hold?.until == now + 480)
    }
}

/// The worker on a real store with an injected clock and a provider scripted per topic: the rules end to end,
/// below the daemon (which runs these same passes, one topic a job).
@Suite(.timeLimit(.minutes(5)), .watched) struct FairWorkerTests {
    static let serverError = AttemptFailure.http(status: 500, body: #"{"error": {"message": "server trouble"}}"#, retryAfter: nil)

    /// Passes as the daemon runs them (one topic a job, job after job) until the queue waits; why it waits.
    static func drain(_ rig: WorkerRig) throws -> PassResult {
        for _ in 0..<1_000 {
            let result = try rig.worker.runPass(foreground: false, oneTopic: true)
            if result != .more { return result }
        }
        Issue.record("the queue never settled")
        return .idle
    }

    func calls(_ rig: WorkerRig, _ topic: String) -> Int { rig.client.count(topic, .deck) + rig.client.count(topic, .quiz) }

    @Test func aTopicFailingEveryTimeHoldsBackNoTopicTickedAfterIt() throws {
        let rig = try WorkerRig()
        rig.client.respond = { topic, _ in topic == "Limits" ? .failure(Self.serverError) : nil }
        let start = rig.clock.now
        try rig.tick("Limits", subject: "Calculus")
        #expect(try Self.drain(rig) == .sleep(until: start + 60))
        // Six seconds later, two topics: generated at once, while Limits waits for its own time.
        rig.clock.now = start + 6
        try rig.tick("Ohm")
        try rig.tick("Gauss")
        #expect(try Self.drain(rig) == .sleep(until: start + 60))
        for topic in ["Ohm", "Gauss"] {
            #expect(try rig.entry(topic) != nil && rig.entry(topic)?.pending == nil, "\(topic) is ready")
            #expect(calls(rig, topic) == 2, "\(topic): one deck, one quiz")
        }
        #expect(calls(rig, "Limits") == 1, "not tried again before its own time")
        // Limits goes on at its own pace; each time, a topic ticked at that moment is served right after it.
        var next = start + 60
        for (step, delay) in [(2, 120), (3, 240), (4, 480), (5, 900), (6, 900)] as [(Int, Int64)] {
            rig.clock.now = next
            try rig.tick("Topic \(step)")
            #expect(try Self.drain(rig) == .sleep(until: next + delay), "step \(step)")
            #expect(try rig.entry("Topic \(step)")?.pending == nil, "Topic \(step) is ready")
            let limits = try #require(try rig.entry("Limits", subject: "Calculus")?.pending)
            #expect(limits.failures == step && limits.attempts == step && limits.nextAttemptAt == next + delay)
            next += delay
        }
        #expect(try rig.store().queueState() == LearningQueueState(), "nothing held the queue")
    }

    @Test func aSuccessResetsOnlyItsOwnTopicsBackoff() throws {
        let rig = try WorkerRig()
        var ohmCalls = 0
        rig.client.respond = { topic, _ in
            if topic == "Limits" { return .failure(Self.serverError) }
            if topic == "Ohm" {
                ohmCalls += 1
                if ohmCalls == 1 { return .failure(.invalidOutput("cards[3].back is empty")) }
            }
            return nil
        }
        let start = rig.clock.now
        try rig.tick("Limits")
        _ = try Self.drain(rig)
        rig.clock.now = start + 1
        try rig.tick("Ohm")
        #expect(try Self.drain(rig) == .sleep(until: start + 60))
        #expect(try rig.entry("Ohm")?.pending?.nextAttemptAt == start + 61, "its own first step")
        rig.clock.now = start + 60
        #expect(try Self.drain(rig) == .sleep(until: start + 61))
        rig.clock.now = start + 61
        #expect(try Self.drain(rig) == .sleep(until: start + 180))
        #expect(try rig.entry("Ohm")?.pending == nil, "Ohm succeeded at its second try")
        #expect(try rig.entry("Limits")?.pending?.failures == 2, "Ohm's success is Ohm's")
        rig.clock.now = start + 180
        _ = try Self.drain(rig)
        #expect(try rig.entry("Limits")?.pending?.nextAttemptAt == start + 180 + 240, "Limits' own third step")
    }

    @Test func a429WithRetryAfterHoldsEveryTopicUntilThenAndIsShownOnce() throws {
        let rig = try WorkerRig()
        var first = true
        rig.client.respond = { _, _ in
            defer { first = false }
            return first ? .failure(.http(status: 429, body: #"{"error": {"message": "slow down"}}"#, retryAfter: "300")) : nil
        }
        for topic in ["A", "B", "C", "D"] {
            try rig.tick(topic)
            rig.clock.now += 1
        }
        let held = rig.clock.now + 300
        let reason = "the provider is busy (HTTP 429): slow down"
        #expect(try Self.drain(rig) == .held(until: held, reason: reason))
        #expect(rig.client.total == 1)
        let entries = try rig.store().entries()
        #expect(entries.map { $0.pending?.failures } == [0, 0, 0, 0], "no topic was at fault")
        #expect(entries.map { $0.pending?.attempts } == [1, 0, 0, 0])
        // Said once, for the queue; each topic keeps its own state (pending, due as soon as the hold ends).
        let queue = QueueCondition.of(try rig.store().queueState(), providerProblem: nil, fingerprint: "f", online: true, now: rig.clock.now, redaction: .none)
        #expect(queue == .held(until: held, reason: reason))
        let statuses = entries.map { TopicStatus.of($0, queue: queue, redaction: .none) }
        #expect(statuses.allSatisfy { $0.state == .pending && $0.nextAttemptAt == nil })
        #expect(statuses.first?.lastError == reason && statuses.dropFirst().allSatisfy { $0.lastError == nil })
        rig.clock.now = held - 1
        #expect(try Self.drain(rig) == .held(until: held, reason: reason))
        #expect(rig.client.total == 1, "nothing asked before the provider's time")
        rig.clock.now = held
        #expect(try Self.drain(rig) == .idle)
        #expect(try rig.store().entries().allSatisfy { $0.pending == nil })
        #expect(try rig.store().queueState() == LearningQueueState())
    }

    /// A 401 is the provider's, whichever topic meets it: every topic pauses, a topic in its own backoff keeps it,
    /// and nothing is spent until the settings change; then each is served at its own time.
    @Test func a401AmidMixedFailuresPausesEveryTopicUntilTheKeyChanges() throws {
        let rig = try WorkerRig()
        var refused = false
        rig.client.respond = { topic, _ in
            if topic == "Limits" { return .failure(Self.serverError) }
            if topic == "Series" { return .failure(.invalidOutput("cards[0].back is empty")) }
            if topic == "Ohm" && !refused {
                refused = true
                return .failure(.http(status: 401, body: "", retryAfter: nil))
            }
            return nil
        }
        for topic in ["Limits", "Series", "Ohm", "Gauss"] {
            try rig.tick(topic)
            rig.clock.now += 1
        }
        guard case .paused = try Self.drain(rig) else {
            Issue.record("expected a pause")
            return
        }
        #expect(["Limits", "Series", "Ohm", "Gauss"].map { calls(rig, $0) } == [1, 1, 1, 0])
        rig.clock.now += 3_600
        guard case .paused = try Self.drain(rig) else {
            Issue.record("still paused")
            return
        }
        #expect(rig.client.total == 3, "nothing spent while paused")
        #expect(try rig.entry("Ohm")?.pending?.attempts == 0 && rig.entry("Ohm")?.pending?.failures == 0, "the refusal is no attempt")
        let queue = QueueCondition.of(
            try rig.store().queueState(), providerProblem: nil, fingerprint: rig.provider.fingerprint, online: true,
            now: rig.clock.now, redaction: .none)
        guard case .paused = queue else {
            Issue.record("the list shows the pause once: \(String(describing: queue))")
            return
        }
        // A new key: Ohm and Gauss go through at once; Limits and Series were due meanwhile and fail again, each into
        // its own second step.
        rig.provider.key = "k2"
        let resumed = rig.clock.now
        #expect(try Self.drain(rig) == .sleep(until: resumed + 120))
        #expect(try rig.entry("Ohm")?.pending == nil && rig.entry("Gauss")?.pending == nil)
        for topic in ["Limits", "Series"] {
            #expect(try rig.entry(topic)?.pending?.failures == 2 && rig.entry(topic)?.pending?.nextAttemptAt == resumed + 120, "\(topic)")
        }
    }

    /// `dose learn run` is the student's: a 429 on one topic holds the daemon, not the rest of the run.
    @Test func aRunTheStudentAskedForTriesEveryTopicOnceThroughANewHold() throws {
        let rig = try WorkerRig()
        var first = true
        rig.client.respond = { _, _ in
            defer { first = false }
            return first ? .failure(.http(status: 429, body: "", retryAfter: "300")) : nil
        }
        for topic in ["A", "B"] {
            try rig.tick(topic)
            rig.clock.now += 1
        }
        #expect(try rig.worker.runPass(foreground: true) == .idle)
        #expect(calls(rig, "A") == 1 && calls(rig, "B") == 2, "B was asked after A's 429")
        #expect(try rig.entry("A")?.pending?.attempts == 1 && rig.entry("B")?.pending == nil)
        #expect(try rig.store().queueState() == LearningQueueState(), "B's answer ended the hold")
    }

    @Test func offlineWaitsForEveryTopicWithoutSpendingAttempts() throws {
        let rig = try WorkerRig()
        rig.client.respond = { topic, _ in topic == "Limits" ? .failure(Self.serverError) : nil }
        try rig.tick("Limits")
        #expect(try Self.drain(rig) == .sleep(until: rig.clock.now + 60))
        rig.network.online.store(false, ordering: .relaxed)
        for topic in ["Ohm", "Gauss", "Faraday"] { try rig.tick(topic) }
        for _ in 0..<3 {
            #expect(try Self.drain(rig) == .waitForNetwork)
            rig.clock.now += 3_600
        }
        #expect(rig.client.total == 1)
        #expect(try rig.store().entries().map { $0.pending?.attempts } == [0, 0, 1, 0], "Faraday, Gauss, Limits, Ohm")
        let queue = QueueCondition.of(try rig.store().queueState(), providerProblem: nil, fingerprint: "f", online: false, now: rig.clock.now, redaction: .none)
        #expect(queue == .waitingForNetwork)
        // Back online: every topic at once, oldest first, none waiting on Limits' backoff.
        rig.network.online.store(true, ordering: .relaxed)
        #expect(try Self.drain(rig) == .sleep(until: rig.clock.now + 120))
        #expect(try rig.store().entries().filter { $0.pending != nil }.map(\.topic) == ["Limits"])
    }

    @Test func theServerFailingThreeNewTopicsInARowHoldsEveryTopicUntilItAnswers() throws {
        let rig = try WorkerRig()
        var down = true
        rig.client.respond = { _, _ in down ? .failure(Self.serverError) : nil }
        for topic in ["A", "B", "C", "D", "E"] {
            try rig.tick(topic)
            rig.clock.now += 1
        }
        let tripped = rig.clock.now
        guard case .held(let until, let reason) = try Self.drain(rig) else {
            Issue.record("expected every topic held")
            return
        }
        #expect(until == tripped + 60 && reason == "the provider failed for 3 different topics in a row: the provider answered HTTP 500: server trouble")
        #expect(["A", "B", "C", "D", "E"].map { calls(rig, $0) } == [1, 1, 1, 0, 0], "D and E were not spent on a provider that is down")
        // At the hold's end the failed topics are due again, oldest first, and their repeats hold nothing; D's first failure does.
        rig.clock.now = until
        guard case .held(let second, _) = try Self.drain(rig) else {
            Issue.record("expected a second hold")
            return
        }
        #expect(second == until + 120, "the provider's second step")
        #expect(["A", "B", "C", "D", "E"].map { calls(rig, $0) } == [2, 2, 2, 1, 0])
        // The provider is back: the next try clears the hold, and every topic due goes through (A, B and C at
        // their own third step, D at its second, E at its first).
        down = false
        rig.clock.now = second
        #expect(try Self.drain(rig) == .idle)
        #expect(try rig.store().entries().allSatisfy { $0.pending == nil })
        #expect(try rig.store().queueState() == LearningQueueState())
        #expect(try rig.store().entries().allSatisfy { $0.pending?.serverFailed != true })
    }

    @Test func invalidDecksAreEachTopicsOwnEvenForEveryTopic() throws {
        let rig = try WorkerRig()
        rig.client.respond = { _, _ in .failure(.invalidOutput("cards[0].front is empty")) }
        for topic in ["A", "B", "C", "D", "E"] { try rig.tick(topic) }
        #expect(try Self.drain(rig) == .sleep(until: rig.clock.now + 60))
        #expect(rig.client.total == 5, "each topic tried once")
        #expect(try rig.store().queueState() == LearningQueueState(), "answers came: the provider is up")
    }
}

/// Many generated schedules through the real worker and store on a virtual clock: topics ticked at random times,
/// some failing every time (a 5xx, a timeout, an invalid deck), some failing a few times first, the others never;
/// now and then a 429 with Retry-After and a stretch offline. After every request and every pass, the rules hold.
@Suite(.timeLimit(.minutes(5)), .watched) struct FairScheduleTests {
    /// A schedule is replayed from its seed (SplitMix64, the quiz's own generator).
    struct Generator {
        var bits: ChoiceShuffle
        init(state: UInt64) { bits = ChoiceShuffle(seed: state) }
        mutating func below(_ bound: Int) -> Int { Int(bits.next() % UInt64(bound)) }
    }

    enum Behaviour {
        case good
        case failsFirst(Int, AttemptFailure)
        case failsAlways(AttemptFailure)
    }

    static let failures: [AttemptFailure] = [
        .http(status: 500, body: "", retryAfter: nil), .http(status: 502, body: "", retryAfter: nil),
        .transport(.timedOut, detail: "timed out"), .invalidOutput("cards[1].back is empty"),
    ]

    @Test func generatedSchedulesKeepEveryRule() throws {
        var violations: [String] = []
        for seed in UInt64(1)...24 {
            violations += try run(seed: seed)
            if violations.count > 20 { break }
        }
        #expect(violations.isEmpty, "\(violations.prefix(20).joined(separator: "\n"))")
    }

    /// One schedule; the rules it broke, each naming the seed.
    func run(seed: UInt64) throws -> [String] {
        var random = Generator(state: seed)
        let rig = try WorkerRig()
        // The hooks below hold the rig (through `violated`): let it go with the schedule.
        defer {
            rig.client.respond = nil
            rig.client.duringCall = nil
        }
        let start = rig.clock.now
        let count = 2 + random.below(7)
        var behaviour: [String: Behaviour] = [:]
        var ticks: [(topic: String, at: Int64)] = []
        for index in 0..<count {
            let topic = "T\(index)"
            let failure = Self.failures[random.below(Self.failures.count)]
            behaviour[topic] = switch random.below(4) {
            case 0: .failsAlways(failure)
            case 1: .failsFirst(1 + random.below(4), failure)
            default: .good
            }
            ticks.append((topic, start + Int64(index * 30 + random.below(600))))
        }
        ticks.sort { $0.at < $1.at }
        let rateLimitedCall = random.below(3) == 0 ? random.below(12) : -1
        let retryAfter = Int64(30 + random.below(600))
        let offline: Range<Int64>? = random.below(3) == 0 ? (start + Int64(random.below(900))) ..< (start + 900 + Int64(random.below(1_800))) : nil

        var violations: [String] = []
        func violated(_ rule: String) { violations.append("seed \(seed) at +\(rig.clock.now - start) s: \(rule)") }
        var callsPerTopic: [String: Int] = [:]
        var callIndex = 0
        var firstCall: [String: Int64] = [:]
        /// Times (virtual) at which every topic was held or offline: a fresh topic may wait only across one.
        var blocked: [ClosedRange<Int64>] = []
        var outcomes: [String: [Bool]] = [:]

        rig.client.respond = { topic, _ in
            defer { callIndex += 1 }
            callsPerTopic[topic, default: 0] += 1
            if firstCall[topic] == nil { firstCall[topic] = rig.clock.now }
            let answer: Result<String, AttemptFailure>? = if callIndex == rateLimitedCall {
                .failure(.http(status: 429, body: "", retryAfter: String(retryAfter)))
            } else {
                switch behaviour[topic]! {
                case .good: nil
                case .failsAlways(let failure): .failure(failure)
                case .failsFirst(let times, let failure): callsPerTopic[topic]! <= times ? .failure(failure) : nil
                }
            }
            outcomes[topic, default: []].append(answer == nil)
            return answer
        }
        // Inside every request: the topic's own time has come, nothing holds the queue, and no older due topic waits.
        rig.client.duringCall = { [unowned rig] in
            let now = rig.clock.now
            guard let entries = try? rig.store().entries(), let state = try? rig.store().queueState(),
                let current = entries.first(where: { $0.pending?.inFlightSince != nil }), let pending = current.pending
            else { return violated("no request in flight") }
            if let next = pending.nextAttemptAt, next > now { violated("\(current.topic) asked before its own time (\(next - start))") }
            if let hold = state.holdUntil, hold > now { violated("\(current.topic) asked during a hold") }
            if !rig.network.isAvailable() { violated("\(current.topic) asked offline") }
            let order = { (entry: LearningEntry) in (entry.pending!.requestedAt, entry.subject, entry.topic) }
            for other in entries where other.topic != current.topic && other.pending != nil && !other.isComplete {
                if (other.pending!.nextAttemptAt ?? now) <= now && order(other) < order(current) {
                    violated("\(current.topic) served before the older due \(other.topic)")
                }
            }
        }

        var nextTick = 0
        let horizon = start + 8 * 3_600
        while rig.clock.now <= horizon {
            rig.network.online.store(!(offline?.contains(rig.clock.now) ?? false), ordering: .relaxed)
            if !rig.network.isAvailable() { blocked.append(rig.clock.now...rig.clock.now) }
            while nextTick < ticks.count && ticks[nextTick].at <= rig.clock.now {
                try rig.tick(ticks[nextTick].topic)
                nextTick += 1
            }
            // Passes until the queue waits, checking each topic's backoff after each one.
            var result = PassResult.more
            while result == .more {
                let before = Dictionary(uniqueKeysWithValues: try rig.store().entries().map { ($0.topic, $0.pending) })
                let callsBefore = callsPerTopic
                let outcomesBefore = outcomes
                result = try rig.worker.runPass(foreground: false, oneTopic: true)
                let state = try rig.store().queueState()
                if let hold = state.holdUntil, hold > rig.clock.now { blocked.append(rig.clock.now...hold) }
                for entry in try rig.store().entries() {
                    guard let was = before[entry.topic] ?? nil else { continue }
                    let asked = callsPerTopic[entry.topic, default: 0] - callsBefore[entry.topic, default: 0]
                    guard let now = entry.pending else { continue }
                    let new = outcomes[entry.topic, default: []].dropFirst(outcomesBefore[entry.topic, default: []].count)
                    if asked == 0 {
                        if now.failures != was.failures || now.nextAttemptAt != was.nextAttemptAt {
                            violated("\(entry.topic)'s backoff changed by another topic's request")
                        }
                    } else if new.last == false {
                        let wasRateLimited = callIndex - 1 == rateLimitedCall
                        let base = new.dropLast().contains(true) ? 0 : was.failures
                        if wasRateLimited {
                            if now.failures != base { violated("\(entry.topic)'s backoff grew for the provider's 429") }
                        } else if now.failures != base + 1
                            || now.nextAttemptAt != rig.clock.now + Backoff.delay(afterFailures: base + 1) {
                            violated("\(entry.topic): failure \(now.failures) (was \(was.failures)), next +\((now.nextAttemptAt ?? 0) - rig.clock.now) s")
                        }
                    }
                }
            }
            // The next moment anything can happen: a tick, the queue's wake-up, the network changing.
            var moments = [horizon + 1]
            if nextTick < ticks.count { moments.append(ticks[nextTick].at) }
            switch result {
            case .sleep(let until), .held(let until, _): moments.append(until)
            case .waitForNetwork: break
            case .idle: if nextTick == ticks.count { moments = [] }
            default: violated("unexpected \(result)")
            }
            if let offline {
                for edge in [offline.lowerBound, offline.upperBound] where edge > rig.clock.now { moments.append(edge) }
            }
            guard let next = moments.min() else { break }
            rig.clock.now = max(rig.clock.now + 1, next)
        }

        for (topic, at) in ticks {
            let entry = try rig.entry(topic)
            switch behaviour[topic]! {
            case .failsAlways:
                if entry?.pending == nil { violated("\(topic) failing every time is ready") }
            case .good, .failsFirst:
                if entry?.pending != nil { violated("\(topic) is still pending at the horizon: \(String(describing: entry?.pending))") }
            }
            // A topic that had not failed is served the moment it is ticked, unless every topic was held or offline meanwhile.
            if case .good = behaviour[topic]!, let first = firstCall[topic], first != at,
                !blocked.contains(where: { $0.overlaps(at...first) }) {
                violated("\(topic) ticked at +\(at - start) s waited until +\(first - start) s with nothing holding the queue")
            }
        }
        return violations
    }
}
