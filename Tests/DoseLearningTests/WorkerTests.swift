import DoseLearning
import DoseStore
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct WorkerTests {
    let serverError = AttemptFailure.http(status: 500, body: "", retryAfter: nil)

    @Test func backoffRunsOneTwoFourEightFifteenFifteenMinutesOnAnInjectedClockThenResets() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        for _ in 0..<6 { rig.client.enqueue(.deck, .failure(serverError)) }
        var waits: [Int64] = []
        for _ in 0..<6 {
            let result = try rig.worker.runPass(foreground: false)
            guard case .sleep(let until) = result else {
                Issue.record("expected a sleep, got \(result)")
                return
            }
            waits.append((until - rig.clock.now) / 60)
            // Before the time, nothing is tried; at the time, one attempt.
            rig.clock.now = until - 1
            #expect(try rig.worker.runPass(foreground: false) == .sleep(until: until))
            rig.clock.now = until
        }
        #expect(waits == [1, 2, 4, 8, 15, 15])
        #expect(rig.client.count("Ohm", .deck) == 6)
        #expect(try rig.entry("Ohm")?.pending?.attempts == 6)
        // The seventh try succeeds: the deck is stored and the backoff is back to one minute for the next failure.
        rig.client.enqueue(.quiz, .failure(serverError))
        guard case .sleep(let until) = try rig.worker.runPass(foreground: false) else {
            Issue.record("expected a sleep after the quiz failed")
            return
        }
        #expect(until - rig.clock.now == 60, "a success reset the backoff")
        #expect(try rig.entry("Ohm")?.hasDeck == true)
        #expect(try rig.entry("Ohm")?.pending?.failures == 1)
        #expect(try rig.store().queueState() == LearningQueueState(), "one topic's failures hold no other topic")
    }

    @Test func jitterComesFromTheInjectedSource() throws {
        let rig = try WorkerRig()
        rig.jitter = 1
        try rig.tick("Ohm")
        rig.client.enqueue(.deck, .failure(serverError))
        #expect(try rig.worker.runPass(foreground: false) == .sleep(until: rig.clock.now + 66))
    }

    @Test func retryAfterSetsTheWaitWithinTheCap() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        rig.client.enqueue(.deck, .failure(.http(status: 429, body: "", retryAfter: "300")))
        #expect(try rig.worker.runPass(foreground: false) == .held(until: rig.clock.now + 300, reason: "the provider is busy (HTTP 429)"))
        rig.clock.now += 300
        rig.client.enqueue(.deck, .failure(.http(status: 503, body: "", retryAfter: "86400")))
        #expect(try rig.worker.runPass(foreground: false) == .held(until: rig.clock.now + 900, reason: "the provider is busy (HTTP 503)"))
    }

    @Test func aPartialSuccessRetriesOnlyTheMissingPieceAndClearsOnlyWithBoth() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        rig.client.enqueue(.quiz, .failure(.invalidOutput("questions[0].answer is 7")))
        _ = try rig.worker.runPass(foreground: true)
        let half = try #require(try rig.entry("Ohm"))
        #expect(half.hasDeck && !half.hasQuiz)
        #expect(half.pending != nil, "one artifact is not enough to clear the entry")
        #expect(half.pending?.lastError?.contains("questions[0].answer") == true)
        // Ticking the half-done topic again changes nothing and generates nothing.
        try rig.tick("Ohm")
        #expect(try rig.worker.runPass(foreground: true) == .idle)
        #expect(rig.client.count("Ohm", .deck) == 1)
        #expect(rig.client.count("Ohm", .quiz) == 2)
        let done = try #require(try rig.entry("Ohm"))
        #expect(done.isComplete && done.pending == nil)
        // Ticking a ready topic, twice, never calls the provider.
        try rig.tick("Ohm")
        try rig.tick("Ohm")
        #expect(try rig.worker.runPass(foreground: true) == .idle)
        #expect(rig.client.total == 3)
    }

    @Test func untickDuringARequestLeavesNoGhost() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        rig.client.duringCall = { [unowned rig] in
            _ = try? rig.store().untick(subject: "Physics", topic: "Ohm")
        }
        #expect(try rig.worker.runPass(foreground: false) == .idle)
        #expect(try rig.entry("Ohm") == nil)
        #expect(rig.client.count("Ohm", .deck) == 1)
        #expect(rig.client.count("Ohm", .quiz) == 0, "an unticked topic is not pending any more")
        // The deck that was in flight was kept: re-ticking asks only for the quiz.
        rig.client.duringCall = nil
        try rig.tick("Ohm")
        _ = try rig.worker.runPass(foreground: false)
        #expect(rig.client.count("Ohm", .deck) == 1 && rig.client.count("Ohm", .quiz) == 1)
        #expect(try rig.entry("Ohm")?.isComplete == true)
    }

    @Test func offlineIsNotAnAttempt() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        rig.network.online.store(false, ordering: .relaxed)
        for _ in 0..<5 { #expect(try rig.worker.runPass(foreground: true) == .waitForNetwork) }
        #expect(rig.client.total == 0)
        #expect(try rig.entry("Ohm")?.pending?.attempts == 0)
        // The network drops during a request: classified offline, not counted.
        rig.network.online.store(true, ordering: .relaxed)
        rig.client.enqueue(.deck, .failure(.transport(.connectionLost, detail: "lost")))
        rig.client.duringCall = { [unowned rig] in rig.network.online.store(false, ordering: .relaxed) }
        #expect(try rig.worker.runPass(foreground: false) == .waitForNetwork)
        #expect(try rig.entry("Ohm")?.pending?.attempts == 0)
        #expect(try rig.store().queueState().failures == 0)
        // Back online: works at once, not at a backoff step.
        rig.client.duringCall = nil
        rig.network.online.store(true, ordering: .relaxed)
        #expect(try rig.worker.runPass(foreground: false) == .idle)
        #expect(try rig.entry("Ohm")?.isComplete == true)
    }

    @Test func aLoopbackProviderSkipsTheNetworkCheck() throws {
        let rig = try WorkerRig()
        rig.provider.settings.url = "http://127.0.0.1:11434/v1"
        rig.network.online.store(false, ordering: .relaxed)
        try rig.tick("Ohm")
        #expect(try rig.worker.runPass(foreground: false) == .idle)
        #expect(try rig.entry("Ohm")?.isComplete == true)
    }

    @Test func needsUserPausesUntilTheProviderSettingsChange() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        try rig.tick("Kirchhoff")
        rig.client.enqueue(.deck, .failure(.http(status: 401, body: "", retryAfter: nil)))
        guard case .paused = try rig.worker.runPass(foreground: false) else {
            Issue.record("expected a pause")
            return
        }
        // Time passes; nothing is spent while paused, not even by a foreground run.
        rig.clock.now += 7200
        guard case .paused = try rig.worker.runPass(foreground: true) else {
            Issue.record("still paused")
            return
        }
        #expect(rig.client.total == 1)
        // The refused request spent no attempt: not on the topic, not on the backoff.
        for topic in ["Ohm", "Kirchhoff"] { #expect(try rig.entry(topic)?.pending?.attempts == 0, "\(topic)") }
        #expect(try rig.store().queueState().failures == 0)
        // A new key lifts the pause.
        rig.provider.key = "k2"
        #expect(try rig.worker.runPass(foreground: false) == .idle)
        #expect(try rig.store().entries().allSatisfy { $0.isComplete && $0.pending == nil })
    }

    @Test func aOneTopicPassStopsAfterEachTopic() throws {
        let rig = try WorkerRig()
        for topic in ["Ohm", "Gauss", "Faraday"] { try rig.tick(topic) }
        for done in 1...3 {
            #expect(try rig.worker.runPass(foreground: false, oneTopic: true) == .more)
            #expect(rig.client.total == done * 2, "one topic (deck and quiz) per pass")
        }
        #expect(try rig.worker.runPass(foreground: false, oneTopic: true) == .idle)
        #expect(rig.client.total == 6)
    }

    @Test func noProviderMeansWaitingWithoutAttempts() throws {
        let rig = try WorkerRig()
        rig.provider = ProviderSnapshot(settings: ProviderSettings(url: nil, model: nil, keyFile: nil), key: nil, problem: "none")
        try rig.tick("Ohm")
        #expect(try rig.worker.runPass(foreground: true) == .waitForProvider(reason: "none"))
        #expect(rig.client.total == 0)
    }

    @Test func staleInFlightMarksAreClearedAndCounted() throws {
        let rig = try WorkerRig()
        try rig.tick("Ohm")
        #expect(try rig.store().beginAttempt(subject: "Physics", topic: "Ohm", now: rig.clock.now))
        try rig.worker.recover()
        let pending = try #require(try rig.entry("Ohm")?.pending)
        #expect(pending.inFlightSince == nil)
        #expect(pending.attempts == 1)
    }
}

