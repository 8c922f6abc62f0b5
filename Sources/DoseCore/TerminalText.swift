/// Text the program did not write itself (pack content, a provider's error, AI cards, a server's
/// message) made safe to print: no byte of it can start an escape sequence in a terminal.
public enum TerminalText {
    /// `text` with every C0 control, DEL, C1 control (U+0080–U+009F) and ESC written as a visible
    /// `\u{1B}` escape. With `keepingLayout`, newline and tab stay as they are (a dose's paragraphs);
    /// without it they are escaped too, so a field stays on its line.
    ///
    /// C1 matters as much as ESC: a terminal reading UTF-8 takes U+009B as CSI and U+009D as OSC.
    public static func safe(_ text: String, keepingLayout: Bool = true) -> String {
        // Nearly all text needs nothing: one byte scan, and the string comes back as it was.
        var utf8 = text.utf8.makeIterator()
        var clean = true
        while let byte = utf8.next() {
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 {
                clean = false
                break
            }
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
    }
}
