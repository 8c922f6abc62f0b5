/// The one set of rules every text from outside passes before it is kept: a pack's fields (import, sync,
/// validate), the AI provider's decks and quizzes, and the subjects and topics typed in `dose learn` and
/// the app. Each refusal is a `PackProblem.Reason` naming the field, rendered for people by DoseSystem's
/// `localized`.
///
/// The rules: no control character (C0, DEL, C1; a prose field keeps newline and tab), a length in
/// Unicode scalars, no bidirectional override, embedding or isolate (and, in an id, no bidi mark), no
/// LaTeX that defines a macro, and mathematics within `MathLimits` (nesting, length, symbols). They are
/// checked when text comes in, not when stored data is read back (a snapshot, a stored deck), so what
/// was stored before a rule still opens; the page's render script holds every formula to the same
/// mathematics bounds before KaTeX sees it (`DosePage.renderScript`), and `TerminalText.safe` escapes
/// controls and bidi overrides on the way to a terminal.
public enum ContentRules {
    /// What a field holds, which decides how its mathematics is found.
    public enum Shape: Sendable, Equatable {
        /// Prose with inline mathematics (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, as `InlineMath` finds it): a title,
        /// a text, an answer, an explanation, a card's side, a quiz's prompt, choice or explanation.
        case prose
        /// A formula item's text: the whole text is one display formula.
        case formula
        /// A name on one line (a subject, a topic): prose without newline or tab.
        case line
    }

    /// The first rule `text` breaks, naming `field`, or nil. `limit` is the longest it may be, in Unicode
    /// scalars (what SQLite's `length()` counts too); it must not be empty.
    public static func problem(_ text: String, field: String, shape: Shape, limit: Int) -> PackProblem.Reason? {
        if let reason = shape == .line ? lineProblem(text, field: field, limit: limit)
            : ItemRules.proseProblem(text, field: field, limit: limit)
        {
            return reason
        }
        let scanned = scan(text, field: field, isID: false)
        if let reason = scanned.problem { return reason }
        // Most fields are far inside every bound: no formula in them can break one (see `Scan`).
        guard !scanned.fitsEveryMathBound(whole: shape == .formula) else { return nil }
        return mathProblem(text, field: field, whole: shape == .formula)
    }

    /// The first rule a subject's or a topic's name breaks (`dose learn tick`, the app, a pack's syllabus):
    /// one line of at most `PackLimits.maxNameScalars`, and the rest of the rules of every field.
    public static func nameProblem(_ name: String, field: String) -> PackProblem.Reason? {
        problem(name, field: field, shape: .line, limit: PackLimits.maxNameScalars)
    }

    /// The first rule an item's id breaks: 1–128 bytes, no control character, no bidi control or mark.
    public static func idProblem(_ id: String) -> PackProblem.Reason? {
        ItemRules.idProblem(id) ?? scan(id, field: "id", isID: true).problem
    }

    /// A name: at most `limit` scalars, no control character at all (a name is one line).
    private static func lineProblem(_ text: String, field: String, limit: Int) -> PackProblem.Reason? {
        if text.isEmpty { return .emptyProse(field: field) }
        var count = 0
        for scalar in text.unicodeScalars {
            if ItemRules.isControl(scalar) { return .lineControl(field: field, character: ItemRules.show(scalar)) }
            count += 1
        }
        return count > limit ? .proseTooLong(field: field, count: count, limit: limit) : nil
    }

    /// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), refused in
    /// every field: they reorder a whole run, so "Invoice \u{202E}gpj.exe" shows as "Invoice exe.jpg".
    static let bidiControls: [UInt32: String] = [
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
    ]

    /// Bidirectional marks (U+200E, U+200F, U+061C), refused in ids only. A mark is one invisible
    /// strong character: it moves neutral characters next to it but cannot reverse a run of letters,
    /// and Arabic and Hebrew prose needs marks to place punctuation. In an id it only makes two ids
    /// that look the same.
    static let bidiMarks: [UInt32: String] = [
        0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK", 0x061C: "ARABIC LETTER MARK",
    ]

