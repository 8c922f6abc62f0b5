import DoseTestSupport
import Testing
@testable import DoseCore

/// Notification copy: what a question withholds, escaping, cutting, summaries.
@Suite(.timeLimit(.minutes(5)), .watched)
struct CopyBuilderTests {
    static let question = Item(
        id: "q-weber", kind: .question, title: "Units TITLE-MARKER-51", text: "What is one weber?",
        answer: "One volt-second ANSWER-MARKER-7f3", explanation: "Because EXPLAIN-MARKER-9c1")

    @Test(arguments: [false, true])
    func questionNeverShowsItsAnswerOrExplanation(markup: Bool) {
        for hint in [nil, "Open it with: dose show q-weber"] {
            for length in [5, 40, 240, 10_000] {
                let copy = CopyBuilder.copy(for: Teaser(Self.question), markup: markup, maxBodyLength: length, openHint: hint)
                for marker in ["ANSWER-MARKER-7f3", "EXPLAIN-MARKER-9c1", "volt-second"] {
                    #expect(!copy.summary.contains(marker) && !copy.body.contains(marker))
                }
                #expect(copy.summary == "Question of the day")
                #expect(!copy.summary.contains("TITLE-MARKER-51"))
            }
        }
        #expect(CopyBuilder.copy(for: Teaser(Self.question), markup: false).body == "What is one weber?")
    }

    @Test func teaserKeepsOnlyTheVisibleFields() {
        let teaser = Teaser(Self.question)
        #expect(teaser.kind == .question && teaser.id == "q-weber")
        #expect(teaser.title == "Units TITLE-MARKER-51" && teaser.text == "What is one weber?")
        // Nothing else is stored: the answer cannot be reached through reflection either.
        let labels = Mirror(reflecting: teaser).children.compactMap(\.label)
        #expect(labels.sorted() == ["id", "kind", "text", "title"])
    }

