import DoseCore
import DoseSystem

/// Renders a whole dose for the terminal and as JSON.
///
/// For the terminal a dose is its front (heading, title, text), its back (a question's answer, any
/// explanation) and a footer; `dose today` may show the front alone. Paragraphs are wrapped to
/// `width` columns when given (a terminal), never otherwise.
enum DosePrinter {
    /// A dose as terminal text, LaTeX reduced to Unicode, answer and explanation included.
    static func text(_ item: Item, date: CivilDate?, width: Int? = nil) -> String {
        wrapped(front(item, date: date) + back(item) + footer(item), width: width)
    }

    /// Heading, title and text: what may be shown before the answer.
    static func front(_ item: Item, date: CivilDate?) -> [String] {
        var lines: [String] = []
        let heading = item.kind.headline
        lines.append(date.map { tr("{heading} · {date}", ["heading": heading, "date": DateText.current.weekdayAndDate($0)]) } ?? heading)
        if let title = item.title { lines.append(LaTeXText.plainText(title)) }
        lines.append("")
        lines.append(item.kind == .formula ? LaTeXText.plainMath(item.text) : LaTeXText.plainText(item.text))
        return lines
    }

    /// The answer and the explanation, each after an empty line (nothing when the item has neither).
    static func back(_ item: Item) -> [String] {
        var lines: [String] = []
        if let answer = item.answer {
            lines.append("")
            lines.append(tr("Answer: {answer}", ["answer": LaTeXText.plainText(answer)]))
        }
        if let explanation = item.explanation {
            lines.append("")
            lines.append(tr("Why: {explanation}", ["explanation": LaTeXText.plainText(explanation)]))
        }
        return lines
    }

    /// The id and branches, after an empty line.
    static func footer(_ item: Item) -> [String] {
        guard !item.tags.isEmpty else { return ["", tr("id: {id}", ["id": item.id])] }
        let branches = item.tags.map(\.rawValue).joined(separator: ", ")
        return ["", tr("id: {id} · branches: {branches}", ["id": item.id, "branches": branches])]
    }

    /// A question with its answer kept back: the front, and how to see the rest. The id is left
    /// out, since its words (`q-weber-unit`) can give the answer away; the short code names it instead.
    static func withheld(_ item: Item, date: CivilDate?, width: Int? = nil) -> String {
        let code = ShortCode.code(forID: item.id)
        return wrapped(
            front(item, date: date) + ["", tr("(Answer kept back: `dose today --answer` or `dose show {code}` shows it.)", ["code": code])],
            width: width)
    }

    /// Lines joined, each paragraph wrapped to `width` when there is one.
    static func wrapped(_ lines: [String], width: Int?) -> String {
        let text = lines.joined(separator: "\n")
        return width.map { TextWrap.wrap(text, width: $0) } ?? text
    }

    /// True when `item` has something `dose today` keeps back unless asked: a question's answer or explanation.
    static func hasSpoiler(_ item: Item) -> Bool {
        item.kind == .question && (item.answer != nil || item.explanation != nil)
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
