import DoseApp
import DoseCore
import DoseDesktop
import DoseLearning
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The Learn view's model on a real store: the CLI's path for ticks, the CLI's words for states, counts,
/// search, Retry now, and a study sitting over the shared `StudySession`.
@Suite(.timeLimit(.minutes(5)), .watched) struct LearnChecklistTests {
    let loopback = LearnProvider(problem: nil, fingerprint: "f1", isLoopback: true)
    let now = Int64(Date().timeIntervalSince1970)
    let zone = FixedOffsetZone(offset: 0)

    /// A valid stored deck of `count` cards ("Q1"/"A1", …), the first with maths.
    static func deck(_ count: Int = 8) -> String {
        let cards = (1...count).map { i in
            i == 1 ? #"{"back": "It is $\\frac{1}{2}$.", "front": "What is $x^2$ at <b>1</b>?"}"#
                : #"{"back": "A\#(i)", "front": "Q\#(i)"}"#
        }
        return #"{"cards": ["# + cards.joined(separator: ", ") + "]}"
    }

    static let quiz = #"{"questions": [{"answer": 0, "choices": ["a", "b", "c", "d"], "explanation": "e", "prompt": "p"}]}"#

    private func store(_ home: DesktopHome) throws -> LearningStore {
        LearningStore(database: try Database(path: home.paths.database))
    }

    /// A key the test spells validly (a failure here is the test's own mistake).
    private func key(_ subject: String, _ topic: String) -> TopicKey { try! TopicKey(subject: subject, topic: topic) }

    @Test func addingTicksAsTheCLIDoesAndAnotherSpellingFindsTheTopic() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let wake = home.paths.runtimeDirectory! + "/daily-dose/learn.wake"
        let first = try checklist.add(subject: " Calculus ", topic: "Chain rule", now: now)
        #expect(first.outcome == .pending(isNew: true) && !first.wasListed && first.key == key("Calculus", "Chain rule"))
        #expect(FileManager.default.fileExists(atPath: wake), "the daemon is woken")

        let again = try checklist.add(subject: "calculus", topic: "CHAIN  RULE", now: now + 1)
        #expect(again.wasListed && again.outcome == .pending(isNew: false))
        #expect(again.key == key("Calculus", "Chain rule") && again.typed == key("calculus", "CHAIN  RULE"))
        #expect(try store(home).entries().count == 1, "one topic on the list")

        let overview = try checklist.overview(now: now, zone: zone, provider: loopback, online: true)
        #expect(overview.subjects.map(\.name) == ["Calculus"])
        let topic = try #require(overview.subjects.first?.topics.first)
        #expect(topic.stateText == "pending" && topic.canRetry && !topic.canStudy && !topic.canQuiz && topic.ticked)
        #expect(topic.parameter == "Calculus\u{1F}Chain rule")
        #expect(throws: ServiceFailure.self) { try checklist.add(subject: "Calculus", topic: "  ", now: now) }
        #expect(throws: ServiceFailure.self) { try checklist.add(subject: "Calc\u{1B}ulus", topic: "x", now: now) }
    }

    /// Typed in the Learn view, a topic of 200 Devanagari scalars is added; one more is refused in words
    /// (the CLI's), never with the store's SQL; a bidi override is refused too (issue 19).
    @Test func aTopicOf200CharactersIsAddedAndOneMoreRefusedInWords() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let topic = String(repeating: "कि", count: 100)
        #expect(try checklist.add(subject: "भौतिकी", topic: topic, now: now).outcome == .pending(isNew: true))
        let over = #expect(throws: ServiceFailure.self) { try checklist.add(subject: "भौतिकी", topic: topic + "x", now: now) }
        #expect(over?.message == "the topic is 201 characters long; the limit is 200", "\(String(describing: over))")
        let bidi = #expect(throws: ServiceFailure.self) { try checklist.add(subject: "Physics", topic: "Ohm \u{202E}wal", now: now) }
        #expect(bidi?.message.hasPrefix("the topic contains U+202E RIGHT-TO-LEFT OVERRIDE") == true, "\(String(describing: bidi))")
        #expect(try store(home).entries().map(\.topic) == [topic])
    }

    @Test func statesAreTheCLIsWords() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let store = try store(home)
        _ = try checklist.add(subject: "Calculus", topic: "Limits", now: now)
        #expect(try store.beginAttempt(subject: "Calculus", topic: "Limits", now: now))
        var topic = try #require(try checklist.overview(now: now, zone: zone, provider: loopback, online: true).subjects.first?.topics.first)
        #expect(topic.stateText == "generating" && !topic.canRetry)
        try store.recordFailure(subject: "Calculus", topic: "Limits", FailureRecord(
            error: "HTTP 500\nsecond line", topic: .init(failures: 1, nextAttemptAt: now + 3600), serverFailed: true))

        // The same details as `dose learn list` (with a provider on this machine), in the same words and local time,
        // but for the stored error: the provider's or a library's text is the command line's, the row says it failed.
        #expect(try home.dose("config", "set", "provider.url", "http://127.0.0.1:9/v1").status == 0)
        #expect(try home.dose("config", "set", "provider.model", "test-model").status == 0)
        let cli = try home.dose("learn", "list")
        #expect(cli.status == 0, "\(cli.stderr)")
        let line = try #require(cli.stdout.split(separator: "\n").first.map(String.init))
        let details = try #require(line.firstIndex(of: "(").map { String(line[line.index(after: $0)..<line.index(before: line.endIndex)]) })
        topic = try #require(try checklist.overview(now: now, zone: SystemZone.current(), provider: loopback, online: true).subjects.first?.topics.first)
        let cliParts = details.components(separatedBy: "; ")
        #expect(cliParts.last?.hasPrefix("HTTP 500") == true, "\(line)")
        #expect(topic.stateText == (["pending"] + cliParts.dropLast() + ["the last try failed"]).joined(separator: " · "), "\(line) vs \(topic.stateText)")
        #expect(topic.stateText.hasPrefix("pending · 1 attempt · next try ") && topic.canRetry)

        let remote = LearnProvider(problem: nil, fingerprint: "f1", isLoopback: false)
        topic = try #require(try checklist.overview(now: now, zone: zone, provider: remote, online: false).subjects.first?.topics.first)
        #expect(topic.stateText.hasPrefix("waiting for a network"))
        #expect(try checklist.overview(now: now, zone: zone, provider: loopback, online: false).subjects.first?.topics.first?.stateText
            .hasPrefix("pending") == true, "a provider on this machine needs no network")
        // What holds every topic is said once, above the rows; each row keeps its topic's own details.
        let own = (cliParts.dropLast() + ["the last try failed"]).joined(separator: " · ")
        let unset = LearnProvider(problem: .notSetUp, fingerprint: "f1", isLoopback: false)
        var overview = try checklist.overview(now: now, zone: SystemZone.current(), provider: unset, online: true)
        topic = try #require(overview.subjects.first?.topics.first)
        #expect(topic.stateText == "waiting for a provider · " + own, "\(topic.stateText)")
        // In the app's words: no config key on screen.
        #expect(overview.summary == "Waiting for a provider: no AI provider is set up yet: add one in Preferences, under AI provider.\nOverall: 0 cards to study", "\(overview.summary)")
        try store.pause(reason: "the key was refused (401): set another", fingerprint: "f1")
        overview = try checklist.overview(now: now, zone: zone, provider: loopback, online: true)
        topic = try #require(overview.subjects.first?.topics.first)
        #expect(topic.stateText.hasPrefix("paused · 1 attempt · ") && !topic.stateText.contains("next try") && topic.canRetry)
        // The stored reason is `dose learn list`'s; the app says what to do.
        #expect(overview.summary.hasPrefix("Paused: the AI provider refused the request. Check the provider in Preferences, then press Retry now.\n"), "\(overview.summary)")
    }

    @Test func retryNowMakesTheTopicDueAndWakesTheDaemon() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let store = try store(home)
        _ = try checklist.add(subject: "Calculus", topic: "Limits", now: now)
        try store.recordFailure(subject: "Calculus", topic: "Limits", FailureRecord(
            error: "HTTP 500", topic: .init(failures: 2, nextAttemptAt: now + 3600),
            hold: .init(until: now + 3600, reason: "the provider is busy (HTTP 429)", failures: 1)))
        let wake = home.paths.runtimeDirectory! + "/daily-dose/learn.wake"
        try FileManager.default.removeItem(atPath: wake)
        #expect(try checklist.retry(key("calculus", "limits"), now: now))
        #expect(try store.entry(subject: "Calculus", topic: "Limits")?.pending?.nextAttemptAt == nil)
        #expect(try store.queueState().holdUntil == nil)
        #expect(FileManager.default.fileExists(atPath: wake))
        let topic = try #require(try checklist.overview(now: now, zone: zone, provider: loopback, online: true).subjects.first?.topics.first)
        #expect(topic.stateText == "pending · 1 attempt · the last try failed")
        #expect(try !checklist.retry(key("Calculus", "Nothing"), now: now))
    }

    @Test func untickingKeepsTheTopicOnShowSoTickingUndoesIt() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        _ = try checklist.add(subject: "Physics", topic: "Ohm's law", now: now)
        try checklist.untick(key("physics", "ohm's law"))
        #expect(try store(home).entries().isEmpty)
        var topic = try #require(try checklist.overview(now: now, zone: zone, provider: loopback, online: true).subjects.first?.topics.first)
        #expect(!topic.ticked && topic.key == key("Physics", "Ohm's law") && !topic.canRetry && !topic.canStudy)
        #expect(topic.stateText == "not on your list: tick it to add it again")
        let tick = try checklist.tick(topic.key, now: now + 1)
        #expect(tick.outcome == .pending(isNew: true))
        topic = try #require(try checklist.overview(now: now, zone: zone, provider: loopback, online: true).subjects.first?.topics.first)
        #expect(topic.ticked && checklist.unticked.isEmpty)
    }

    @Test func searchIgnoresCaseAndAccentsOnSubjectOrTopic() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        _ = try checklist.add(subject: "Calculus", topic: "Chain rule", now: now)
        _ = try checklist.add(subject: "Calculus", topic: "Limits", now: now)
        _ = try checklist.add(subject: "French", topic: "Le passé composé", now: now)
        func shown(_ query: String) throws -> [String] {
            try checklist.overview(now: now, zone: zone, provider: loopback, online: true, search: query)
                .subjects.flatMap { $0.topics.map(\.title) }
        }
        #expect(try shown("") == ["Calculus — Chain rule", "Calculus — Limits", "French — Le passé composé"])
        #expect(try shown("CHAIN") == ["Calculus — Chain rule"])
        #expect(try shown("passe compose") == ["French — Le passé composé"])
        #expect(try shown(" calculus ") == ["Calculus — Chain rule", "Calculus — Limits"])
        let none = try checklist.overview(now: now, zone: zone, provider: loopback, online: true, search: "zzz")
        #expect(none.subjects.isEmpty && none.summary == "No topic matches the search." && none.ticked == 3)
    }

    @Test func anotherProcessesCommitIsNoticed() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        #expect(!checklist.hasChanged())
        _ = try checklist.add(subject: "A", topic: "B", now: now)
        #expect(!checklist.hasChanged(), "its own change is drawn by whoever made it")
        #expect(try home.dose("learn", "tick", "A", "C").status == 0)
        #expect(checklist.hasChanged())
        #expect(!checklist.hasChanged(), "once")
    }

    @Test func studyingADeckGradesUndoesAndCounts() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let store = try store(home)
        _ = try checklist.add(subject: "Calculus", topic: "Chain rule", now: now)
        #expect(try checklist.study(key("Calculus", "Chain rule"), now: now, zone: zone) == nil, "no deck yet")
        try store.storeArtifact(subject: "Calculus", topic: "Chain rule", kind: .deck, body: Self.deck(), model: nil, now: now)
        try store.storeArtifact(subject: "Calculus", topic: "Chain rule", kind: .quiz, body: Self.quiz, model: nil, now: now)
        var overview = try checklist.overview(now: now, zone: zone, provider: loopback, online: true)
        var topic = try #require(overview.subjects.first?.topics.first)
        // One count, the same beside the button and on it (it said "0 due, 8 new" beside "Study (8 due)").
        #expect(topic.stateText == "ready · 8 to study of 8 cards" && topic.canStudy && topic.canQuiz && !topic.canRetry)
        #expect(topic.studyLabel == "Study (8)" && overview.summary == "Overall: 8 cards to study")

        let study = try #require(try checklist.study(key("CALCULUS", "chain rule"), now: now, zone: zone))
        #expect(study.key == key("Calculus", "Chain rule") && study.progressText == "1 of 8")
        let assets = DosePage.Assets(katexBase: "file:///usr/share/javascript/katex", renderScript: "render.js")
        var page = study.html(assets: assets, dark: false)
        #expect(page.contains("What is <span class=\"dd-math\" data-display=\"inline\">x^2</span> at &lt;b&gt;1&lt;/b&gt;?"), "\(page)")
        #expect(!page.contains("frac") && !page.contains("<b>1</b>"), "the back waits for Reveal; outside text is escaped")
        #expect(page.contains("Content-Security-Policy"))
        #expect(study.plainText == "What is x² at <b>1</b>?")

        try study.grade(.good, now: now, zone: zone)
        #expect(study.progressText == "1 of 8", "no grade before Reveal")
        study.reveal()
        page = study.html(assets: assets, dark: true)
        #expect(page.contains("It is <span class=\"dd-math\" data-display=\"inline\">\\frac{1}{2}</span>."), "\(page)")
        #expect(study.plainText == "What is x² at <b>1</b>?\nIt is 1/2.")
        try study.grade(.good, now: now + 5, zone: zone)
        #expect(!study.revealed && study.progressText.hasPrefix("2 of "), "\(study.progressText)")
        #expect(study.lastMove.hasPrefix("Good: next "))
        #expect(try StudyStore(database: store.database).counts(now: now + 5).first?.new == 7)
        overview = try checklist.overview(now: now + 5, zone: zone, provider: loopback, online: true)
        topic = try #require(overview.subjects.first?.topics.first)
        #expect(topic.stateText == "ready · 7 to study of 8 cards")

        try study.undo()
        #expect(study.progressText == "1 of 8" && study.lastMove == "Took back the Good of card 1.")
        #expect(try StudyStore(database: store.database).counts(now: now + 5).first?.new == 8)
        try study.undo()
        #expect(study.lastMove == "Nothing to undo.")

        // Through the day's cards: Easy sends each far off; then the sitting is over.
        for _ in 0..<8 {
            study.reveal()
            try study.grade(.easy, now: now + 10, zone: zone)
            // Days away: the day by its month's name, as everywhere in the app, never an ISO date.
            #expect(study.lastMove.hasPrefix("Easy: next on ") && study.lastMove.firstMatch(of: /\d{4}-\d\d-\d\d/) == nil, "\(study.lastMove)")
        }
        #expect(study.isFinished && study.progressText.isEmpty)
        #expect(study.plainText == "Done for today\nGraded 8 cards. Due now: 0, new: 0, of 8 cards.")
    }

    /// A deck and a quiz stored before the content rules, with the \\edef bomb and a bidi override, still
    /// open in Study and Quiz; both pages, like the card's (DoseBrowserTests), load the one render script PageOpener writes,
    /// which holds each formula to the content rules before KaTeX sees it (issue 19).
    @Test func studyAndQuizOfAnOlderStoreLoadTheOneBoundedRenderScript() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let store = try store(home)
        _ = try checklist.add(subject: "Calculus", topic: "Chain rule", now: now)
        let bomb = #"$\\def\\a{x}"# + String(repeating: #"\\edef\\a{\\a\\a\\a\\a}"#, count: 8) + String(repeating: #"\\a"#, count: 24) + "$"
        let cards = (1...8).map { #"{"back": "b\#($0) \u202E", "front": "\#(bomb) \#($0)"}"# }
        let questions = (1...5).map { #"{"answer": 0, "choices": ["a", "b", "c", "d"], "explanation": "e", "prompt": "\#(bomb) \#($0)"}"# }
        try store.storeArtifact(subject: "Calculus", topic: "Chain rule", kind: .deck, body: #"{"cards": ["# + cards.joined(separator: ", ") + "]}",
                                model: nil, now: now)
        try store.storeArtifact(subject: "Calculus", topic: "Chain rule", kind: .quiz,
                                body: #"{"questions": ["# + questions.joined(separator: ", ") + "]}", model: nil, now: now)
        let prepared = try PageAssets.prepare(paths: home.paths)
        let script = try String(contentsOfFile: prepared.directory + "/dose-page.js", encoding: .utf8)
        #expect(script == DosePage.renderScript && script.contains("function refusal(m)"))
        let loadsTheScript = "<script src=\"\(prepared.assets.renderScript)\"></script>"
        let study = try #require(try checklist.study(key("Calculus", "Chain rule"), now: now, zone: zone))
        let studyPage = study.html(assets: prepared.assets, dark: false)
        let quizPage = QuizScreen.open(key("Calculus", "Chain rule"), paths: home.paths, seed: 1).html(assets: prepared.assets, dark: false)
        for page in [studyPage, quizPage] {
            #expect(page.contains(loadsTheScript), "\(page)")
            #expect(page.contains(#"<span class="dd-math" data-display="inline">\def\a{x}\edef"#), "\(page)")
        }
    }

    @Test func aTopicParameterCarriesSubjectAndTopicAndRefusesAnythingElse() throws {
        let topic = key("Calculus", "Chain rule")
        #expect(TopicParameter.decode(TopicParameter.encode(topic)) == topic)
        #expect(TopicParameter.decode("Calculus") == nil)
        #expect(TopicParameter.decode("a\u{1F}b\u{1F}c") == nil)
        #expect(TopicParameter.decode("\u{1F}Chain rule") == nil)
        #expect(TopicParameter.decode("Calculus\u{1F}Chain\nrule") == nil)
        #expect(TopicParameter.decode(" Calculus \u{1F} Chain rule ") == topic, "trimmed as TopicKey trims")
    }
}

extension LearnChecklistTests {
    /// A store that cannot be opened is a sentence for the page, not a crash.
    @Test func anUnopenableStoreIsAServiceFailure() throws {
        let home = try DesktopHome()
        try FileManager.default.createDirectory(atPath: home.paths.database, withIntermediateDirectories: true)
        #expect { try LearnChecklist(paths: home.paths) } throws: { error in
            // The student's words on the page; the store's path and SQLite's message are the journal's.
            (error as? ServiceFailure)?.message == "Your topics can't be read."
                && (error as? ServiceFailure)?.detail?.hasPrefix("cannot open the store \(home.paths.database)") == true
        }
    }
}

