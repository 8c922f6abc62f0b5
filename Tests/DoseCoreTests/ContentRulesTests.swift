import DoseTestSupport
@testable import DoseCore
import Foundation
import Testing

/// The one content rule set (issue 19): the bounds on mathematics in every text field of a pack, names
/// on one line, and the measure the page's render script repeats.
@Suite(.timeLimit(.minutes(5)), .watched) struct ContentRulesTests {
    typealias Limits = ContentRules.MathLimits

    /// A pack of `items` (JSON objects as Swift dictionaries), validated.
    static func validate(_ items: [[String: Any]]) throws -> PackReport {
        let pack: [String: Any] = ["format": "daily-dose-pack/1", "items": items]
        return PackValidator.validate([UInt8](try JSONSerialization.data(withJSONObject: pack)))
    }

    /// `\frac{1}{` nested `depth` deep around `x`: a formula that nests `depth` groups.
    static func nestedFrac(_ depth: Int) -> String {
        String(repeating: #"\frac{1}{"#, count: depth) + "x" + String(repeating: "}", count: depth)
    }

    /// `x^{` nested `depth` deep: short enough for a title (200 characters).
    static func nestedScripts(_ depth: Int) -> String {
        String(repeating: "x^{", count: depth) + "x" + String(repeating: "}", count: depth)
    }

    /// The same maths in every text field an item has: the text (a formula's whole, a fact's inline), the
    /// answer and the explanation, and `title`'s in the title; no answer where it would be too long for one.
    static func itemsCarrying(_ latex: String, title: String? = nil, answer: Bool = true) -> [[String: Any]] {
        var items: [[String: Any]] = [
            ["id": "formula", "kind": "formula", "text": latex],
            ["id": "fact", "kind": "fact", "text": "Inline $" + latex + "$ here."],
            ["id": "question", "kind": "question", "text": "t", "answer": answer ? "$$" + latex + "$$" : "a",
             "explanation": "\\(" + latex + "\\)"]]
        if let title { items.insert(["id": "title", "kind": "fact", "title": "$" + title + "$", "text": "t"], at: 1) }
        return items
    }

    static func located(_ report: PackReport) -> [String] {
        report.problems.map { "\($0.itemID ?? "-") \($0.field ?? "-")" }
    }

    @Test func theMeasureReadsLaTeXAsKaTeXsLexerDoes() {
        let cases: [(String, ContentRules.MathMeasure)] = [
            (#"\frac{1}{2}"#, .init(depth: 1, scalars: 11, atoms: 3)),
            (#"\left( x \right)"#, .init(depth: 1, scalars: 16, atoms: 5)),
            (#"\begin{matrix} a \end{matrix}"#, .init(depth: 2, scalars: 29, atoms: 15)),  // the names' letters too
            (#"\{ x \}"#, .init(depth: 0, scalars: 7, atoms: 3)),  // control symbols open nothing
            (#"\\def"#, .init(depth: 0, scalars: 5, atoms: 4)),    // `\\` then three letters
            (#"}}} {x}"#, .init(depth: 1, scalars: 7, atoms: 1)),  // closers with nothing open are ignored
            (#"\leftarrow \righty \beginning {x}"#, .init(depth: 1, scalars: 33, atoms: 4)),
            ("x\u{A0}y\n\t\r z", .init(depth: 0, scalars: 8, atoms: 4)),  // only LaTeX's four spaces are none
            ("√ 👍🏽", .init(depth: 0, scalars: 4, atoms: 3)),  // scalars, as SQLite and the page count
            (Self.nestedFrac(40), .init(depth: 40, scalars: 401, atoms: 81)),
        ]
        for (latex, expected) in cases {
            #expect(ContentRules.measure(latex) == expected, "\(latex)")
        }
    }

    @Test func nestingJustUnderTheBoundPassesAndOverItIsRefusedInEveryField() throws {
        let under = try Self.validate(Self.itemsCarrying(Self.nestedFrac(Limits.maxDepth), title: Self.nestedScripts(Limits.maxDepth)))
        #expect(under.isValid && under.items.count == 4, "\(under.problems)")
        let over = try Self.validate(Self.itemsCarrying(Self.nestedFrac(Limits.maxDepth + 1), title: Self.nestedScripts(Limits.maxDepth + 1)))
        #expect(Self.located(over) == ["formula text", "title title", "fact text", "question answer", "question explanation"])
        #expect(over.items.isEmpty)
        #expect(over.problems.first?.description == #"item "formula" (#0), field "text": text has a formula nested 33 deep "#
            + #"(braces, \left…\right, \begin…\end); the limit is 32"#)
        // \left and \begin nest as braces do.
        let delimiters = String(repeating: #"\left("#, count: 33) + "x" + String(repeating: #"\right)"#, count: 33)
        let environments = String(repeating: #"\begin{matrix}"#, count: 33) + "x" + String(repeating: #"\end{matrix}"#, count: 33)
        #expect(Self.located(try Self.validate([["id": "d", "kind": "formula", "text": delimiters]])) == ["d text"])
        #expect(Self.located(try Self.validate([["id": "e", "kind": "formula", "text": environments]])) == ["e text"])
    }

    /// The issue's formula: 380 nested `\frac`, 3,801 characters, within the text limit; it crashed
    /// Chromium's renderer (tests/e2e/katex-limits.test.sh).
    @Test func theIssuesNestedFracIsRefusedNamingItemAndField() throws {
        let report = try Self.validate([["id": "deep", "kind": "formula", "text": Self.nestedFrac(380)]])
        #expect(report.problems.map(\.description) == [#"item "deep" (#0), field "text": text has a formula nested 380 deep "#
            + #"(braces, \left…\right, \begin…\end); the limit is 32"#])
    }

    @Test func aFormulaOfTooManySymbolsIsRefusedInEveryField() throws {
        let under = try Self.validate(Self.itemsCarrying(String(repeating: "x'", count: Limits.maxFormulaAtoms / 2)))
        #expect(under.isValid, "\(under.problems)")
        let over = try Self.validate(Self.itemsCarrying(String(repeating: "x", count: Limits.maxFormulaAtoms + 1)))
        #expect(Self.located(over) == ["formula text", "fact text", "question answer", "question explanation"])
        #expect(over.problems.first?.message == "text has a formula of 501 symbols; the limit is 500")
        // A title is 200 characters at most: its symbols are bounded by its length first.
        let title = try Self.validate([["id": "t", "kind": "fact", "title": "$" + String(repeating: "x", count: 198) + "$", "text": "t"]])
        #expect(title.isValid)
    }

    @Test func aLongFormulaIsRefusedInEveryField() throws {
        // Few symbols, many scalars: spaces count towards the length only.
        // (An answer is 2,000 characters at most: no room for the delimiters around one so long.)
        let long = { (count: Int) in "x" + String(repeating: " ", count: count - 2) + "y" }
        let over = try Self.validate(Self.itemsCarrying(long(Limits.maxFormulaScalars + 1), answer: false))
        #expect(Self.located(over) == ["formula text", "fact text", "question explanation"])
        #expect(over.problems.first?.message == "text has a formula of 2001 characters; the limit is 2000")
        let under = try Self.validate(Self.itemsCarrying(long(Limits.maxFormulaScalars), answer: false))
        #expect(under.isValid, "\(under.problems)")
    }

    @Test func aFieldsFormulasTogetherAreBounded() throws {
        let formula = "$" + String(repeating: "x", count: Limits.maxFormulaAtoms) + "$"
        let two = formula + " and " + formula
        let three = two + " and " + formula
        let fine = try Self.validate([["id": "q", "kind": "question", "text": two, "answer": two, "explanation": two]])
        #expect(fine.isValid, "\(fine.problems)")
        let over = try Self.validate([["id": "q", "kind": "question", "text": three, "answer": three, "explanation": three]])
        #expect(Self.located(over) == ["q text", "q answer", "q explanation"])
        #expect(over.problems.first?.message == "text has 1500 symbols of mathematics; the limit is 1000")
    }

    /// Prose that is not mathematics is not measured: a fact may have a long text with braces and
    /// backslashes outside `$…$`.
    @Test func onlyTheTypesetSpansAreMeasured() throws {
        let braces = String(repeating: "{", count: 100) + " plain " + String(repeating: "x", count: 900)
        let report = try Self.validate([["id": "f", "kind": "fact", "text": braces + " and $\\frac{1}{2}$"]])
        #expect(report.isValid, "\(report.problems)")
    }

    /// The cheap count from the byte scan never lets a formula past a bound: wherever it says every bound
    /// holds, the full measure agrees.
    @Test func theScansShortcutNeverHidesABreach() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["{", "}", "x", " ", "$", "$$", #"\("#, #"\)"#, #"\left("#, #"\right)"#, #"\frac"#, #"\\"#, "é", "\n"]
        for _ in 0..<1_000 {
            let count = Int.random(in: 1...300, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let scanned = ContentRules.scan(text, field: "text", isID: false)
            guard scanned.problem == nil else { continue }
            for whole in [false, true] where scanned.fitsEveryMathBound(whole: whole) {
                #expect(ContentRules.mathProblem(text, field: "text", whole: whole) == nil, "\(text)")
            }
        }
    }

    /// A bidi control right after a backslash is still found (the scan once skipped the byte after every
    /// backslash, the middle of a multi-byte character).
    @Test func aBidiControlAfterABackslashIsFound() {
        #expect(ContentRules.problem("a \\\u{202E}b", field: "text", shape: .prose, limit: 100)
            == .bidiControl(field: "text", character: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE"))
        #expect(ContentRules.problem(#"\\def \$def"#, field: "text", shape: .prose, limit: 100) == nil)
    }

    @Test func namesAreOneLineOfProse() {
        let problem = { (name: String) in ContentRules.problem(name, field: "topic", shape: .line, limit: 200) }
        #expect(problem("Ohm's law $V = IR$") == nil)
        #expect(problem("line\nbreak") == .lineControl(field: "topic", character: "U+000A"))
        #expect(problem("tab\there") == .lineControl(field: "topic", character: "U+0009"))
        #expect(problem("c1\u{9B}") == .lineControl(field: "topic", character: "U+009B"))
        #expect(problem("Invoice \u{202E}gpj.exe") == .bidiControl(field: "topic", character: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE"))
        #expect(problem(#"$\edef\a{x}$"#) == .definesMacro(field: "topic", command: "edef"))
        #expect(problem(String(repeating: "{", count: 40) + "$" + String(repeating: "{", count: 40) + "x$")
            == .mathTooDeep(field: "topic", depth: 40, limit: 32))
        #expect(problem(String(repeating: "कि", count: 100)) == nil)
        #expect(problem(String(repeating: "कि", count: 100) + "x") == .proseTooLong(field: "topic", count: 201, limit: 200))
        #expect(problem("") == .emptyProse(field: "topic"))
    }

    /// The page measures as the validator does: the script carries the same numbers and macro names.
    @Test func theRenderScriptCarriesTheSameBounds() {
        let script = DosePage.renderScript
        #expect(script.contains("var maxDepth = \(Limits.maxDepth), maxScalars = \(Limits.maxFormulaScalars);"))
        #expect(script.contains("var maxAtoms = \(Limits.maxFormulaAtoms), maxFieldAtoms = \(Limits.maxFieldAtoms);"))
        for name in ContentRules.macroCommands { #expect(script.contains("\"\(name)\": 1"), "\(name)") }
        #expect(script.contains(#"trust: false, strict: "ignore", maxSize: 20, maxExpand: 500"#))
        #expect(!script.contains("innerHTML"), "a refused formula stays text")
    }
}
