import DoseStore
import DoseTestSupport
import Foundation
import Testing

/// A provider's words (error text, AI cards) never reach the terminal as escape sequences.
@Suite(.timeLimit(.minutes(5)), .watched) struct TerminalEscapeTests {
    /// Any byte a terminal could take as the start of a control sequence: C0 but newline and tab, DEL, C1.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test(arguments: ["hostile:401", "hostile:500"])
    func providerErrorTextIsNeutralised(response: String) throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"rules": [{"responses": ["\#(response)"]}]}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        let run = try box.dose("learn", "run")
        #expect(run.status == 75 || run.status == 78)
        let list = try box.dose("learn", "list")
        #expect(list.status == 0)
        // The error really was stored and printed (else the test could not fail)…
        let lastError = try #require(try box.list()["Ohm"]?["lastError"] as? String)
        #expect(lastError.contains("\u{1B}]0;pwned") && lastError.contains("\u{9B}31m"), "\(lastError)")
        #expect(list.stdout.contains("pwned") && run.stdout.contains("pwned"), "\(list.stdout)\n\(run.stdout)")
        // …with no control left in it: ESC, BEL, C1 CSI appear as visible escapes.
        for output in [run.stdout, run.stderr, list.stdout, list.stderr] {
            #expect(Self.controls(output).isEmpty, "\(Self.controls(output)) in \(output.debugDescription)")
        }
        #expect(list.stdout.contains(#"\u{1B}]52;c;"#) && list.stdout.contains(#"\u{9B}31m"#), "\(list.stdout)")
        // One topic, one line (and a 401's pause one line above it): the message's newline does not break the list.
        #expect(list.stdout.split(separator: "\n").count == (response == "hostile:401" ? 2 : 1), "\(list.stdout)")
        // --json escapes the same characters as \u escapes.
        let json = try box.dose("learn", "list", "--json")
        #expect(Self.controls(json.stdout).isEmpty && json.stdout.contains(#"\u009b31m"#), "\(json.stdout)")
    }

    @Test func aiTextWithC1IsNeutralised() throws {
        let box = try LearnSandbox()
        try box.startProvider(#"{"default": "hostile-ok"}"#)
        try box.configureProvider()
        try box.dose("learn", "tick", "Physics", "Ohm")
        // Validation now refuses C1 controls: the provider's hostile answer is a failed attempt, never stored.
        let refused = try box.dose("learn", "run")
        #expect(refused.status == 75, "\(refused.stdout)")
        #expect((try box.list()["Ohm"]?["lastError"] as? String ?? "").contains("contains control character U+009"))
        // A store written before that rule may still hold such text: printing must neutralise it.
        let store = LearningStore(database: try Database(path: box.databasePath))
        let deckJSON = #"{"cards":["# + (1...8).map { #"{"back":"b\u009b2J","front":"f\#($0)\u009d0;x\u009c"}"# }.joined(separator: ",") + "]}"
        let quizJSON = #"{"questions":["# + (1...5).map { _ in
            #"{"answer":1,"choices":["a\u009b1m","b","c","d"],"explanation":"e\u009d0;pwned\u009c","prompt":"p\u009b2J"}"#
        }.joined(separator: ",") + "]}"
        try store.storeArtifact(subject: "Physics", topic: "Ohm", kind: .deck, body: deckJSON, model: nil, now: 1)
        try store.storeArtifact(subject: "Physics", topic: "Ohm", kind: .quiz, body: quizJSON, model: nil, now: 1)
        let deck = try box.dose("learn", "deck", "Physics", "Ohm")
        let quiz = try box.dose("learn", "quiz", "Physics", "Ohm")
        let asked = try box.run(["learn", "quiz", "Physics", "Ohm", "--interactive"], stdin: "A\nB\n")
        for run in [deck, quiz, asked] {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(#"\u{9"#), "the hostile text was printed: \(run.stdout)")
            #expect(Self.controls(run.stdout).isEmpty, "\(Self.controls(run.stdout))")
        }
    }
}
