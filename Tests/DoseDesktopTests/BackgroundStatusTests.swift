import DoseCore
import DoseDesktop
import DoseLearning
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// A topic's line in the Learn view is the true reason (issue 20): the provider as the config file says now, in
/// the app's words, and background work that is off or not running said first, with the notice above the list.
@Suite(.timeLimit(.minutes(5)), .watched) struct BackgroundStatusTests {
    let now = Int64(Date().timeIntervalSince1970)
    let zone = FixedOffsetZone(offset: 0)
    let loopback = LearnProvider(problem: nil, fingerprint: "f1", isLoopback: true)

    func firstTopic(_ overview: LearnOverview) throws -> LearnTopic { try #require(overview.subjects.first?.topics.first) }

    @Test func theSwitchsAnswerTellsWhetherTheQueueRuns() {
        let failure: Result<BackgroundWorkService.State, ServiceFailure> = .failure(ServiceFailure("refused"))
        #expect(BackgroundQueue(.success(.init(enabled: false, systemdUnits: [], daemonRunning: false, detail: ""))) == .off)
        #expect(BackgroundQueue(.success(.init(enabled: false, systemdUnits: BackgroundWorkServiceTests.both, detail: ""))) == .off)
        #expect(BackgroundQueue(.success(.init(enabled: true, systemdUnits: [], daemonRunning: true, detail: ""))) == .running)
        #expect(BackgroundQueue(.success(.init(enabled: true, systemdUnits: BackgroundWorkServiceTests.both, detail: ""))) == .running)
        // On, but the session's daemon ended (or never took its lock): not running, whatever the switch says.
        #expect(BackgroundQueue(.success(.init(enabled: true, systemdUnits: [], daemonRunning: false, detail: ""))) == .notRunning)
        #expect(BackgroundQueue(failure) == .notRunning)
    }

    @Test func aTopicWaitingForBackgroundWorkSaysSoFirstWithNoNextTry() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        _ = try checklist.add(subject: "Calculus", topic: "Limits", now: now)
        let store = LearningStore(database: try Database(path: home.paths.database))
        try store.recordFailure(subject: "Calculus", topic: "Limits", FailureRecord(
            error: "HTTP 500", topic: .init(failures: 1, nextAttemptAt: now + 600), serverFailed: true))

        let running = try checklist.overview(now: now, zone: zone, provider: loopback, online: true, background: .running)
        let line = try firstTopic(running).stateText
        #expect(line.hasPrefix("pending · 1 attempt · next try "), "\(line)")
        let retry = try firstTopic(running).canRetry
        #expect(running.backgroundNotice == nil && retry)

        let off = try checklist.overview(now: now, zone: zone, provider: loopback, online: true, background: .off)
        let held = try firstTopic(off)
        #expect(held.stateText == "background work is off · 1 attempt · the last try failed", "\(held.stateText)")
        #expect(!held.canRetry, "nothing would retry it: the notice offers to turn background work on")
        #expect(off.backgroundNotice == "Background work is off, so no decks are made for the topics you tick.")
        #expect(off.backgroundButton == "Turn on background work")

        let stopped = try checklist.overview(now: now, zone: zone, provider: loopback, online: true, background: .notRunning)
        #expect(try firstTopic(stopped).stateText.hasPrefix("background work is not running · "))
        #expect(stopped.backgroundNotice?.hasPrefix("Background work could not be started") == true)
        #expect(stopped.backgroundButton == "Start background work")

        // Both made: nothing waits, so no notice, and the line is the deck's.
        try store.storeArtifact(subject: "Calculus", topic: "Limits", kind: .deck, body: LearnChecklistTests.deck(), model: nil, now: now)
        try store.storeArtifact(subject: "Calculus", topic: "Limits", kind: .quiz, body: LearnChecklistTests.quiz, model: nil, now: now)
        let ready = try checklist.overview(now: now, zone: zone, provider: loopback, online: true, background: .off)
        let readyLine = try firstTopic(ready).stateText
        #expect(readyLine.hasPrefix("ready"), "\(readyLine)")
        #expect(ready.backgroundNotice == nil)
    }

    @Test func theProviderIsReadFromTheConfigAsItIsNowInTheAppsWords() throws {
        let home = try DesktopHome()
        let unset = LearnProvider.load(paths: home.paths)
        #expect(unset.problem == .notSetUp)
        #expect(try #require(unset.problem).words == "no AI provider is set up yet: add one in Preferences, under AI provider")
        #expect(try home.dose("config", "set", "provider.url", "http://127.0.0.1:9/v1").status == 0)
        #expect(LearnProvider.load(paths: home.paths).problem == .notSetUp, "a model is needed too")
        #expect(try home.dose("config", "set", "provider.model", "test-model").status == 0)
        let set = LearnProvider.load(paths: home.paths)
        #expect(set.problem == nil && set.isLoopback, "configured: never \"no provider\"")

        let checklist = try LearnChecklist(paths: home.paths)
        _ = try checklist.add(subject: "Calculus", topic: "Limits", now: now)
        let waiting = try firstTopic(try checklist.overview(now: now, zone: zone, provider: unset, online: true))
        #expect(waiting.stateText.hasPrefix("waiting for a provider") && !waiting.stateText.contains("provider."), "\(waiting.stateText)")
        #expect(try firstTopic(try checklist.overview(now: now, zone: zone, provider: set, online: true)).stateText == "pending")
    }
}
