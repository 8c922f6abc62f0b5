/// One left-to-right pass over LaTeX source, rendering it as plain Unicode.
///
/// It reads scalars rather than `Character`s: a backslash followed by a combining mark
/// is one grapheme, and reading graphemes would let that backslash slip through.
/// Every scalar is consumed once; groups recurse at most `maxDepth` deep, beyond which
/// braces are flattened (skipped) so hostile nesting cannot exhaust the stack.
struct LaTeXConverter {
    /// Mathematics (scripts, primes, ignored alignment) or prose (all of that literal).
    enum Mode {
        case math
        case text
    }

    /// What ends the sequence being read.
    private enum Stop {
        case end
        case brace
        case bracket
        /// A matrix cell: ends at `&`, `\\`, `\end`, or a `}` that closes an enclosing group.
        case cell
    }

    /// How the last matrix cell ended.
    private enum CellEnd {
        case column
        case row
        case end
    }

    static let maxDepth = 64

    private let source: [Unicode.Scalar]
    private var position = 0
    /// Where the command being read began, to look at what precedes it.
    private var commandStart = 0
    /// Where the last script's argument ended.
    private var scriptEnd = -1
    private var cellEnd = CellEnd.end
    /// Whether a script with no Unicode form is written between `LaTeXText`'s script stand-ins (for markup)
    /// rather than after `_` or `^`.
    private let markScripts: Bool

    private init(_ source: [Unicode.Scalar], markScripts: Bool) {
        self.source = source
        self.markScripts = markScripts
    }

    /// Renders `source` (a slice of scalars) in `mode`. The result is not yet tidied:
    /// it may hold runs of spaces, which `LaTeXText` collapses at the end.
    static func render<S: Collection>(_ source: S, mode: Mode, markScripts: Bool = false) -> String where S.Element == Unicode.Scalar {
        // The stand-ins are dropped from the input, so only `\{` and its kin can make a brace, and only a script a
        // script stand-in.
        var scalars = Array(source)
        if scalars.contains(where: LaTeXText.isStandIn) { scalars.removeAll(where: LaTeXText.isStandIn) }
        var converter = LaTeXConverter(scalars, markScripts: markScripts)
        return converter.sequence(mode: mode, stop: .end, depth: 0, inScript: false)
    }

    // MARK: Sequences and groups

    private var atEnd: Bool { position >= source.count }

    /// Reads until `stop` (or the end), rendering as it goes.
    private mutating func sequence(mode: Mode, stop: Stop, depth: Int, inScript: Bool) -> String {
        var output = ""
        var flattened = 0  // braces opened beyond the depth limit and not yet closed
        while !atEnd {
            let scalar = source[position]
            if stop == .cell, flattened == 0, let end = cellBoundary() {
                cellEnd = end
                return output
            }
            switch scalar {
            case "\\":
                output += command(mode: mode, depth: depth, inScript: inScript)
            case "{":
                position += 1
                if depth < LaTeXConverter.maxDepth {
                    output += sequence(mode: mode, stop: .brace, depth: depth + 1, inScript: inScript)
                } else {
                    flattened += 1
                }
            case "}":
                if flattened > 0 {
                    flattened -= 1
                    position += 1
                    continue
                }
                switch stop {
                case .brace:
                    position += 1
                    return output
                case .bracket, .cell:
                    // An optional argument (or a matrix) left open: its enclosing group closes here.
                    cellEnd = .end
                    return output
                case .end:
                    // A stray `}` at the top level closes nothing; read on past it.
                    position += 1
                }
            case "]" where stop == .bracket && flattened == 0:
                position += 1
                return output
            case "^" where mode == .math, "_" where mode == .math:
                position += 1
                let content = argument(mode: .math, depth: depth, inScript: true)
                let attached = LaTeXConverter.attach(content, superscript: scalar == "^", marked: markScripts)
                output += attached
                scriptEnd = position
                // `k_B T`, never `k_BT`: a script written with a marker ends where a space says so.
                let scalars = attached.unicodeScalars
                let marked = (scalars.first == "^" || scalars.first == "_") && scalars.last.map(LaTeXConverter.isOperandCharacter) == true
                if marked || LaTeXConverter.isStarred(attached),
                   !atEnd, !source[position].properties.isWhitespace, nextIsOperand(opening: false) {
                    output += " "
                }
            default:
                if mode == .math, scalar.properties.isWhitespace {
                    output += mathSpace(inScript: inScript)
                    continue
                }
                position += 1
                output += LaTeXConverter.plain(scalar, mode: mode, inScript: inScript)
            }
        }
        if stop == .cell { cellEnd = .end }
        return output
    }

