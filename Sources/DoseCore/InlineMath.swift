/// Splits prose into plain text and mathematics segments for the dose page.
///
/// Uses the same `MathDelimiters` rule as the notification copy, so the page typesets exactly
/// the spans the notification reduced to Unicode: `$...$`, `$$...$$`, `\(...\)`, `\[...\]`.
public enum InlineMath {
    public enum Segment: Sendable, Equatable {
        case text(String)
        case math(String, display: Bool)
    }

    /// The segments of `text`, in order. An unclosed `$` is kept as text, never swallowed;
    /// an escaped punctuation character (`\$`, `\%`, `\&`) in prose stands for itself.
    public static func segments(_ text: String) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        let marks = MathDelimiters(scalars)
        var result: [Segment] = []
        var prose = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let (contentEnd, resume) = marks.mathSpan(openingAt: index) {
                if !prose.isEmpty {
                    result.append(.text(String(prose)))
                    prose = String.UnicodeScalarView()
                }
                let opener = marks.openerLength(at: index)
                let display = marks.isDoubleDollar(index) || (scalars[index] == "\\" && scalars[index + 1] == "[")
                var latex = String.UnicodeScalarView()
                latex.append(contentsOf: scalars[(index + opener)..<contentEnd])
                result.append(.math(String(latex), display: display))
                index = resume
                continue
            }
            if marks.isEscapeStart(index), !scalars[index + 1].properties.isAlphabetic {
                prose.append(scalars[index + 1])
                index += 2
                continue
            }
            let step = marks.isDoubleDollar(index) ? 2 : 1
            prose.append(contentsOf: scalars[index..<(index + step)])
            index += step
        }
        if !prose.isEmpty { result.append(.text(String(prose))) }
        return result
    }
}
