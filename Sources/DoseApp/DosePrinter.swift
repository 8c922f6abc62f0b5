import DoseCore

/// Renders a whole dose for the terminal and as JSON (answer and explanation included).
enum DosePrinter {
    /// A dose as terminal text, LaTeX reduced to Unicode.
    static func text(_ item: Item, date: CivilDate?) -> String {
        var lines: [String] = []
        let heading = CopyBuilder.headline(for: item.kind)
        lines.append(date.map { "\(heading) · \($0)" } ?? heading)
        if let title = item.title { lines.append(LaTeXText.plainText(title)) }
        lines.append("")
        lines.append(item.kind == .formula ? LaTeXText.plainMath(item.text) : LaTeXText.plainText(item.text))
        if let answer = item.answer {
            lines.append("")
            lines.append("Answer: " + LaTeXText.plainText(answer))
        }
        if let explanation = item.explanation {
            lines.append("")
            lines.append("Why: " + LaTeXText.plainText(explanation))
        }
        lines.append("")
        var footer = "id: \(item.id)"
        if !item.tags.isEmpty { footer += " · branches: " + item.tags.map(\.rawValue).joined(separator: ", ") }
        lines.append(footer)
        return lines.joined(separator: "\n")
    }

    /// A dose as one JSON object: the item's fields as authored, plus the date when there is one.
    static func json(_ item: Item, date: CivilDate?) -> String {
        var fields: [(key: String, value: JSONValue)] = [
            ("id", .string(item.id)),
            ("kind", .string(item.kind.rawValue)),
        ]
        if let date { fields.append(("date", .string(date.description))) }
        fields.append(("sortKey", .number(String(item.sortKey))))
        fields.append(("tags", .array(item.tags.map { .string($0.rawValue) })))
        fields.append(("title", item.title.map(JSONValue.string) ?? .null))
        fields.append(("text", .string(item.text)))
        fields.append(("answer", item.answer.map(JSONValue.string) ?? .null))
        fields.append(("explanation", item.explanation.map(JSONValue.string) ?? .null))
        return JSONValue.object(fields).serialized(pretty: false)
    }
}
