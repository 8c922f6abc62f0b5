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

    /// A bidi control (or, in an id, a bidi mark) in `text`, as a message naming it.
    static func bidiProblem(_ text: String, field: String, isID: Bool) -> String? {
        // Every one of them is E2 80 xx, E2 81 xx or D8 9C in UTF-8: most text has neither lead byte.
        guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xD8 }) else { return nil }
        for scalar in text.unicodeScalars {
            if let name = bidiControls[scalar.value] {
                return "\(field) contains \(ItemRules.show(scalar)) \(name), a bidirectional control that makes "
                    + "text display in another order than it reads"
            }
            if isID, let name = bidiMarks[scalar.value] {
                return "id contains \(ItemRules.show(scalar)) \(name), an invisible bidirectional mark"
            }
        }
        return nil
    }

    /// The first macro-defining command in `text` (read as KaTeX's lexer reads a control word:
    /// a backslash, then letters and `@`), as a message.
    static func macroProblem(_ text: String, field: String) -> String? {
        var copy = text
        // In place over the UTF-8 (no copy for a native string): most prose has no backslash at all.
        return copy.withUTF8 { bytes -> String? in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0x5C else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                if end == index + 1 {
                    // A control symbol (`\\`, `\$`): its character is no command name.
                    index += 2
                    continue
                }
                // Only names as long as one of the refused ones are looked up (3 to 20 letters).
                if (3...20).contains(end - index - 1) {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
                    if macroCommands.contains(name) {
                        return "\(field) uses \\\(name), which defines a macro; packs may not define macros "
                            + "(they can make the dose page hang: CVE-2024-28243)"
                    }
                }
                index = end
            }
            return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x40
    }
}
