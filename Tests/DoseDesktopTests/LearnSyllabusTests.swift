import DoseApp
import DoseCore
import DoseDesktop
import DoseLearning
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The Learn view as the syllabus's checklist, on a real store: the branch's subjects by year in the pack's
/// order, offered topics unticked, a tick through the CLI's path landing in its syllabus place under the pack's
/// names (another spelling too), untick, typed topics beyond the syllabus, search, and no syllabus at all.
@Suite(.timeLimit(.minutes(5)), .watched) struct LearnSyllabusTests {
    let loopback = LearnProvider(problem: nil, fingerprint: "f1", isLoopback: true)
    let now = Int64(Date().timeIntervalSince1970)
    let zone = FixedOffsetZone(offset: 0)
    static let ee = Audience.branch(BranchCode(exactly: "EE")!)

    private static func tags(_ codes: String...) -> [BranchCode] { codes.map { BranchCode(exactly: $0)! } }

    /// Out of year order on purpose: the view orders by year, the pack's order within one.
    static let syllabus = Syllabus(subjects: [
        .init(name: "Network Analysis", year: 2, tags: tags("EE", "EC"), topics: [
            .init(name: "Mesh analysis"), .init(name: "Two-port networks", tags: tags("EC")),
        ]),
        .init(name: "Professional Ethics", topics: [.init(name: "Codes of conduct")]),
        .init(name: "Engineering Mathematics I", year: 1, topics: [
            .init(name: "Limits and continuity"), .init(name: "Laplace transforms", tags: tags("EE", "EC")),
        ]),
        .init(name: "Data Structures", year: 1, tags: tags("CS"), topics: [.init(name: "Hash tables")]),
    ])

    private func checklist(_ syllabus: Syllabus = Self.syllabus) throws -> (DesktopHome, LearnChecklist) {
        let home = try DesktopHome()
        try PoolStore(database: Database(path: home.paths.database)).replacePool(with: [], syllabus: syllabus)
        return (home, try LearnChecklist(paths: home.paths))
    }

    private func view(_ checklist: LearnChecklist, _ audience: Audience = Self.ee, search: String = "") throws -> LearnOverview {
        try checklist.overview(now: now, zone: zone, provider: loopback, online: true, search: search, audience: audience)
    }

    /// Each subject as `group / subject: topic [x], topic [ ]`, to compare a whole view at once.
    private static func outline(_ overview: LearnOverview) -> [String] {
        overview.subjects.map { subject in
            "\(subject.group ?? "-") / \(subject.name): "
                + subject.topics.map { "\($0.key.topic) [\($0.ticked ? "x" : " ")]" }.joined(separator: ", ")
        }
    }

    private func key(_ subject: String, _ topic: String) -> TopicKey { try! TopicKey(subject: subject, topic: topic) }

    @Test func theBranchsSyllabusIsOfferedByYearWithNothingTicked() throws {
        let (_, checklist) = try checklist()
        let overview = try view(checklist)
        #expect(Self.outline(overview) == [
            "Year 1 / Engineering Mathematics I: Limits and continuity [ ], Laplace transforms [ ]",
            "Year 2 / Network Analysis: Mesh analysis [ ]",
            "Other subjects / Professional Ethics: Codes of conduct [ ]",
        ])
        let offered = try #require(overview.subjects.first?.topics.first)
        #expect(offered.stateText == "not covered yet: tick it once your course has")
        #expect(offered.status == nil && !offered.canRetry && !offered.canStudy && !offered.canQuiz)
        #expect(offered.title == "Engineering Mathematics I — Limits and continuity", "the check box's accessible name")
        #expect(overview.ticked == 0)

        // Common only, and everyone's.
        #expect(Self.outline(try view(checklist, .commonOnly)) == [
            "Year 1 / Engineering Mathematics I: Limits and continuity [ ]",
            "Other subjects / Professional Ethics: Codes of conduct [ ]",
        ])
        #expect(try view(checklist, .everyone).subjects.map(\.name)
            == ["Engineering Mathematics I", "Data Structures", "Network Analysis", "Professional Ethics"])
        #expect(try view(checklist, .everyone).subjects.flatMap(\.topics).count == Self.syllabus.topicCount)
    }

    /// A tick of an offered row is `dose learn tick` with the pack's names: the store holds those bytes and the
    /// row, now ticked with its state line, keeps its place. Another spelling typed in the form is that row too.
    @Test func tickingAnOfferedTopicKeepsItsPlaceAndThePacksNames() throws {
        let (home, checklist) = try checklist()
        let laplace = try #require(try view(checklist).subjects.first?.topics.last)
        #expect(laplace.key == key("Engineering Mathematics I", "Laplace transforms"))
        let tick = try checklist.tick(laplace.key, now: now)
        #expect(tick.outcome == .pending(isNew: true) && !tick.wasListed)
        let entries = try LearningStore(database: Database(path: home.paths.database)).entries()
        #expect(entries.map { "\($0.subject)|\($0.topic)" } == ["Engineering Mathematics I|Laplace transforms"])
        #expect(FileManager.default.fileExists(atPath: home.paths.runtimeDirectory! + "/daily-dose/learn.wake"), "the daemon is woken")

        let ticked = try view(checklist)
        #expect(Self.outline(ticked)[0] == "Year 1 / Engineering Mathematics I: Limits and continuity [ ], Laplace transforms [x]")
        let row = try #require(ticked.subjects.first?.topics.last)
        #expect(row.stateText == "pending" && row.canRetry && ticked.ticked == 1)

        let typed = try checklist.add(subject: "engineering mathematics i", topic: "LIMITS AND  CONTINUITY", now: now + 1)
        #expect(!typed.wasListed, "the syllabus offers names; the list had no such topic")
        let again = try view(checklist)
        #expect(Self.outline(again)[0] == "Year 1 / Engineering Mathematics I: LIMITS AND  CONTINUITY [x], Laplace transforms [x]",
            "the typed spelling stands in the syllabus's place, once")
        #expect(again.subjects.flatMap(\.topics).count == 4)
    }

    /// Unticking asks nothing: the topic leaves the list and its row stays in place, unticked, until the window
    /// closes (ticking it again undoes it); typed topics beyond the syllabus stay on show, under their syllabus
    /// subject or in their own group.
    @Test func untickAndTypedTopicsBeyondTheSyllabus() throws {
        let (home, checklist) = try checklist()
        _ = try checklist.tick(key("Network Analysis", "Mesh analysis"), now: now)
        try checklist.untick(key("Network Analysis", "Mesh analysis"))
        #expect(try LearningStore(database: Database(path: home.paths.database)).entries().isEmpty)
        let unticked = try #require(try view(checklist).subjects.first { $0.name == "Network Analysis" }?.topics.first)
        #expect(!unticked.ticked && unticked.stateText == "not on your list: tick it to add it again")

        _ = try checklist.add(subject: "network analysis", topic: "Thevenin's theorem", now: now)
        _ = try checklist.add(subject: "Thermodynamics", topic: "Carnot cycle", now: now)
        // Two-port networks is EC's only: typed by an EE student, it is their own topic, under its subject.
        _ = try checklist.add(subject: "network analysis", topic: "Two-port networks", now: now)
        #expect(Self.outline(try view(checklist)) == [
            "Year 1 / Engineering Mathematics I: Limits and continuity [ ], Laplace transforms [ ]",
            "Year 2 / Network Analysis: Mesh analysis [ ], Thevenin's theorem [x], Two-port networks [x]",
            "Other subjects / Professional Ethics: Codes of conduct [ ]",
            "Your own topics / Thermodynamics: Carnot cycle [x]",
        ])
    }

    /// The search applies to offered topics as to listed ones: case- and accent-insensitive, subject or topic.
    @Test func theSearchNarrowsTheSyllabusToo() throws {
        let (_, checklist) = try checklist()
        _ = try checklist.add(subject: "Thermodynamics", topic: "Carnot cycle", now: now)
        #expect(Self.outline(try view(checklist, search: "LAPLACE")) == ["Year 1 / Engineering Mathematics I: Laplace transforms [ ]"])
        #expect(Self.outline(try view(checklist, search: "network")) == ["Year 2 / Network Analysis: Mesh analysis [ ]"])
        #expect(Self.outline(try view(checklist, search: "carnot")) == ["Your own topics / Thermodynamics: Carnot cycle [x]"])
        let none = try view(checklist, search: "zzz")
        #expect(none.subjects.isEmpty && none.summary == "No topic matches the search.")
    }

    /// Without a syllabus (or none for the branch) the view is the plain checklist, unchanged.
    /// The syllabus's view keeps what the plain list says above the rows: what holds every topic (no provider
    /// set up, said once) and that background work is off (the merge once dropped both, and the view said neither).
    @Test func theSyllabusKeepsWhatHoldsEveryTopicAndTheBackgroundState() throws {
        let (_, checklist) = try checklist()
        let laplace = try #require(try view(checklist).subjects.first?.topics.last)
        _ = try checklist.tick(laplace.key, now: now)
        let none = LearnProvider(problem: .notSetUp, fingerprint: "", isLoopback: false)
        let plain = try checklist.overview(now: now, zone: zone, provider: none, online: true, background: .off)
        let merged = try checklist.overview(now: now, zone: zone, provider: none, online: true, background: .off, audience: Self.ee)
        #expect(plain.queue != nil, "the plain list says why every topic waits")
        #expect(merged.queue == plain.queue && merged.background == .off)
        #expect(merged.summary == plain.summary)
    }

    @Test func noSyllabusIsThePlainChecklist() throws {
        let (_, checklist) = try checklist(Syllabus())
        _ = try checklist.add(subject: "Calculus", topic: "Chain rule", now: now)
        let plain = try checklist.overview(now: now, zone: zone, provider: loopback, online: true)
        #expect(try view(checklist) == plain)
        #expect(plain.subjects.allSatisfy { $0.group == nil })

        let csOnly = Syllabus(subjects: [.init(name: "Data Structures", tags: Self.tags("CS"), topics: [.init(name: "Hash tables")])])
        #expect(LearnSyllabus.merge(plain, syllabus: csOnly, audience: Self.ee) == plain)
        #expect(try checklist.syllabus() == Syllabus())
    }
}
