import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// One content rule set for the provider's text and for the names typed (issue 19), through the real
/// `dose` against the loopback fake provider and a real store.
@Suite(.timeLimit(.minutes(5)), .watched) struct ContentRulesCLITests {
    /// The \edef bomb, a bidi override, 60 nested \frac: each in every card's back and every question's
    /// explanation of an answer otherwise well formed. Before the rules the deck and quiz were stored as ready.
    @Test(arguments: [
        ("edef", #"uses \def, which defines a macro"#),
        ("bidi", "contains U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control"),
        ("nested", "has a formula nested 60 deep"),
    ])
    func providerTextBreakingTheRulesIsAFailedAttemptNeverReady(response: String, words: String) throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "\#(response)"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.dose("learn", "run")
        #expect(run.status == 75, "\(run.stdout)\(run.stderr)")
        let entry = try #require(try box.list()["Ohm"])
        #expect(entry["state"] as? String == "pending")
        #expect(entry["hasDeck"] as? Bool == false && entry["hasQuiz"] as? Bool == false, "\(entry)")
        let lastError = entry["lastError"] as? String ?? ""
        // The reason names the card or question and the field, as a malformed answer's does.
        #expect(lastError.contains("cards[0].back " + words) || lastError.contains("questions[0].explanation " + words),
                "\(lastError)")
        #expect(try box.dose("learn", "deck", "Physics", "Ohm").status == 66, "nothing was stored")
        #expect(try box.dose("learn", "quiz", "Physics", "Ohm").status == 66)
    }

    /// A deck stored before the rules with a bidi override: `dose learn deck` prints it escaped, so the
    /// rest of the line reads in its own order.
    @Test func aStoredBidiOverrideIsPrintedEscaped() throws {
        let box = try LearnSandbox()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let store = LearningStore(database: try Database(path: box.databasePath))
        let cards = (1...8).map { #"{"back":"see invoice\u202Egpj.exe","front":"Card \#($0)?"}"# }
        try store.storeArtifact(subject: "Physics", topic: "Ohm", kind: .deck, body: #"{"cards":["# + cards.joined(separator: ",") + "]}",
                                model: nil, now: 1)
        let deck = try box.dose("learn", "deck", "Physics", "Ohm")
        #expect(deck.status == 0, "\(deck.stderr)")
        #expect(deck.stdout.contains(#"see invoice\u{202E}gpj.exe"#), "\(deck.stdout)")
        #expect(!deck.stdout.unicodeScalars.contains("\u{202E}"))
    }

    /// 200 is the limit of both the input check and the store's CHECK, counted in the same unit (Unicode
    /// scalars): a topic of 200 in Devanagari or emoji (100 of what Swift calls characters) is ticked and
    /// listed; one more is refused by `dose learn tick` in words, exit 64, with no SQL.
    @Test(arguments: [("भौतिकी", String(repeating: "कि", count: 100)), ("Emoji", String(repeating: "👍🏽", count: 100))])
    func aTopicOf200CharactersInAnyScriptIsTickedAndOneMoreRefusedInWords(subject: String, topic: String) throws {
        #expect(topic.unicodeScalars.count == 200 && topic.count == 100)
        let box = try LearnSandbox()
        let tick = try box.dose("learn", "tick", subject, topic)
        #expect(tick.status == 0, "\(tick.stderr)")
        #expect(try box.list()[topic]?["subject"] as? String == subject)
        let over = try box.dose("learn", "tick", subject, topic + "x")
        #expect(over.status == 64, "\(over.stderr)")
        #expect(over.stderr.contains("the topic is 201 characters long; the limit is 200"), "\(over.stderr)")
        let longSubject = try box.dose("learn", "tick", subject + String(repeating: "ि", count: 201 - subject.unicodeScalars.count), "x")
        #expect(longSubject.status == 64 && longSubject.stderr.contains("the subject is 201 characters long; the limit is 200"),
                "\(longSubject.stderr)")
        for sql in ["CHECK", "constraint", "length(", "GLOB", "SQLite"] {
            #expect(!over.stderr.contains(sql) && !longSubject.stderr.contains(sql), "\(sql) in \(over.stderr)")
        }
        #expect(try box.list().count == 1, "nothing half-written")
    }

    /// A typed name is held to the rest of the rules too, in its own words.
    @Test func aTypedNameBreakingTheRulesIsRefused() throws {
        let box = try LearnSandbox()
        let bidi = try box.dose("learn", "tick", "Physics", "Ohm \u{202E}wal")
        #expect(bidi.status == 64 && bidi.stderr.contains("the topic contains U+202E RIGHT-TO-LEFT OVERRIDE"), "\(bidi.stderr)")
        let macro = try box.dose("learn", "tick", #"$\edef\a{x}$"#, "Ohm")
        #expect(macro.status == 64 && macro.stderr.contains(#"the subject uses \edef, which defines a macro"#), "\(macro.stderr)")
        #expect(try box.list().isEmpty)
    }
}
