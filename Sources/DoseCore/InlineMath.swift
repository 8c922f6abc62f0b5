/// Splits prose into plain text and `$...$` / `$$...$$` math segments; `\$` is a literal dollar.
public enum InlineMath {
    public enum Segment: Sendable, Equatable {
        case text(String)
        case math(String, display: Bool)
    }

    /// The segments of `text`, in order. An unclosed `$` is kept as text, never swallowed.
    public static func segments(_ text: String) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        var result: [Segment] = []
        var plain = String.UnicodeScalarView()
        var index = 0
        func flushPlain() {
            if !plain.isEmpty {
                result.append(.text(String(plain)))
                plain = String.UnicodeScalarView()
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "$" {
                plain.append("$")
                index += 2
                continue
            }
            if scalar == "$" {
                let display = index + 1 < scalars.count && scalars[index + 1] == "$"
                let open = display ? 2 : 1
                if let close = closing(scalars, from: index + open, display: display) {
                    flushPlain()
                    var latex = String.UnicodeScalarView()
                    latex.append(contentsOf: scalars[(index + open)..<close])
                    result.append(.math(String(latex), display: display))
                    index = close + open
                    continue
                }
            }
            plain.append(scalar)
            index += 1
        }
        flushPlain()
        return result
    }

    private static func closing(_ scalars: [Unicode.Scalar], from start: Int, display: Bool) -> Int? {
        var index = start
        while index < scalars.count {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == "$" {
                if !display { return index > start ? index : nil }
                if index + 1 < scalars.count, scalars[index + 1] == "$" { return index }
            }
            index += 1
        }
        return nil
    }
}
