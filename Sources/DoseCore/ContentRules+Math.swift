extension ContentRules {
    /// How much structure one formula and one field's mathematics may have: past these KaTeX's output
    /// crashes or stalls a page, whatever its own options (measured with Debian's KaTeX 0.16.4 in headless
    /// Chromium: 145 nested `\frac` crash the renderer; four fields of 3,000 superscript primes cost 6 s
    /// of CPU; docs/reliability.md). The render script holds every formula to the same numbers.
    public enum MathLimits {
        /// Groups open at once: `{`, `\left`, `\begin` (KaTeX adds 6 to 11 levels of markup per group;
        /// 145 levels of `\frac` crash Chromium's renderer).
        public static let maxDepth = 32
        /// One formula's length in Unicode scalars.
        public static let maxFormulaScalars = 2_000
        /// One formula's symbols: each scalar but spaces and braces, a command counting as one.
        public static let maxFormulaAtoms = 500
        /// The symbols of every formula in one field together.
        public static let maxFieldAtoms = 1_000
    }

    /// A formula's structure as the bounds count it: the deepest nesting of groups, its length in
    /// scalars, its symbols.
    public struct MathMeasure: Sendable, Equatable {
        public var depth = 0
        public var scalars = 0
        public var atoms = 0

        public init(depth: Int = 0, scalars: Int = 0, atoms: Int = 0) {
            self.depth = depth
            self.scalars = scalars
            self.atoms = atoms
        }
    }

    /// Measures one formula's LaTeX, reading it as KaTeX's lexer does: a backslash and the letters (or `@`)
    /// after it are one control word, a backslash and any other scalar one control symbol (`\{` opens no
    /// group), space, tab, newline and carriage return are no symbol. Groups are `{…}`, `\left…\right` and
    /// `\begin…\end`; a closer with nothing open is ignored. `DosePage.renderScript` measures the same way.
    public static func measure(_ latex: String) -> MathMeasure {
        enum State { case plain, backslash, word }
        var result = MathMeasure()
        var open = 0
        var state = State.plain
        // The control word so far, kept while it could still be one of the four group names.
        var word: [Unicode.Scalar] = []
        word.reserveCapacity(6)
        func endWord() {
            if word == ["l", "e", "f", "t"] || word == ["b", "e", "g", "i", "n"] {
                open += 1
                result.depth = max(result.depth, open)
            } else if (word == ["r", "i", "g", "h", "t"] || word == ["e", "n", "d"]) && open > 0 {
                open -= 1
            }
            word.removeAll(keepingCapacity: true)
        }
        for scalar in latex.unicodeScalars {
            result.scalars += 1
            switch state {
            case .word:
                if isNameScalar(scalar) {
                    if word.count < 6 { word.append(scalar) }
                    continue
                }
                endWord()
                state = .plain
            case .backslash:
                if isNameScalar(scalar) {
                    word.append(scalar)
                    state = .word
                } else {
                    state = .plain
                }
                continue
            case .plain:
                break
            }
            switch scalar {
            case "\\":
                result.atoms += 1
                state = .backslash
            case "{":
                open += 1
                result.depth = max(result.depth, open)
            case "}":
                if open > 0 { open -= 1 }
            case " ", "\t", "\n", "\r":
                break
            default:
                result.atoms += 1
            }
        }
        if state == .word { endWord() }
        return result
    }

    /// The first bound one formula breaks, naming the field.
    static func formulaProblem(_ measure: MathMeasure, field: String) -> PackProblem.Reason? {
        if measure.depth > MathLimits.maxDepth {
            return .mathTooDeep(field: field, depth: measure.depth, limit: MathLimits.maxDepth)
        }
        if measure.scalars > MathLimits.maxFormulaScalars {
            return .formulaTooLong(field: field, count: measure.scalars, limit: MathLimits.maxFormulaScalars)
        }
        if measure.atoms > MathLimits.maxFormulaAtoms {
            return .formulaTooManyAtoms(field: field, count: measure.atoms, limit: MathLimits.maxFormulaAtoms)
        }
        return nil
    }

    /// The first mathematics bound `text` breaks: each formula's, then the field's symbols together.
    /// `whole`: the text is one formula (a formula item's text); else its formulas are the spans the page
    /// typesets (`InlineMath`).
    static func mathProblem(_ text: String, field: String, whole: Bool) -> PackProblem.Reason? {
        if whole { return formulaProblem(measure(text), field: field) }
        var atoms = 0
        for case .math(let latex, _) in InlineMath.segments(text) {
            let measured = measure(latex)
            if let reason = formulaProblem(measured, field: field) { return reason }
            atoms += measured.atoms
        }
        return atoms > MathLimits.maxFieldAtoms
            ? .mathTooManyAtoms(field: field, count: atoms, limit: MathLimits.maxFieldAtoms) : nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "@"
    }
}
