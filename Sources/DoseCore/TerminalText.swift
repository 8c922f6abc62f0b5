/// Text the program did not write itself (pack content, a provider's error, AI cards, a server's
/// message) made safe to print: no byte of it can start an escape sequence in a terminal, and none can
/// make the line display in another order than it reads.
public enum TerminalText {
    /// `text` with every C0 control, DEL, C1 control (U+0080–U+009F) and ESC, and every bidirectional
    /// embedding, override and isolate (U+202A–U+202E, U+2066–U+2069), written as a visible `\u{1B}`
    /// escape. With `keepingLayout`, newline and tab stay as they are (a dose's paragraphs); without it
    /// they are escaped too, so a field stays on its line.
    ///
    /// C1 matters as much as ESC: a terminal reading UTF-8 takes U+009B as CSI and U+009D as OSC. A bidi
    /// override stored before `ContentRules` refused it ("Invoice \u{202E}gpj.exe") reorders what follows
    /// it on the line. (Bidi marks, which Arabic and Hebrew prose needs, stay.)
    public static func safe(_ text: String, keepingLayout: Bool = true) -> String {
        // Nearly all text needs nothing: one byte scan, and the string comes back as it was. (A C1
        // control is C2 80…C2 9F in UTF-8; "·" and "µ" share the C2 lead byte and need nothing. A bidi
        // control is E2 80 AA…AE or E2 81 A6…A9.)
        var copy = text
        let clean = copy.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0) {
                    if !(keepingLayout && (byte == 0x0A || byte == 0x09)) { return false }
                }
                if byte == 0xE2 && index + 2 < bytes.count {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                        return false
                    }
                }
                index += 1
            }
            return true
        }
        if clean { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLayout: keepingLayout) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        if keepingLayout && (scalar == "\n" || scalar == "\t") { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || ContentRules.bidiControls[scalar.value] != nil
    }
}
