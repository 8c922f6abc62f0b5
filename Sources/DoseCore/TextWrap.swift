/// Paragraph wrapping for a terminal of a given width (the caller measures it; piped output is
/// never wrapped).
public enum TextWrap {
    /// `text` with each of its lines broken at spaces so none passes `width` columns
    /// (`DisplayWidth`). A word wider than the line (a long formula, a URL) stays whole on a line of
    /// its own rather than being cut; a line's leading indentation is repeated on its continuations.
    public static func wrap(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine($0, width: width) }
            .joined(separator: "\n")
    }

    private static func wrapLine(_ line: Substring, width: Int) -> String {
        guard DisplayWidth.of(line) > width else { return String(line) }
        let indent = String(line.prefix { $0 == " " })
        let indentWidth = indent.count < width / 2 ? indent.count : 0
        let continuation = String(repeating: " ", count: indentWidth)
        var lines: [String] = []
        var current = indent
        var currentWidth = indent.count
        var hasWord = false
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(word)
            if hasWord && currentWidth + 1 + wordWidth > width {
                lines.append(current)
                current = continuation
                currentWidth = indentWidth
                hasWord = false
            }
            if hasWord {
                current += " "
                currentWidth += 1
            }
            current += word
            currentWidth += wordWidth
            hasWord = true
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
