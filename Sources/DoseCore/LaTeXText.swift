/// Reduces LaTeX to plain Unicode for notification copy, where mathematics cannot be
/// typeset: `\frac{a+b}{2}` becomes "(a+b)/2" and `x_{i+1}^2` becomes "xᵢ₊₁²".
///
/// Commands are matched whole, as TeX reads them (`\neq` is ≠, never ≠q), unknown
/// commands keep their name, and the result never contains `\` whatever the input, nor
/// `{` or `}` except for literal braces written `\{ \}` (`\lbrace`, `\textbraceleft`, a
/// `Bmatrix`). It is a reading aid, not a TeX engine: the app renders real mathematics.
/// The rules, as a pack author sees them, are in docs/plain-text-maths.md.
public enum LaTeXText {
    /// Stand-ins for literal braces while converting (two private-use scalars, removed from the input
    /// first), so `tidy` can strip every other brace and still print these.
    static let openBrace: Unicode.Scalar = "\u{E000}"
    static let closeBrace: Unicode.Scalar = "\u{E001}"

    /// Stand-ins for a lowered or raised script that has no Unicode form (`k_B`), while converting for `markup`:
    /// private-use scalars removed from the input first, so only the converter makes them.
    static let subscriptOpen: Unicode.Scalar = "\u{E002}"
    static let superscriptOpen: Unicode.Scalar = "\u{E003}"
    static let scriptClose: Unicode.Scalar = "\u{E004}"

    /// Every private-use scalar the converter gives a meaning: none may come from the input.
    static func isStandIn(_ scalar: Unicode.Scalar) -> Bool {
        (0xE000...0xE004).contains(scalar.value)
    }

    /// The delimiters a matrix environment is printed in.
    static let matrixDelimiters = SortedTable<String, DelimiterPair>([
        ("Bmatrix", DelimiterPair("\u{E000}", "\u{E001}")), ("Vmatrix", DelimiterPair("‖", "‖")),
        ("bmatrix", DelimiterPair("[", "]")), ("matrix", DelimiterPair("", "")), ("pmatrix", DelimiterPair("(", ")")),
        ("smallmatrix", DelimiterPair("", "")), ("vmatrix", DelimiterPair("|", "|")),
    ])

    /// An opening and a closing delimiter.
    struct DelimiterPair {
        let open: String
        let close: String

        init(_ open: String, _ close: String) {
            self.open = open
            self.close = close
        }
    }

    /// Reduces text that is entirely mathematics, such as a formula item's text.
    public static func plainMath(_ latex: String) -> String {
        tidy(LaTeXConverter.render(latex.unicodeScalars, mode: .math))
    }

    /// Reduces prose with inline mathematics between `$...$` (or `$$...$$`, `\(...\)`,
    /// `\[...\]`); `\$` is a literal dollar.
    ///
    /// A `$` opens mathematics only when a closing `$` follows that is not preceded by a
    /// space or followed by a digit, so "costs $5 or $10" stays prose.
    public static func plainText(_ text: String) -> String {
        reduced(text, markScripts: false)
    }

    /// `plainText` as Pango markup, for a native label (the card's title): escaped, and a script with no Unicode
    /// form lowered or raised by `<sub>`/`<sup>` (`k_B` is k<sub>B</sub>, where plain text writes `k_B`).
    public static func markup(_ text: String) -> String {
        var output = ""
        var open: [String] = []
        for scalar in reduced(text, markScripts: true).unicodeScalars {
            switch scalar {
            case subscriptOpen, superscriptOpen:
                let tag = scalar == subscriptOpen ? "sub" : "sup"
                open.append(tag)
                output += "<\(tag)>"
            case scriptClose:
                if let tag = open.popLast() { output += "</\(tag)>" }
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        while let tag = open.popLast() { output += "</\(tag)>" }
        return output
    }

    private static func reduced(_ text: String, markScripts: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        let marks = MathDelimiters(scalars)
        var output = ""
        var proseStart = 0
        var index = 0
        func flushProse(upTo end: Int) {
            if proseStart < end {
                output += LaTeXConverter.render(scalars[proseStart..<end], mode: .text, markScripts: markScripts)
            }
        }
        while index < scalars.count {
            guard let (contentEnd, resume) = marks.mathSpan(openingAt: index) else {
                // Skip control pairs whole, and an unmatched `$$` whole too, so its
                // second dollar cannot open inline mathematics.
                index += marks.isEscapeStart(index) || marks.isDoubleDollar(index) ? 2 : 1
                continue
            }
            flushProse(upTo: index)
            let contentStart = index + marks.openerLength(at: index)
            output += LaTeXConverter.render(scalars[contentStart..<contentEnd], mode: .math, markScripts: markScripts)
            index = resume
            proseStart = resume
        }
        flushProse(upTo: scalars.count)
        return tidy(output)
    }

    /// Collapses whitespace and control characters to single spaces, trims, and as a
    /// last resort removes any `\ { }` so the guarantee holds even if a table slipped;
    /// the literal braces' stand-ins become `{ }`. One plain loop: a lazy filter and map
    /// instantiated their generic types at run time, on every command's first formula.
    static func tidy(_ text: String) -> String {
        var stripped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar != "\\" && scalar != "{" && scalar != "}" {
            stripped.append(scalar == openBrace ? "{" : scalar == closeBrace ? "}" : scalar)
        }
        return String(stripped).collapsingWhitespace
    }
}
