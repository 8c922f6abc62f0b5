import DoseTestSupport
import Foundation
import Testing
@testable import DoseCore

/// Every item of the bundled pack as its notification reads, through the real copy builder:
/// each is printed (so a failure shows the text) and checked for the ways plain-text maths
/// has misread before. It reads whatever the pack holds, so new items are checked too.
@Suite(.timeLimit(.minutes(5)), .watched)
struct SamplePackCopyTests {
    static let items: [Item] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = (try? [UInt8](Data(contentsOf: root.appendingPathComponent("content/sample-pack.json")))) ?? []
        return PackValidator.validate(bytes).items
    }()

    @Test func everyItemReadsAsItMeans() {
        #expect(Self.items.count >= 50, "the sample pack did not load")
        for item in Self.items {
            let copy = CopyBuilder.copy(for: Teaser(item), markup: false)
            print("\(item.id)\n    \(copy.summary)\n    \(copy.body)")
            let problems = Self.problems(in: copy.body, of: item)
            #expect(problems.isEmpty, "\(item.id): \(copy.body) — \(problems)")
        }
    }

    /// The checks themselves catch each pattern (a check that cannot fail would prove nothing).
    @Test(arguments: [
        ("F = 1/4πε₀ (q₁ q₂)/r²", "a juxtaposed denominator"),
        ("x = (-b ± √(b² - 4ac))/2a", "a juxtaposed denominator"),
        ("f₀ = 1/2π√LC", "a juxtaposed denominator"),
        ("f(x) = 1/σ√2π e^(-((x-μ)²)/2σ²)", "a juxtaposed denominator"),
        ("y = a/b c", "a fraction followed by a bare factor"),
        ("A̅ ̅·̅ ̅B̅ = A̅ + B̅", "a combining mark on a space or an operator"),
        ("a set ❴a❵", "an ornament brace"),
        ("A^† and z^*", "a marker before a dagger or star"),
        ("k_BT", "a marker script glued to the next letter"),
        ("a₁ + … + aₙ", "low dots between operators"),
    ])
    func theChecksCatchEachPattern(text: String, problem: String) {
        let item = Item(id: "x", kind: .formula, text: "x")
        #expect(Self.problems(in: text, of: item).contains(problem), "\(text)")
    }

    @Test func theChecksCatchAFlatMatrixAndAMidWordCut() {
        let matrix = Item(id: "m", kind: .question, text: #"What is $\begin{pmatrix} 2 & 1 \\ 3 & 4 \end{pmatrix}$?"#)
        #expect(Self.problems(in: "What is 2 1 3 4 ?", of: matrix).contains("a matrix without its rows"))
        #expect(Self.problems(in: "What is (2, 1; 3, 4)?", of: matrix).isEmpty)
        let long = Item(id: "l", kind: .fact, text: String(repeating: "constant ", count: 40))
        #expect(Self.problems(in: String(repeating: "constant ", count: 26) + "cons…", of: long).contains("a cut inside a word"))
        #expect(Self.problems(in: String(repeating: "constant ", count: 26) + "constant…", of: long).isEmpty)
    }

    /// What is wrong with `body`, the notification text of `item`: each entry names one pattern.
    static func problems(in body: String, of item: Item) -> Set<String> {
        var found = Set<String>()
        let scalars = Array(body.unicodeScalars)
        // Fractions are judged in the mathematics only: prose may say "c/n and".
        let formulas = item.kind == .formula ? [body] : InlineMath.segments(item.text).compactMap { segment in
            if case .math(let latex, _) = segment { return LaTeXText.plainMath(latex) }
            return nil
        }
        for formula in formulas {
            let math = Array(formula.unicodeScalars)
            for (index, scalar) in math.enumerated() where scalar == "/" {
                guard let problem = fractionProblem(math, after: index) else { continue }
                // In a fact's or question's inline maths a unit may follow ("9.81 m/s² downward").
                if item.kind == .formula || problem == "a juxtaposed denominator" { found.insert(problem) }
            }
        }
        for (index, scalar) in scalars.enumerated() {
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark, index > 0 {
                let base = scalars[index - 1]
                let baseCategory = base.properties.generalCategory
                if !(base.properties.isAlphabetic || base.properties.numericType != nil || base == "."
                     || baseCategory == .nonspacingMark || baseCategory == .enclosingMark) {
                    found.insert("a combining mark on a space or an operator")
                }
            }
            if scalar == "❴" || scalar == "❵" { found.insert("an ornament brace") }
            if scalar == "^" || scalar == "_", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if "†‡*∗".unicodeScalars.contains(next) { found.insert("a marker before a dagger or star") }
                // Upper case or a digit, so prose's snake_case is not taken for a script.
                let scriptLike = ("A"..."Z").contains(next) || ("0"..."9").contains(next)
                if scriptLike, index + 2 < scalars.count, scalars[index + 2].properties.isAlphabetic {
                    found.insert("a marker script glued to the next letter")
                }
            }
        }
        if body.contains("+ … +") || body.contains("· … ·") || body.contains("= … =") {
            found.insert("low dots between operators")
        }
        if body.contains("\\") { found.insert("a backslash") }
        let braces = body.unicodeScalars.filter { $0 == "{" || $0 == "}" }.count
        if braces > 0, !(item.text.contains(#"\{"#) || item.text.contains("brace") || item.text.contains("{Bmatrix}")) {
            found.insert("a brace the source did not write")
        }
        if matrixRows(in: item.text) > body.components(separatedBy: "; ").count - 1 {
            found.insert("a matrix without its rows")
        }
        if cutsInsideAWord(body, of: item) { found.insert("a cut inside a word") }
        return found
    }

    /// For the `/` at `slash`: a denominator that juxtaposition splits ("1/4πε₀", "/2a"), or a
    /// bare fraction followed by a factor ("a/b c").
    static func fractionProblem(_ scalars: [Unicode.Scalar], after slash: Int) -> String? {
        var end = slash + 1
        var depth = 0
        let stops = " )],;=+−-±·×∓<>≤≥≠≈→⇒…".unicodeScalars
        while end < scalars.count {
            let scalar = scalars[end]
            if scalar == "(" || scalar == "[" { depth += 1 }
            if depth == 0, stops.contains(scalar) { break }
            if scalar == ")" || scalar == "]" { depth -= 1 }
            end += 1
        }
        guard end > slash + 1 else { return nil }
        let token = String(String.UnicodeScalarView(scalars[(slash + 1)..<end]))
        if !LaTeXConverter.isFactor(token), !isWord(token) { return "a juxtaposed denominator" }
        // "a/b c": a factor after a space, with nothing grouping the fraction before it.
        if end + 1 < scalars.count, scalars[end] == " " {
            let next = scalars[end + 1]
            let opensGroup = slash > 0 && isInsideGroup(scalars, before: slash)
            // "1/299 792 458": a number's digit groups, not a product.
            let digitGroups = token.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } && ("0"..."9").contains(next)
            if !opensGroup, !digitGroups, next.properties.isAlphabetic || next.properties.numericType != nil || next == "√" {
                return isWord(token) ? nil : "a fraction followed by a bare factor"
            }
        }
        return nil
    }

    /// Unit and name words after a slash read whole: "m/s", "kg/m³", "64/Re".
    static func isWord(_ token: String) -> Bool {
        let letters = token.unicodeScalars.filter { !LaTeXText.scriptCharacters.contains($0) }
        guard letters.count >= 2, letters.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else {
            return false
        }
        return letters.dropFirst().allSatisfy { ("a"..."z").contains($0) }
    }

    /// True when the fraction ending at `slash` sits in prose (not in a formula), or in
    /// parentheses that close right after its denominator: "(RT/(nF)) ln Q".
    static func isInsideGroup(_ scalars: [Unicode.Scalar], before slash: Int) -> Bool {
        var index = slash - 1
        var depth = 0
        while index >= 0 {
            let scalar = scalars[index]
            if scalar == ")" { depth += 1 }
            if scalar == "(" {
                if depth == 0 { return true }
                depth -= 1
            }
            if depth == 0, scalar == " " { return false }
            index -= 1
        }
        return false
    }

    /// Row breaks (`\\`) inside the matrix environments of `source`, trailing ones left out.
    static func matrixRows(in source: String) -> Int {
        var rows = 0
        var rest = Substring(source)
        let names = ["pmatrix", "bmatrix", "vmatrix", "Bmatrix", "Vmatrix", "matrix", "smallmatrix"]
        while let open = rest.range(of: #"\begin{"#) {
            let after = rest[open.upperBound...]
            guard let name = names.first(where: { after.hasPrefix($0 + "}") }),
                  let close = after.range(of: #"\end{"# + name + "}")
            else {
                rest = after
                continue
            }
            let body = after[after.index(after.startIndex, offsetBy: name.count + 1)..<close.lowerBound]
            var breaks = body.components(separatedBy: #"\\"#)
            while let last = breaks.last, last.trimmingCharacters(in: .whitespaces).isEmpty, breaks.count > 1 {
                breaks.removeLast()
            }
            rows += breaks.count - 1
            rest = after[close.upperBound...]
        }
        return rows
    }

    /// True when `body` ends in "…" and the text it shortens goes on inside the same word.
    static func cutsInsideAWord(_ body: String, of item: Item) -> Bool {
        guard body.hasSuffix("…") else { return false }
        let full = (item.kind == .formula ? LaTeXText.plainMath(item.text) : LaTeXText.plainText(item.text)).collapsingWhitespace
        let kept = body.dropLast()
        guard full.hasPrefix(kept), full.count > kept.count else { return false }
        let next = full[full.index(full.startIndex, offsetBy: kept.count)]
        return !(next.isWhitespace || ",;:".contains(next))
    }
}