    @Test func summariesPerKind() {
        let fact = Item(id: "f-ohm", kind: .fact, title: "Ohm's law", text: "V = IR")
        let untitledFact = Item(id: "f-x", kind: .fact, text: "x")
        let formula = Item(id: "m-ohm", kind: .formula, title: #"Ohm's law $V = IR$"#, text: "V = IR")
        let untitledFormula = Item(id: "m-x", kind: .formula, title: "  ", text: "x")
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: true).summary == "Fact of the day: Ohm's law")
        #expect(CopyBuilder.copy(for: Teaser(untitledFact), markup: true).summary == "Fact of the day")
        #expect(CopyBuilder.copy(for: Teaser(formula), markup: true).summary == "Formula of the day: Ohm's law V = IR")
        #expect(CopyBuilder.copy(for: Teaser(untitledFormula), markup: false).summary == "Formula of the day")
    }

    @Test func summaryIsOnePlainUnescapedLineOfAtMost80Graphemes() {
        let marked = Item(id: "f", kind: .fact, title: "A & B <i>\nsecond line", text: "t")
        #expect(CopyBuilder.copy(for: Teaser(marked), markup: true).summary == "Fact of the day: A & B <i> second line")
        let long = Item(id: "f", kind: .fact, title: String(repeating: "word ", count: 40), text: "t")
        let summary = CopyBuilder.copy(for: Teaser(long), markup: false).summary
        #expect(summary.count == 80)
        // 17 characters of label, then twelve "word " and "wo": 79, and the ellipsis.
        #expect(summary == "Fact of the day: " + String(repeating: "word ", count: 12) + "wo…")
    }

    @Test func bodiesAreReducedByKind() {
        let formula = Item(id: "m", kind: .formula, text: #"\frac{a+b}{2} \neq x^2"#)
        #expect(CopyBuilder.copy(for: Teaser(formula), markup: false).body == "(a+b)/2 ≠ x²")
        let fact = Item(id: "f", kind: .fact, text: "Energy:\n\n  $E = mc^2$   \t(rest)")
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: false).body == "Energy: E = mc² (rest)")
        let question = Item(id: "q", kind: .question, text: #"Is $a \le b$?"#, answer: "yes")
        #expect(CopyBuilder.copy(for: Teaser(question), markup: false).body == "Is a ≤ b?")
    }

    @Test func payloadIsTheItemId() {
        let fact = Item(id: "f-ohm", kind: .fact, text: "t")
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: true).id == "f-ohm")
    }

    @Test func markupEscaping() {
        let text = #"Click <a href="https://x.test/?a=1&b=2">here</a> & <b>bold</b> > 3"#
        let fact = Item(id: "f", kind: .fact, text: text)
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: true).body
            == #"Click &lt;a href="https://x.test/?a=1&amp;b=2"&gt;here&lt;/a&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &gt; 3"#)
        #expect(CopyBuilder.copy(for: Teaser(fact), markup: false).body == text)
        #expect(Markup.escape("&amp;") == "&amp;amp;")
        #expect(Markup.escape("plain é 👩‍💻") == "plain é 👩‍💻")
    }

    /// Escaping follows the cut, so "&amp;" is never split into "&am…".
    @Test func entitiesAreNeverCut() {
        let fact = Item(id: "f", kind: .fact, text: String(repeating: "&", count: 50))
        let body = CopyBuilder.copy(for: Teaser(fact), markup: true, maxBodyLength: 10).body
        #expect(body == String(repeating: "&amp;", count: 9) + "…")
    }

    @Test(arguments: ["👩‍💻", "e\u{301}", "🇫🇷", "👍🏽", "ก์"])
    func truncationKeepsWholeGraphemes(cluster: String) {
        let fact = Item(id: "f", kind: .fact, text: String(repeating: cluster, count: 300))
        let body = CopyBuilder.copy(for: Teaser(fact), markup: false).body
        #expect(body.count == 240)
        #expect(body == String(repeating: cluster, count: 239) + "…")
        let short = CopyBuilder.copy(for: Teaser(fact), markup: false, maxBodyLength: 300).body
        #expect(short == String(repeating: cluster, count: 300))
    }

    @Test func truncationEdges() {
        #expect("abcdef".truncated(toGraphemes: 6) == "abcdef")
        #expect("abcdefg".truncated(toGraphemes: 6) == "abcde…")
        #expect("abcd efg".truncated(toGraphemes: 6) == "abcd…")
        #expect("abc".truncated(toGraphemes: 0) == "…")
        #expect("".truncated(toGraphemes: 3) == "")
    }

    /// A long body is cut at a word boundary, and not beside an operator when another space will do.
    @Test func bodyIsCutAtAWord() {
        #expect("the Avogadro constant".truncatedAtWord(toGraphemes: 18) == "the Avogadro…")
        #expect("the charge e, the constant k".truncatedAtWord(toGraphemes: 16) == "the charge e…")
        #expect("a word".truncatedAtWord(toGraphemes: 6) == "a word")
        #expect("the constant h = 6.6 × 10⁻³⁴ J s".truncatedAtWord(toGraphemes: 24) == "the constant…")
        // All spaces beside operators: the last space in reach.
        #expect("x = a + b + c + d".truncatedAtWord(toGraphemes: 10) == "x = a + b…")
        // One long word: cut inside it, as before, rather than losing more than half the room.
        #expect("a abcdefghijkl".truncatedAtWord(toGraphemes: 8) == "a abcde…")
        #expect("abc".truncatedAtWord(toGraphemes: 0) == "…")
        let words = String(repeating: "constant ", count: 40)
        let fact = Item(id: "f", kind: .fact, text: words)
        let body = CopyBuilder.copy(for: Teaser(fact), markup: false).body
        #expect(body == String(repeating: "constant ", count: 25) + "constant…")
        #expect(body.count <= 240)
    }

    @Test func openHintIsItsOwnEscapedLine() {
        let fact = Item(id: "f-ohm", kind: .fact, text: "V = IR")
        let plain = CopyBuilder.copy(for: Teaser(fact), markup: false, openHint: "Open it with: dose show f-ohm")
        #expect(plain.body == "V = IR\nOpen it with: dose show f-ohm")
        let marked = CopyBuilder.copy(for: Teaser(fact), markup: true, maxBodyLength: 4, openHint: "dose show <id> & more")
        #expect(marked.body == "V =…\ndose show &lt;id&gt; &amp; more")
        let empty = Item(id: "e", kind: .fact, text: "  ")
        #expect(CopyBuilder.copy(for: Teaser(empty), markup: false, openHint: "hint").body == "hint")
    }
}
