import DoseTestSupport
import Testing
@testable import DoseStore

/// A topic ticked in another spelling is the same topic: no second row, no second pending entry.
@Suite(.timeLimit(.minutes(5)), .watched) struct TopicIdentityTests {
    @Test func anotherSpellingTicksTheFirstOne() throws {
        let tmp = try TemporaryDirectory()
        let store = LearningStore(database: try Database(path: tmp.file("dose.sqlite3")))
        #expect(try store.tick(subject: "Calculus", topic: "Chain rule", now: 1) == .pending(isNew: true))
        #expect(try store.resolve(subject: " calculus ", topic: "CHAIN  RULE") == ("Calculus", "Chain rule"))
        #expect(try store.tick(subject: "calculus", topic: "chain rule", now: 2) == .pending(isNew: false))
        // A new topic of a known subject takes the subject's first spelling.
        #expect(try store.resolve(subject: "CALCULUS", topic: "Limits") == ("Calculus", "Limits"))
        _ = try store.tick(subject: "ｃａｌｃｕｌｕｓ", topic: "Limits", now: 3)
        #expect(try store.entries().map { "\($0.subject)/\($0.topic)" } == ["Calculus/Chain rule", "Calculus/Limits"])
        // Nothing matches: the given spelling.
        #expect(try store.resolve(subject: "Physics", topic: "Ohm") == ("Physics", "Ohm"))
    }

    @Test func anUntickedTopicsArtifactsKeepTheirSpelling() throws {
        let tmp = try TemporaryDirectory()
        let store = LearningStore(database: try Database(path: tmp.file("dose.sqlite3")))
        _ = try store.tick(subject: "Physics", topic: "Ohm's law", now: 1)
        try store.storeArtifact(subject: "Physics", topic: "Ohm's law", kind: .deck, body: "{}", model: nil, now: 2)
        try store.storeArtifact(subject: "Physics", topic: "Ohm's law", kind: .quiz, body: "{}", model: nil, now: 2)
        try store.untick(subject: "Physics", topic: "Ohm's law")
        // Re-ticked in another spelling: the stored deck and quiz are found, nothing to generate.
        #expect(try store.tick(subject: "physics", topic: "OHM'S LAW", now: 3) == .alreadyComplete)
        #expect(try store.entries().map(\.topic) == ["Ohm's law"])
    }

    /// Stores from before topic identity may hold two spellings: both are kept, the earliest is found.
    @Test func existingDuplicatesAreKeptAndTheEarliestWins() throws {
        let tmp = try TemporaryDirectory()
        let database = try Database(path: tmp.file("dose.sqlite3"))
        try database.connection.execute("""
            INSERT INTO learn_topics (subject, topic, ticked_at) VALUES
                ('calculus', 'chain rule', 20), ('Calculus', 'Chain rule', 10);
            """, "writing duplicates as an older build could")
        let store = LearningStore(database: database)
        #expect(try store.resolve(subject: "CALCULUS", topic: "Chain Rule") == ("Calculus", "Chain rule"))
        #expect(try store.tick(subject: "CALCULUS", topic: "Chain Rule", now: 30) == .pending(isNew: true))
        #expect(try store.entries().count == 2)
        #expect(try store.entry(subject: "Calculus", topic: "Chain rule")?.pending != nil)
        #expect(try store.entry(subject: "calculus", topic: "chain rule")?.pending == nil)
    }
}