    /// LaTeX commands that define or redefine macros. Debian's KaTeX 0.16.4 does not count `\edef`
    /// against `maxExpand` (CVE-2024-28243) and lets Unicode sub/superscripts reset the count
    /// (CVE-2024-28244); both need a macro of the content's own, so no outside text may define one.
    /// (`\href`, `\url`, `\includegraphics`, `\htmlClass`… stay allowed: the page renders with
    /// `trust: false`, which shows them as plain error text; tests/e2e/hostile-content.test.sh.)
    public static let macroCommands: Set<String> = [
        "def", "edef", "gdef", "xdef", "global", "long", "let", "futurelet",
        "newcommand", "renewcommand", "providecommand", "DeclareRobustCommand", "DeclareMathOperator",
        "newenvironment", "renewenvironment", "newif",
    ]

    /// The refused names as bytes, compared in place: outside text is full of control words.
    private static let macroCommandBytes: [[UInt8]] = macroCommands.sorted().map { Array($0.utf8) }

    /// What one pass over a field's UTF-8 found: the first bidi or macro problem, and counts that bound
    /// every formula in it from above.
    struct Scan {
        var problem: PackProblem.Reason?
        /// `{` and `\` bytes: every group a formula opens starts with one, so none nests deeper.
        var openers = 0
        /// Whether a `$` is there: prose with neither it nor a backslash holds no mathematics.
        var hasDollar = false
        /// The field's UTF-8 length: no formula in it has more scalars, nor more symbols.
        var bytes = 0

        /// True when no formula of the field can break a `MathLimits` bound, whatever its delimiters;
        /// `whole`: the field is one formula.
        func fitsEveryMathBound(whole: Bool) -> Bool {
            (!whole && !hasDollar && openers == 0)
                || (openers <= MathLimits.maxDepth && bytes <= min(MathLimits.maxFormulaAtoms, MathLimits.maxFormulaScalars))
        }
    }

    /// The first bidi control (in an id also a bidi mark), or outside ids a macro-defining command, with
    /// the field's counts (see `Scan`). One pass over the UTF-8.
    static func scan(_ text: String, field: String, isID: Bool) -> Scan {
        var copy = text
        // In place over the UTF-8 (no copy for a native string).
        return copy.withUTF8 { bytes -> Scan in
            var found = Scan(bytes: bytes.count)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x7B:
                    found.openers += 1
                case 0x24:
                    found.hasDollar = true
                case 0x5C where !isID:
                    found.openers += 1
                    // A control word, read as KaTeX's lexer reads it: a backslash, then letters and `@`.
                    var end = index + 1
                    while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                    if end == index + 1 {
                        // A control symbol (`\\`, `\$`): its character is no command name (so `\\def` is no `\def`).
                        // Only an ASCII one is skipped: any other is read on its turn (a bidi control after a
                        // backslash is still one).
                        if index + 1 < bytes.count, bytes[index + 1] == 0x24 { found.hasDollar = true }
                        index += index + 1 < bytes.count && bytes[index + 1] < 0x80 ? 2 : 1
                        continue
                    }
                    let name = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                    if macroCommandBytes.contains(where: { $0.count == name.count && $0.elementsEqual(name) }) {
                        found.problem = .definesMacro(field: field, command: String(decoding: name, as: UTF8.self))
                        return found
                    }
                    index = end
                    continue
                case 0xE2 where index + 2 < bytes.count:
                    // U+2000–U+2FFF: three bytes. Every bidi control and two of the marks are here.
                    let value = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    if let reason = bidiMessage(value, field: field, isID: isID) {
                        found.problem = reason
                        return found
                    }
                case 0xD8 where isID && index + 1 < bytes.count && bytes[index + 1] == 0x9C:
                    found.problem = bidiMessage(0x061C, field: field, isID: isID)
                    return found
                default:
                    break
                }
                index += 1
            }
            return found
        }
    }

    private static func bidiMessage(_ value: UInt32, field: String, isID: Bool) -> PackProblem.Reason? {
        guard value == 0x061C || (0x200E...0x2069).contains(value), let scalar = Unicode.Scalar(value) else { return nil }
        if let name = bidiControls[value] {
            return .bidiControl(field: field, character: ItemRules.show(scalar), name: name)
        }
        if isID, let name = bidiMarks[value] {
            return .bidiMark(character: ItemRules.show(scalar), name: name)
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x40
    }
}