    /// How a matrix cell ends at the current position, or nil when it goes on: `&` and `\\`
    /// are consumed, `\end` and a closing brace are left for the caller.
    private mutating func cellBoundary() -> CellEnd? {
        switch source[position] {
        case "&":
            position += 1
            return .column
        case "}":
            return .end
        case "\\":
            let next = position + 1
            if next < source.count, source[next] == "\\" {
                position += 2
                return .row
            }
            let name = next + 3
            let isEnd = name <= source.count && source[next..<name].elementsEqual("end".unicodeScalars)
                && (name == source.count || !LaTeXConverter.isASCIILetter(source[name]))
            return isEnd ? .end : nil
        default:
            return nil
        }
    }

    /// The body of a matrix environment, rows and columns kept: cells joined by ", ", rows by
    /// "; ", inside the environment's own delimiters: `(a, b; c, d)`, `|a, b; c, d|`.
    private mutating func matrix(_ environment: String, depth: Int) -> String {
        var rows: [String] = []
        var cells: [String] = []
        while true {
            cells.append(LaTeXConverter.trimmed(sequence(mode: .math, stop: .cell, depth: depth + 1, inScript: false)))
            if cellEnd == .column { continue }
            if cells.contains(where: { !$0.isEmpty }) { rows.append(cells.joined(separator: ", ")) }
            cells = []
            if cellEnd == .end { break }
        }
        // The `\end{...}` that closed it (absent at the end of input or before a stray `}`).
        if !atEnd, source[position] == "\\" { _ = command(mode: .math, depth: depth, inScript: true) }
        let delimiters = LaTeXText.matrixDelimiters[environment]
        return (delimiters?.open ?? "") + rows.joined(separator: "; ") + (delimiters?.close ?? "")
    }

    /// A run of spaces in mathematics. TeX ignores them all; here they are kept for
    /// readability ("F = ma") except between two operands, so `\rho g h` reads "ρgh".
    private mutating func mathSpace(inScript: Bool) -> String {
        let start = position
        let before = position > 0 ? source[position - 1] : nil
        skipWhitespace()
        guard !inScript, let before, !atEnd else { return "" }
        // After a script the space stays: "∫₀¹ f", "log₂ n".
        if start == scriptEnd { return " " }
        // The space ending an operator's name is TeX syntax; it shows only when the
        // author also spaced before the operator ("a \cdot b"), not in "V\cdot s".
        if let commandStart = commandNameStart(endingAt: start) {
            let name = String(String.UnicodeScalarView(source[(commandStart + 1)..<start]))
            guard LaTeXText.symbols[name]?.isBinaryLike == true else { return " " }
            // `\not\in` is one operator: look before the `\not`.
            var operatorStart = commandStart
            if let notStart = commandNameStart(endingAt: commandStart),
               source[(notStart + 1)..<commandStart].elementsEqual("not".unicodeScalars) {
                operatorStart = notStart
            }
            let glued = operatorStart > 0 && !source[operatorStart - 1].properties.isWhitespace
            return glued ? "" : " "
        }
        let between = LaTeXConverter.isOperandCharacter(before) && LaTeXConverter.isOperandCharacter(source[position])
        return between ? "" : " "
    }

    /// The backslash's position when the letters just before `end` are a command's name.
    private func commandNameStart(endingAt end: Int) -> Int? {
        var index = end - 1
        while index >= 0, LaTeXConverter.isASCIILetter(source[index]) { index -= 1 }
        return index >= 0 && index < end - 1 && source[index] == "\\" ? index : nil
    }