@Suite(.timeLimit(.minutes(5)), .watched) struct PlannerTests {
    func entry(_ topic: String, requested: Int64, next: Int64? = nil, deck: Bool = false, quiz: Bool = false) -> LearningEntry {
        LearningEntry(
            subject: "S", topic: topic, tickedAt: requested,
            pending: .init(requestedAt: requested, attempts: 0, nextAttemptAt: next, lastError: nil, inFlightSince: nil),
            hasDeck: deck, hasQuiz: quiz)
    }

    @Test func oldestDueFirstAndOnlyWhatIsMissing() throws {
        let inputs = QueuePlanner.Inputs(
            entries: [entry("b", requested: 20), entry("a", requested: 10, next: 500, deck: true), entry("c", requested: 5, next: 50)],
            state: LearningQueueState(), now: 100, fingerprint: "f", online: true)
        #expect(QueuePlanner.decide(inputs) == .attempt(try TopicKey(subject: "S", topic: "c"), missing: [.deck, .quiz]))
        var later = inputs
        later.entries.removeLast()
        #expect(QueuePlanner.decide(later) == .attempt(try TopicKey(subject: "S", topic: "b"), missing: [.deck, .quiz]))
        later.state.holdUntil = 300
        later.state.holdReason = "the provider is busy (HTTP 429)"
        #expect(QueuePlanner.decide(later) == .held(until: 300, reason: "the provider is busy (HTTP 429)"))
        later.foreground = true
        #expect(QueuePlanner.decide(later) == .attempt(try TopicKey(subject: "S", topic: "a"), missing: [.quiz]))
        later.online = false
        #expect(QueuePlanner.decide(later) == .waitForNetwork)
    }

    @Test func completeEntriesSettleAndPausesLiftOnNewSettings() throws {
        var inputs = QueuePlanner.Inputs(
            entries: [entry("a", requested: 1, deck: true, quiz: true)], state: LearningQueueState(), now: 0,
            fingerprint: "f", online: false)
        #expect(QueuePlanner.decide(inputs) == .settle(try TopicKey(subject: "S", topic: "a")))
        inputs.entries = [entry("a", requested: 1)]
        inputs.state = LearningQueueState(pauseReason: "bad key", pauseFingerprint: "f")
        #expect(QueuePlanner.decide(inputs) == .paused(reason: "bad key"))
        inputs.fingerprint = "g"
        #expect(QueuePlanner.decide(inputs) == .liftPause)
        inputs.providerProblem = "unset"
        #expect(QueuePlanner.decide(inputs) == .waitForProvider(reason: "unset"))
        inputs.entries = []
        #expect(QueuePlanner.decide(inputs) == .idle)
    }
}
