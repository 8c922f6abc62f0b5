/// What a pack may not carry, beyond the field rules the snapshot shares (`ItemRules`): text that
/// displays in another order than it reads, and LaTeX that defines macros. Checked when a pack is
/// validated (import, sync, validate), not when a snapshot is read, so a pool stored before these
/// rules still reaches the scheduler.
enum ContentRules {
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
    /// (CVE-2024-28244); both need a macro of the content's own, so no pack may define one.
    /// (`\href`, `\url`, `\includegraphics`, `\htmlClass`… stay allowed: the page renders with
    /// `trust: false`, which shows them as plain error text; tests/e2e/hostile-content.test.sh.)
    static let macroCommands: Set<String> = [
        "def", "edef", "gdef", "xdef", "global", "long", "let", "futurelet",
        "newcommand", "renewcommand", "providecommand", "DeclareRobustCommand", "DeclareMathOperator",
        "newenvironment", "renewenvironment", "newif",
    ]

    /// The refused names as bytes, compared in place: a pack's formulas are full of control words.
    private static let macroCommandBytes: [[UInt8]] = macroCommands.sorted().map { Array($0.utf8) }

    /// The first thing in `text` these rules refuse, as a message naming it: a bidi control (in an
    /// id also a bidi mark), or, outside ids, a macro-defining command. One pass over the UTF-8.
    static func problem(_ text: String, field: String, isID: Bool) -> PackProblem.Reason? {
        var copy = text
        // In place over the UTF-8 (no copy for a native string).
        return copy.withUTF8 { bytes -> PackProblem.Reason? in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x5C where !isID:
                    // A control word, read as KaTeX's lexer reads it: a backslash, then letters and `@`.
                    var end = index + 1
                    while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                    if end == index + 1 {
                        // A control symbol (`\\`, `\$`): its character is no command name.
                        index += 2
                        continue
                    }
                    let name = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                    if macroCommandBytes.contains(where: { $0.count == name.count && $0.elementsEqual(name) }) {
                        return .definesMacro(field: field, command: String(decoding: name, as: UTF8.self))
                    }
                    index = end
                    continue
                case 0xE2 where index + 2 < bytes.count:
                    // U+2000–U+2FFF: three bytes. Every bidi control and two of the marks are here.
                    let value = UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    if let reason = bidiMessage(value, field: field, isID: isID) { return reason }
                    index += 3
                    continue
                case 0xD8 where isID && index + 1 < bytes.count && bytes[index + 1] == 0x9C:
                    return bidiMessage(0x061C, field: field, isID: isID)
                default:
                    break
                }
                index += 1
            }
            return nil
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