    private static func isOperandCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || isNumeric(scalar)
    }

    /// True for a scalar with a numeric value (digits, fractions, numerals): what `numericType != nil`
    /// says for every scalar, but `numericType`'s enum is resilient, and its optional's metadata cost
    /// every command's first formula a run-time lookup.
    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericValue != nil
    }

    /// An ordinary character: in mathematics `'` is a prime, `~` a space, `&` (alignment)
    /// a space and `$` (math shift) nothing, and spaces inside scripts are dropped.
    private static func plain(_ scalar: Unicode.Scalar, mode: Mode, inScript: Bool) -> String {
        if scalar.properties.isWhitespace {
            return mode == .math && inScript ? "" : " "
        }
        guard mode == .math else { return String(scalar) }
        switch scalar {
        case "'": return "′"
        case "~", "&": return inScript ? "" : " "
        case "$": return ""
        default: return String(scalar)
        }
    }

    /// A command's argument: a braced group, a command, or one character. A missing
    /// argument (end of input, a closing brace, or the depth limit) is empty.
    private mutating func argument(mode: Mode, depth: Int, inScript: Bool) -> String {
        skipWhitespace()
        guard !atEnd, depth < LaTeXConverter.maxDepth else { return "" }
        let scalar = source[position]
        switch scalar {
        case "{":
            position += 1
            return sequence(mode: mode, stop: .brace, depth: depth + 1, inScript: inScript)
        case "}":
            return ""
        case "\\":
            return command(mode: mode, depth: depth + 1, inScript: inScript)
        default:
            position += 1
            return LaTeXConverter.plain(scalar, mode: mode, inScript: inScript)
        }
    }

    /// An optional `[...]` argument, or nil when there is none.
    private mutating func optionalArgument(depth: Int) -> String? {
        skipWhitespace()
        guard !atEnd, source[position] == "[", depth < LaTeXConverter.maxDepth else { return nil }
        position += 1
        return sequence(mode: .math, stop: .bracket, depth: depth + 1, inScript: true)
    }

    private mutating func skipWhitespace() {
        while !atEnd, source[position].properties.isWhitespace { position += 1 }
    }

    // MARK: Commands

    /// Reads a command as TeX does: a backslash and the longest run of ASCII letters,
    /// or a backslash and one other character. A trailing backslash renders as nothing.
    private mutating func command(mode: Mode, depth: Int, inScript: Bool) -> String {
        commandStart = position
        position += 1
        guard !atEnd else { return "" }
        let first = source[position]
        guard LaTeXConverter.isASCIILetter(first) else {
            position += 1
            return symbolCommand(first, mode: mode, depth: depth, inScript: inScript)
        }
        let name = readLetters()
        return wordCommand(name, mode: mode, depth: depth, inScript: inScript)
    }

    private mutating func readLetters() -> String {
        var name = String.UnicodeScalarView()
        while !atEnd, LaTeXConverter.isASCIILetter(source[position]) {
            name.append(source[position])
            position += 1
        }
        return String(name)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `\` followed by a non-letter: escapes, spacing and the text accents.
    private mutating func symbolCommand(_ scalar: Unicode.Scalar, mode: Mode, depth: Int, inScript: Bool) -> String {
        if let mark = LaTeXText.symbolAccents[scalar] {
            return LaTeXConverter.accented(argument(mode: mode, depth: depth, inScript: inScript), mark: mark, spanning: false)
        }
        switch scalar {
        // Literal braces travel as stand-ins that `tidy` turns into `{ }` after it strips stray ones.
        case "{": return String(LaTeXText.openBrace)
        case "}": return String(LaTeXText.closeBrace)
        case "|": return "‖"
        case "\\", ",", ":", ";", ">", " ", "\t", "\n", "\r": return inScript ? "" : " "
        // Negative space, italic correction, discretionary hyphen, spacing hints, and
        // the math delimiters \( \) \[ \] all leave no trace.
        case "!", "/", "-", "@", "(", ")", "[", "]": return ""
        default: return String(scalar)  // \% \$ \& \_ \# and anything else: the character
        }
    }

    /// `\name`: a symbol, a function name, a construction with arguments, or unknown.
    private mutating func wordCommand(_ name: String, mode: Mode, depth: Int, inScript: Bool) -> String {
        if let symbol = LaTeXText.symbols[name] {
            // Letter-like symbols bind to a following operand as in TeX: `\omega t` is ωt.
            if mode == .math, symbol.isLetterLike, nextIsOperand(opening: false) {
                skipWhitespace()
            }
            return inScript && symbol.text == " " ? "" : symbol.text
        }
        if let function = LaTeXText.functionNames[name] {
            // TeX spaces an operator name from operands on both sides: "i sin θ".
            let start = commandStart
            let previousCommand = commandNameStart(endingAt: start).map { at in
                String(String.UnicodeScalarView(source[(at + 1)..<start]))
            }
            let afterOperand = start > 0 && LaTeXConverter.isOperandCharacter(source[start - 1])
                && (previousCommand.map(LaTeXConverter.isLetterLike) ?? true)
            let lead = afterOperand ? " " : ""
            return lead + function + (nextIsOperand(opening: false) ? " " : "")
        }
        if let mark = LaTeXText.accents[name] {
            let body = argument(mode: mode, depth: depth, inScript: inScript)
            if LaTeXText.spanningAccents.contains(name) || name == "bar" {
                return LaTeXConverter.barred(body, mark: mark, over: name != "underline")
            }
            return LaTeXConverter.accented(body, mark: mark, spanning: false)
        }
        if let isProse = LaTeXText.contentCommands[name] {
            if name == "operatorname", !atEnd, source[position] == "*" { position += 1 }
            return argument(mode: isProse ? .text : .math, depth: depth, inScript: inScript)
        }
        if LaTeXText.silentCommands.contains(name) {
            _ = argument(mode: .text, depth: depth, inScript: true)
            return ""
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let start = commandStart
            let numerator = argument(mode: mode, depth: depth, inScript: inScript)
            let denominator = argument(mode: mode, depth: depth, inScript: inScript)
            let fraction = LaTeXConverter.numerator(numerator) + "/" + LaTeXConverter.denominator(denominator)
            let before = start > 0 && LaTeXConverter.isOperandCharacter(source[start - 1])
            // Two fractions side by side multiply: "1/(4πε₀) · (q₁ q₂)/r²".
            if nextIsFraction() { return (before ? "(" + fraction + ")" : fraction) + " · " }
            // A fraction multiplied by what touches it is bracketed whole: "(1/2)ρv²", not "1/2ρv²".
            let touched = before || nextIsOperand(opening: true)
            return touched ? "(" + fraction + ")" : fraction
        case "binom", "dbinom", "tbinom":
            let n = argument(mode: mode, depth: depth, inScript: inScript)
            let k = argument(mode: mode, depth: depth, inScript: inScript)
            return "C(\(LaTeXConverter.trimmed(n)),\(LaTeXConverter.trimmed(k)))"
        case "sqrt":
            let index = optionalArgument(depth: depth).map(LaTeXConverter.trimmed)
            let body = LaTeXConverter.trimmed(argument(mode: mode, depth: depth, inScript: inScript))
            return LaTeXConverter.root(of: body, index: index)
        case "mathbb", "Bbb", "mathds", "mathbbm":
            let body = argument(mode: .math, depth: depth, inScript: inScript)
            var result = String.UnicodeScalarView()
            for scalar in body.unicodeScalars { result.append(LaTeXText.doubleStruck[scalar] ?? scalar) }
            return String(result)
        case "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl",
             "Bigr", "biggl", "biggr", "Biggl", "Biggr", "bigm", "Bigm", "biggm", "Biggm":
            // The delimiter that follows renders on its own; `\left.` is an invisible one.
            skipWhitespace()
            if !atEnd, source[position] == "." { position += 1 }
            return ""
        case "begin", "end":
            let environment = argument(mode: .text, depth: depth, inScript: true)
            if name == "begin", LaTeXText.matrixDelimiters[environment] != nil, depth + 1 < LaTeXConverter.maxDepth {
                return matrix(environment, depth: depth)
            }
            // array and tabular carry a column specification that is not content.
            if name == "begin", environment.hasPrefix("array") || environment.hasPrefix("tabular") {
                _ = argument(mode: .text, depth: depth, inScript: true)
            }
            return inScript ? "" : " "
        case "pmod":
            return " (mod \(LaTeXConverter.trimmed(argument(mode: mode, depth: depth, inScript: inScript))))"
        case "pod":
            return " (\(LaTeXConverter.trimmed(argument(mode: mode, depth: depth, inScript: inScript))))"
        case "bmod", "mod":
            return " mod "
        case "not":
            let relation = argument(mode: mode, depth: depth, inScript: inScript)
            if let negated = LaTeXText.negations[relation] { return negated }
            return relation.isEmpty ? "" : relation + "\u{338}"
        case "overset", "stackrel", "underset":
            let mark = argument(mode: .math, depth: depth, inScript: true)
            let base = argument(mode: mode, depth: depth, inScript: inScript)
            return base + LaTeXConverter.attach(mark, superscript: name != "underset", marked: markScripts)
        case "xrightarrow", "xleftarrow":
            _ = optionalArgument(depth: depth)
            let label = argument(mode: .math, depth: depth, inScript: true)
            return (name == "xrightarrow" ? "→" : "←") + LaTeXConverter.attach(label, superscript: true, marked: markScripts)
        case "textcolor", "colorbox":
            _ = argument(mode: .text, depth: depth, inScript: true)
            return argument(mode: mode == .math && name == "textcolor" ? .math : .text, depth: depth, inScript: inScript)
        case "hspace", "hskip", "kern", "mkern", "mspace":
            if name == "hspace", !atEnd, source[position] == "*" { position += 1 }
            if name == "hspace" || name == "mspace" {
                _ = argument(mode: .text, depth: depth, inScript: true)
            }
            return inScript ? "" : " "
        case "tag":
            if !atEnd, source[position] == "*" { position += 1 }
            return " (\(LaTeXConverter.trimmed(argument(mode: .text, depth: depth, inScript: inScript))))"
        default:
            // Unknown: keep the name, so a typo or an exotic macro stays readable.
            return name
        }
    }

    /// True for a symbol that behaves as a letter, so spaces after it fall away before an operand.
    private static func isLetterLike(_ name: String) -> Bool {
        LaTeXText.symbols[name]?.isLetterLike == true
    }

    /// Commands whose rendering starts with an operand: the letter-like symbols and these.
    static let operandConstructions = SortedSet<String>([
        "bar", "boldsymbol", "ddot", "dot", "hat", "mathbb", "mathbf", "mathcal", "mathit", "mathrm",
        "mathsf", "operatorname", "overline", "text", "tilde", "vec",
    ])

    /// Where the next thing starts after spaces and thin spaces (`\,` `\;` `\:` `\!` `\ `).
    private func afterSpaces() -> Int {
        var index = position
        while index < source.count {
            if source[index].properties.isWhitespace {
                index += 1
            } else if source[index] == "\\", index + 1 < source.count, ",;:! ".unicodeScalars.contains(source[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// True when a fraction command comes next, after any spaces.
    private func nextIsFraction() -> Bool {
        let index = afterSpaces()
        guard index < source.count, source[index] == "\\" else { return false }
        var end = index + 1
        while end < source.count, LaTeXConverter.isASCIILetter(source[end]) { end += 1 }
        let name = String(String.UnicodeScalarView(source[(index + 1)..<end]))
        return ["frac", "dfrac", "tfrac", "cfrac"].contains(name)
    }

    /// True when the next thing after any spaces is an operand: a letter, a digit, or a
    /// letter-like command; with `opening`, also a parenthesis, a fraction, a root or a
    /// matrix, and thin spaces are skipped too (a factor set off by `\,` still multiplies).
    private func nextIsOperand(opening: Bool) -> Bool {
        var index = position
        if opening {
            index = afterSpaces()
        } else {
            while index < source.count, source[index].properties.isWhitespace { index += 1 }
        }
        guard index < source.count else { return false }
        let next = source[index]
        if LaTeXConverter.isOperandCharacter(next) { return true }
        if opening, next == "(" { return true }
        guard next == "\\" else { return false }
        var name = String.UnicodeScalarView()
        index += 1
        while index < source.count, LaTeXConverter.isASCIILetter(source[index]) {
            name.append(source[index])
            index += 1
        }
        let word = String(name)
        if LaTeXConverter.isLetterLike(word) || LaTeXConverter.operandConstructions.contains(word)
            || LaTeXText.functionNames[word] != nil {
            return true
        }
        return opening && ["frac", "dfrac", "tfrac", "cfrac", "sqrt", "left", "begin", "binom", "dbinom", "tbinom"].contains(word)
    }

    // MARK: Rendering helpers

    /// A script: raised or lowered characters when every one has a form, else `^(…)`, or, `marked`, the script
    /// between `LaTeXText`'s stand-ins (markup lowers or raises it).
    static func attach(_ content: String, superscript: Bool, marked: Bool = false) -> String {
        let body = trimmed(content)
        guard !body.isEmpty else { return "" }
        // A conjugate or adjoint sits on its base with no marker: `z*`, `A†`.
        if superscript, isStarred(body) { return body.replacingAsterisks }
        if let scripted = LaTeXText.scripted(body, superscript: superscript) { return scripted }
        if marked {
            let open = superscript ? LaTeXText.superscriptOpen : LaTeXText.subscriptOpen
            return String(Character(open)) + body + String(Character(LaTeXText.scriptClose))
        }
        let marker = superscript ? "^" : "_"
        return body.count == 1 || isEnclosed(body) ? marker + body : marker + "(" + body + ")"
    }

    /// True for `*`, `∗`, `†` and `‡` alone or repeated: the marks of a conjugate or adjoint.
    static func isStarred(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { "*∗†‡".unicodeScalars.contains($0) }
    }

    /// A fraction's numerator: bare when it is one atom or one factor, since a product on
    /// top reads the same either way ("ρvD/μ"); anything with an operator or a space is grouped.
    static func numerator(_ content: String) -> String {
        let body = trimmed(content)
        return isAtom(body) || isFactor(body) ? body : "(" + body + ")"
    }

    /// A fraction's denominator: bare only when it is one factor ("r²", "√2", "dt"), because
    /// juxtaposition after `/` misreads: "1/4πε₀" is ¼·π·ε₀, so it is "1/(4πε₀)".
    static func denominator(_ content: String) -> String {
        let body = trimmed(content)
        return body.isEmpty || isFactor(body) ? body : "(" + body + ")"
    }

    /// A root's argument: bare when one factor with nothing raised ("√2", "√ε₀"), since "√x²"
    /// could be read as (√x)²; else grouped: "√(LC)", "√(x²)".
    static func radicand(_ body: String) -> String {
        let raised = body.unicodeScalars.contains { LaTeXText.superscriptCharacters.contains($0) || $0 == "^" }
        return !raised && isFactor(body) ? body : "(" + body + ")"
    }

    /// √x, √(x+1), ∛x, ∜x; another index is raised when it can be (ⁿ√(x)) and the
    /// radicand is then always parenthesised, so the index cannot be misread as a power.
    static func root(of body: String, index: String?) -> String {
        switch index {
        case nil, "", "2": return "√" + radicand(body)
        case "3": return "∛" + radicand(body)
        case "4": return "∜" + radicand(body)
        case let index?:
            let raised = LaTeXText.scripted(index, superscript: true) ?? "(" + index + ")"
            return raised + "√(" + body + ")"
        }
    }

    /// A combining mark after the content: after its one character, after each character
    /// for lines that span (overline), otherwise after the last character.
    static func accented(_ content: String, mark: Unicode.Scalar, spanning: Bool) -> String {
        let body = trimmed(content)
        guard !body.isEmpty else { return "" }
        guard spanning else {
            var result = body
            result.unicodeScalars.append(mark)
            return result
        }
        var result = String.UnicodeScalarView()
        for character in body {
            result.append(contentsOf: character.unicodeScalars)
            result.append(mark)
        }
        return String(result)
    }

    /// A bar (or underline) over `content`: a combining mark on its one symbol, or on each
    /// symbol of a run of letters and digits (`A̅B̅`, `0.3̅`); over anything holding a space or an
    /// operator, never marks on those (a barred `+` reads as `∓`): an overline or bar is then a
    /// complement, `¬(A · B)`, and an underline is dropped.
    static func barred(_ content: String, mark: Unicode.Scalar, over: Bool) -> String {
        let body = trimmed(content)
        guard body.count > 1 else { return accented(body, mark: mark, spanning: false) }
        let run = body.allSatisfy { character in
            character.unicodeScalars.first.map { isOperandCharacter($0) || $0 == "." } ?? false
        }
        if run { return accented(body, mark: over ? "\u{305}" : mark, spanning: true) }
        return over ? "¬(" + body + ")" : body
    }

    /// True when `text` reads as one factor, so juxtaposition after `/` cannot split it: a
    /// number, one symbol, a bracketed group or a root of a factor, with scripts, primes,
    /// marks, `!`, an argument list (`P(B)`), or a differential (`dx`, `∂t`, `d²x`).
    static func isFactor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return !scalars.isEmpty && factorEnd(scalars, from: 0) == scalars.count
    }

    /// Where the factor starting at `start` ends, or nil when none starts there. Iterative, so
    /// a hostile run of roots or differentials cannot deepen the stack.
    private static func factorEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        // A root of a factor is a factor: √2, ∛x, √(LC).
        while index < scalars.count, "√∛∜".unicodeScalars.contains(scalars[index]) { index += 1 }
        guard index < scalars.count else { return nil }
        let first = scalars[index]
        index += 1
        var isSymbol = false
        if first == "(" || first == "[" || first == "|" || first == "⟨" {
            guard let close = matching(scalars, from: index - 1) else { return nil }
            index = close + 1
        } else if isNumeric(first), !isScript(first) {
            while index < scalars.count, isNumeric(scalars[index]) || scalars[index] == ".",
                  !isScript(scalars[index]) {
                index += 1
            }
        } else if first.properties.isAlphabetic || "∇ℏ∞∂".unicodeScalars.contains(first), !isScript(first) {
            isSymbol = true
            // A differential is one factor: dx, ∂t, d²y (the variable's own scripts follow below).
            if first == "d" || first == "∂" {
                var next = index
                while next < scalars.count, isScript(scalars[next]) { next += 1 }
                if next < scalars.count, scalars[next].properties.isAlphabetic, !isScript(scalars[next]) {
                    index = next + 1
                }
            }
        } else {
            return nil
        }
        var applied = false
        while index < scalars.count {
            let scalar = scalars[index]
            let category = scalar.properties.generalCategory
            if isScript(scalar) || "′″‴!°".unicodeScalars.contains(scalar)
                || category == .nonspacingMark || category == .enclosingMark || category == .spacingMark {
                index += 1
            } else if scalar == "^" || scalar == "_", index + 1 < scalars.count {
                if scalars[index + 1] == "(" {
                    guard let close = matching(scalars, from: index + 1) else { return index }
                    index = close + 1
                } else if scalars[index + 1].properties.isWhitespace {
                    return index
                } else {
                    index += 2
                }
            } else if scalar == "(", isSymbol, !applied, scalars[index - 1] != "!", let close = matching(scalars, from: index) {
                // A function's argument list: f(x), P(B ∣ A); not after a factorial, k!(n-k)!.
                applied = true
                index = close + 1
            } else {
                break
            }
        }
        return index
    }

    /// The position of the bracket closing the one at `start`, or nil.
    private static func matching(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let open = scalars[start]
        let close: Unicode.Scalar = open == "(" ? ")" : open == "[" ? "]" : open == "⟨" ? "⟩" : "|"
        var depth = 0
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == close, open == "|" ? index > start : depth == 1 { return index }
            if open != "|" {
                if scalar == open { depth += 1 }
                if scalar == close { depth -= 1 }
            }
            index += 1
        }
        return nil
    }

    /// True for a raised or lowered character from the script tables.
    private static func isScript(_ scalar: Unicode.Scalar) -> Bool {
        LaTeXText.scriptCharacters.contains(scalar)
    }

    /// True for a single operand: letters, digits, marks and a few prefix or suffix signs,
    /// or something already wholly in parentheses.
    static func isAtom(_ text: String) -> Bool {
        if text.isEmpty || isEnclosed(text) { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            if properties.isAlphabetic || isNumeric(scalar) { return true }
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: return true
            default: return "∂∇′″.°√∛∜!".unicodeScalars.contains(scalar)
            }
        }
    }

    /// True when the text opens with `(` whose matching `)` is its last character.
    static func isEnclosed(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "(", scalars.last == ")" else { return false }
        var depth = 0
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                depth -= 1
                if depth == 0 { return offset == scalars.count - 1 }
            }
        }
        return false
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
