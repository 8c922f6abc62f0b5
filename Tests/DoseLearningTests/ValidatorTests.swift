import DoseCore
import DoseLearning
import DoseTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct ValidatorTests {
    static func deckJSON(_ count: Int = 10, _ edit: (inout [[String: Any]]) -> Void = { _ in }) -> String {
        var cards: [[String: Any]] = (0..<count).map { ["front": "Q\($0)?", "back": "A\($0)."] }
        edit(&cards)
        return json(["cards": cards])
    }

    static func quizJSON(_ count: Int = 6, _ edit: (inout [[String: Any]]) -> Void = { _ in }) -> String {
        var questions: [[String: Any]] = (0..<count).map {
            ["prompt": "P\($0)?", "choices": ["a", "b", "c", "d"], "answer": $0 % 4, "explanation": "Why \($0)."]
        }
        edit(&questions)
        return json(["questions": questions])
    }

    static let onlyNewlineAndTab = #"only \n and \t are allowed"#

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func deckError(_ content: String) -> String? {
        do {
            _ = try ArtifactValidator.deck(from: content)
            return nil
        } catch { return error.message }
    }

    func quizError(_ content: String) -> String? {
        do {
            _ = try ArtifactValidator.quiz(from: content)
            return nil
        } catch { return error.message }
    }

    @Test func validArtifactsPass() throws {
        #expect(try ArtifactValidator.deck(from: Self.deckJSON(8)).cards.count == 8)
        #expect(try ArtifactValidator.deck(from: Self.deckJSON(20)).cards.count == 20)
        #expect(try ArtifactValidator.quiz(from: Self.quizJSON(5)).questions.count == 5)
        #expect(try ArtifactValidator.quiz(from: Self.quizJSON(10)).questions.count == 10)
        // A Markdown fence around the JSON is tolerated; extra keys are ignored.
        #expect(deckError("```json\n" + Self.deckJSON() + "\n```") == nil)
        #expect(deckError(Self.deckJSON { $0[0]["hint"] = "x" }) == nil)
    }

    @Test func canonicalJSONRoundTrips() throws {
        let deck = try ArtifactValidator.deck(from: Self.deckJSON())
        #expect(try ArtifactValidator.deck(from: ArtifactValidator.canonicalJSON(deck)) == deck)
    }

    @Test(arguments: [
        ("", "the answer is empty"),
        ("not json", "the answer is not valid JSON"),
        (#"{"cards": [ {"front": "unterminated"#, "the answer is not valid JSON"),
        ("[]", "the answer is not an object"),
        ("{}", "the answer has no \"cards\""),
        (#"{"cards": "many"}"#, "cards is not an array"),
        (#"{"cards": null}"#, "cards is null, not an array"),
    ])
    func malformedDecks(content: String, message: String) {
        #expect(deckError(content) == message)
    }

    @Test func deckRules() {
        #expect(deckError(Self.deckJSON(7)) == "the deck has 7 cards; it needs 8 to 20")
        #expect(deckError(Self.deckJSON(21)) == "the deck has 21 cards; it needs 8 to 20")
        #expect(deckError(Self.deckJSON(0)) == "the deck has 0 cards; it needs 8 to 20")
        #expect(deckError(Self.deckJSON { $0[3]["back"] = "  " }) == "cards[3].back is empty")
        #expect(deckError(Self.deckJSON { $0[2]["front"] = "" }) == "cards[2].front is empty")
        #expect(deckError(Self.deckJSON { $0[1].removeValue(forKey: "back") }) == "cards[1] has no \"back\"")
        #expect(deckError(Self.deckJSON { $0[4]["front"] = 42 }) == "cards[4].front is not a string")
        #expect(deckError(Self.deckJSON { $0[0]["back"] = String(repeating: "x", count: 1001) })
            == "cards[0].back is 1001 characters long; the limit is 1000")
        #expect(deckError(Self.deckJSON { $0[0]["front"] = "bell\u{7}" }) == "cards[0].front contains control character U+0007; \(Self.onlyNewlineAndTab)")
        // C1 controls too (U+009B is a one-byte CSI to many terminals), and DEL.
        #expect(deckError(Self.deckJSON { $0[2]["back"] = "x\u{9B}2J" }) == "cards[2].back contains control character U+009B; \(Self.onlyNewlineAndTab)")
        #expect(deckError(Self.deckJSON { $0[1]["front"] = "\u{80}" }) == "cards[1].front contains control character U+0080; \(Self.onlyNewlineAndTab)")
        #expect(quizError(Self.quizJSON { $0[0]["prompt"] = "a\u{7F}" }) == "questions[0].prompt contains control character U+007F; \(Self.onlyNewlineAndTab)")
        #expect(deckError(Self.deckJSON { $0[1]["front"] = "line\nbreak\tand tab, U+00A0\u{A0}ok" }) == nil)
        // Read back from a store an older build wrote, C1 is tolerated (printing escapes it); C0 is not.
        #expect((try? ArtifactValidator.deck(from: Self.deckJSON { $0[2]["back"] = "x\u{9B}2J" }, stored: true)) != nil)
        #expect((try? ArtifactValidator.deck(from: Self.deckJSON { $0[2]["back"] = "x\u{7}" }, stored: true)) == nil)
        #expect(deckError(Self.deckJSON { $0[5]["front"] = "Q0?" }) == "cards[5].front repeats an earlier card")
        #expect(deckError(String(repeating: " ", count: 70_000)) == "the answer is larger than 65536 bytes")
    }

    @Test func quizRules() {
        #expect(quizError(Self.quizJSON(4)) == "the quiz has 4 questions; it needs 5 to 10")
        #expect(quizError(Self.quizJSON(11)) == "the quiz has 11 questions; it needs 5 to 10")
        #expect(quizError(Self.quizJSON { $0[1]["choices"] = ["a", "b", "c"] }) == "questions[1].choices has 3 choices; it needs exactly 4")
        #expect(quizError(Self.quizJSON { $0[1]["choices"] = ["a", "b", "c", "d", "e"] }) == "questions[1].choices has 5 choices; it needs exactly 4")
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = ["a", "b", "", "d"] }) == "questions[2].choices[2] is empty")
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = ["a", "b", "A", "d"] }) == "questions[2].choices[2] repeats another choice")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = 4 }) == "questions[0].answer is 4; it must be the index of a choice, 0 to 3")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = -1 }) == "questions[0].answer is -1; it must be the index of a choice, 0 to 3")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = "B" }) == "questions[0].answer is not a whole number")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = true }) != nil)
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = 1.5 }) != nil)
        #expect(quizError(Self.quizJSON { $0[3]["explanation"] = " " }) == "questions[3].explanation is empty")
        #expect(quizError(Self.quizJSON { $0[3].removeValue(forKey: "prompt") }) == "questions[3] has no \"prompt\"")
        #expect(quizError(Self.deckJSON()) == "the answer has no \"questions\"")
    }

    @Test(arguments: [
        (#""cards""#, "the answer is not an object"),
        ("null", "the answer is null, not an object"),
        (#"{"cards": [1, 2]}"#, "cards[0] is not an object"),
        (#"{"cards": [null]}"#, "cards[0] is null, not an object"),
        (#"{"cards": [{"front": null, "back": "b"}]}"#, "cards[0].front is null, not a string"),
        (#"{"cards": [{"front": "f", "back": ["b"]}]}"#, "cards[0].back is not a string"),
        (#"{"cards": [{"back": "b"}]}"#, "cards[0] has no \"front\""),
        (#"{"cards": [], "cards": []}"#, "the answer is not valid JSON"),
        (#"{"cards": []} trailing"#, "the answer is not valid JSON"),
        ("```\n```", "the answer is empty"),
        ("\u{FEFF}{\"cards\": []}", "the answer is not valid JSON"),
    ])
    func deckShapeMessagesNameTheField(content: String, message: String) {
        #expect(deckError(content) == message)
    }

    @Test func quizShapeMessagesNameTheField() {
        #expect(quizError(#"{"questions": {}}"#) == "questions is not an array")
        #expect(quizError(#"{"questions": null}"#) == "questions is null, not an array")
        #expect(quizError(#"{"questions": ["q"]}"#) == "questions[0] is not an object")
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = "abcd" }) == "questions[2].choices is not an array")
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = ["a", 1, "c", "d"] }) == "questions[2].choices[1] is not a string")
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = ["a", NSNull(), "c", "d"] }) == "questions[2].choices[1] is null, not a string")
        #expect(quizError(Self.quizJSON { $0[4].removeValue(forKey: "choices") }) == "questions[4] has no \"choices\"")
        #expect(quizError(Self.quizJSON { $0[4].removeValue(forKey: "answer") }) == "questions[4] has no \"answer\"")
        #expect(quizError(Self.quizJSON { $0[4].removeValue(forKey: "explanation") }) == "questions[4] has no \"explanation\"")
        #expect(quizError(Self.quizJSON { $0[1]["prompt"] = 7 }) == "questions[1].prompt is not a string")
        #expect(quizError(Self.quizJSON { $0[1]["explanation"] = NSNull() }) == "questions[1].explanation is null, not a string")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = true }) == "questions[0].answer is not a whole number")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = 1.5 }) == "questions[0].answer is not a whole number")
        #expect(quizError(Self.quizJSON { $0[0]["answer"] = NSNull() }) == "questions[0].answer is null, not a whole number")
        let huge = Self.quizJSON().replacing(#""answer":0"#, with: #""answer":99999999999999999999"#)
        #expect(quizError(huge) == "questions[0].answer is not a whole number")
        let exponent = Self.quizJSON().replacing(#""answer":0"#, with: #""answer":1e0"#)
        #expect(quizError(exponent) == "questions[0].answer is not a whole number")
        #expect(quizError(Self.quizJSON { $0[1]["prompt"] = String(repeating: "p", count: 501) })
            == "questions[1].prompt is 501 characters long; the limit is 500")
        #expect(quizError(Self.quizJSON { $0[1]["choices"] = ["a", String(repeating: "c", count: 201), "b", "d"] })
            == "questions[1].choices[1] is 201 characters long; the limit is 200")
        #expect(quizError(Self.quizJSON { $0[1]["explanation"] = String(repeating: "e", count: 1001) })
            == "questions[1].explanation is 1001 characters long; the limit is 1000")
        #expect(quizError(Self.quizJSON { $0[1]["explanation"] = "a\u{0}b" }) == "questions[1].explanation contains control character U+0000; \(Self.onlyNewlineAndTab)")
        #expect(quizError(Self.quizJSON { $0[1]["prompt"] = "line\nand\ttab" }) == nil)
    }

    // MARK: The content rules (issue 19)

    /// The CVE-2024-28243 pattern as the provider could send it: `\edef` quadruples `\a` eight times, unchecked.
    static let edefBomb = #"$\def\a{x}"# + String(repeating: #"\edef\a{\a\a\a\a}"#, count: 8) + String(repeating: #"\a"#, count: 24) + "$"
    /// 40 nested superscripts: short enough for a choice (200 characters), eight groups past the bound.
    static let nestedScripts = "$" + String(repeating: "x^{", count: 40) + "x" + String(repeating: "}", count: 40) + "$"
    /// The issue's shape, 33 nested `\frac`, where a field has room for it (333 characters).
    static let nestedFrac = "$" + String(repeating: #"\frac{1}{"#, count: 33) + "x" + String(repeating: "}", count: 33) + "$"
    static let override = "Invoice \u{202E}gpj.exe"

    func deckReason(_ content: String) -> PackProblem.Reason? {
        do {
            _ = try ArtifactValidator.deck(from: content)
            return nil
        } catch { return error.reason }
    }

    func quizReason(_ content: String) -> PackProblem.Reason? {
        do {
            _ = try ArtifactValidator.quiz(from: content)
            return nil
        } catch { return error.reason }
    }

    /// Every text of a deck and of a quiz is held to the pack's rules: refused naming the card or question
    /// and the field, as a malformed answer is (a failed attempt, never stored).
    @Test func providerTextIsHeldToTheContentRules() {
        let nested = { (field: String) in PackProblem.Reason.mathTooDeep(field: field, depth: 40, limit: 32) }
        #expect(deckReason(Self.deckJSON { $0[3]["front"] = Self.edefBomb }) == .definesMacro(field: "cards[3].front", command: "def"))
        #expect(deckReason(Self.deckJSON { $0[1]["back"] = Self.override })
            == .bidiControl(field: "cards[1].back", character: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE"))
        #expect(deckReason(Self.deckJSON { $0[5]["front"] = Self.nestedScripts }) == nested("cards[5].front"))
        #expect(deckReason(Self.deckJSON { $0[6]["back"] = Self.nestedFrac })
            == .mathTooDeep(field: "cards[6].back", depth: 33, limit: 32))
        #expect(quizReason(Self.quizJSON { $0[0]["prompt"] = Self.edefBomb }) == .definesMacro(field: "questions[0].prompt", command: "def"))
        #expect(quizReason(Self.quizJSON { $0[2]["choices"] = ["a", Self.nestedScripts, "c", "d"] }) == nested("questions[2].choices[1]"))
        #expect(quizReason(Self.quizJSON { $0[4]["explanation"] = Self.override })
            == .bidiControl(field: "questions[4].explanation", character: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE"))
        #expect(quizReason(Self.quizJSON { $0[1]["explanation"] = Self.nestedFrac })
            == .mathTooDeep(field: "questions[1].explanation", depth: 33, limit: 32))
        #expect(quizReason(Self.quizJSON { $0[3]["choices"] = ["a", "b", #"$\newcommand\x{y}$"#, "d"] })
            == .definesMacro(field: "questions[3].choices[2]", command: "newcommand"))
        // The words name the field, as every other refusal of the answer does.
        #expect(deckError(Self.deckJSON { $0[3]["front"] = Self.edefBomb })
            == #"cards[3].front uses \def, which defines a macro; macros may not be defined (they can make a page hang: CVE-2024-28243)"#)
        #expect(quizError(Self.quizJSON { $0[2]["choices"] = ["a", Self.nestedScripts, "c", "d"] })
            == #"questions[2].choices[1] has a formula nested 40 deep (braces, \left…\right, \begin…\end); the limit is 32"#)
        // Within the bounds, maths and right-to-left prose with its marks pass.
        #expect(deckError(Self.deckJSON { $0[0]["back"] = "$\\frac{dy}{dx} = x^2$, שלום\u{200F}." }) == nil)
        #expect(quizError(Self.quizJSON { $0[0]["prompt"] = "$" + String(repeating: "x^{", count: 32) + "x" + String(repeating: "}", count: 32) + "$" }) == nil)
    }

    /// A deck or quiz stored before these rules is still read (the terminal escapes bidi controls, the
    /// page's render script bounds each formula): what was ready stays ready.
    @Test func storedArtifactsFromBeforeTheRulesStillRead() throws {
        let deck = Self.deckJSON { $0[0]["front"] = Self.edefBomb; $0[1]["back"] = Self.override; $0[2]["back"] = Self.nestedFrac }
        #expect(try ArtifactValidator.deck(from: deck, stored: true).cards[1].back == Self.override)
        let quiz = Self.quizJSON { $0[0]["prompt"] = Self.edefBomb; $0[1]["explanation"] = Self.override }
        #expect(try ArtifactValidator.quiz(from: quiz, stored: true).questions[0].prompt == Self.edefBomb)
    }
}