extension LearnChecklistTests {
    /// The Learn view speaks the user's language: the states, counts and the study page's words from de.po.
    @Test func inGermanTheStatesAndTheStudyPageAreTranslated() throws {
        let home = try DesktopHome()
        let checklist = try LearnChecklist(paths: home.paths)
        let store = try store(home)
        _ = try checklist.add(subject: "Mathe", topic: "Ableitungen", now: now)
        _ = try checklist.add(subject: "Mathe", topic: "Grenzwerte", now: now)
        try store.storeArtifact(subject: "Mathe", topic: "Ableitungen", kind: .deck, body: Self.deck(), model: nil, now: now)
        try store.storeArtifact(subject: "Mathe", topic: "Ableitungen", kind: .quiz, body: Self.quiz, model: nil, now: now)
        let (states, summary, label, progress) = try German.run {
            let overview = try checklist.overview(now: now, zone: zone, provider: loopback, online: true)
            let study = try #require(try checklist.study(key("Mathe", "Ableitungen"), now: now, zone: zone))
            return (overview.subjects.flatMap { $0.topics.map(\.stateText) }, overview.summary,
                    overview.subjects.first?.topics.first?.studyLabel, study.progressText)
        }
        #expect(states == ["bereit · 8 von 8 Karten zu lernen", "ausstehend"])
        #expect(summary == "Insgesamt: 8 Karten zu lernen" && label == "Lernen (8)" && progress == "1 von 8")
    }
}
