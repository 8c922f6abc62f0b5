import DoseTestSupport
import Testing
@testable import DoseStore

/// Retry now: a pending topic due at once, the queue's backoff and pause lifted, attempts kept.
@Suite(.timeLimit(.minutes(5)), .watched) struct RetryNowTests {
    @Test func aFailedTopicIsDueAtOnceAndKeepsItsAttempts() throws {
        let tmp = try TemporaryDirectory()
        let store = LearningStore(database: try Database(path: tmp.file("dose.sqlite3")))
        _ = try store.tick(subject: "Calculus", topic: "Limits", now: 1)
        #expect(try store.beginAttempt(subject: "Calculus", topic: "Limits", now: 2))
        try store.recordFailure(subject: "Calculus", topic: "Limits", FailureRecord(
            error: "HTTP 500", topic: .init(failures: 3, nextAttemptAt: 900), serverFailed: true,
            hold: .init(until: 950, reason: "the provider is busy (HTTP 429)", failures: 2)))
        try store.pause(reason: "the key was refused", fingerprint: "abc")

        #expect(try store.retryNow(subject: "Calculus", topic: "Limits"))
        let pending = try #require(try store.entry(subject: "Calculus", topic: "Limits")?.pending)
        #expect(pending.nextAttemptAt == nil)
        #expect(pending.attempts == 1 && pending.lastError == "HTTP 500", "the history stays")
        #expect(pending.failures == 3, "a failure after the retry backs off further, not from the start")
        let state = try store.queueState()
        #expect(state.holdUntil == nil && state.holdReason == nil && state.pauseReason == nil && state.pauseFingerprint == nil)
    }

    @Test func aTopicThatIsNotPendingIsLeftAlone() throws {
        let tmp = try TemporaryDirectory()
        let store = LearningStore(database: try Database(path: tmp.file("dose.sqlite3")))
        try store.pause(reason: "the key was refused", fingerprint: "abc")
        #expect(try !store.retryNow(subject: "Calculus", topic: "Limits"), "not ticked")
        _ = try store.tick(subject: "Physics", topic: "Ohm", now: 1)
        try store.storeArtifact(subject: "Physics", topic: "Ohm", kind: .deck, body: "{}", model: nil, now: 2)
        try store.storeArtifact(subject: "Physics", topic: "Ohm", kind: .quiz, body: "{}", model: nil, now: 2)
        #expect(try !store.retryNow(subject: "Physics", topic: "Ohm"), "ready")
        #expect(try store.queueState().pauseReason == "the key was refused", "nothing lifted for a topic not pending")
    }

    @Test func theDataVersionMovesWithAnotherConnectionsCommit() throws {
        let tmp = try TemporaryDirectory()
        let reader = try Database(path: tmp.file("dose.sqlite3"))
        let before = try reader.dataVersion()
        #expect(try reader.dataVersion() == before)
        _ = try LearningStore(database: reader).tick(subject: "A", topic: "B", now: 1)
        #expect(try reader.dataVersion() == before, "its own commits do not count")
        let writer = try Database(path: tmp.file("dose.sqlite3"))
        _ = try LearningStore(database: writer).tick(subject: "A", topic: "C", now: 2)
        #expect(try reader.dataVersion() != before)
    }
}
