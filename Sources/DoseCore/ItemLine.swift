/// One item on one line, for lists a person reads (`dose list`, `dose search`, `dose calendar`):
/// never the answer or the explanation, and nothing that could break the line.
public enum ItemLine {
    /// `id  kind      title` (the title, or the beginning of the text when there is none), the id
    /// padded to `idWidth` columns so the kinds of a listing line up.
    public static func line(_ item: Item, idWidth: Int = 0) -> String {
        let id = oneLine(item.id)
        let padding = String(repeating: " ", count: max(0, idWidth - DisplayWidth.of(id)))
        return "\(id)\(padding)  \(kindColumn(item.kind))  \(title(of: item))"
    }

    /// The column width that lines up the ids of `items` (a very long id is let stick out).
    public static func idWidth(_ items: [Item]) -> Int {
        min(40, items.map { DisplayWidth.of(oneLine($0.id)) }.max() ?? 0)
    }

    /// The kind padded to the widest kind's name, so titles line up.
    public static func kindColumn(_ kind: Kind) -> String {
        let widest = Kind.allCases.map(\.rawValue.count).max() ?? 0
        return kind.rawValue + String(repeating: " ", count: widest - kind.rawValue.count)
    }

    /// The item's title as plain text, or, without one, its text cut at a word near 60 columns.
    public static func title(of item: Item) -> String {
        if let title = item.title { return oneLine(LaTeXText.plainText(title)) }
        let text = oneLine(item.kind == .formula ? LaTeXText.plainMath(item.text) : LaTeXText.plainText(item.text))
        guard DisplayWidth.of(text) > 60 else { return text }
        var cut = ""
        for word in text.split(separator: " ") {
            if DisplayWidth.of(cut) + 1 + DisplayWidth.of(word) > 59 { break }
            cut += (cut.isEmpty ? "" : " ") + word
        }
        return (cut.isEmpty ? String(text.prefix(59)) : cut) + "…"
    }

    /// Newlines and tabs as spaces, other controls escaped (`TerminalText.safe`): one field, one line.
    /// The item's own title as Pango markup on one line (`LaTeXText.markup`), or nil when it has none.
    public static func titleMarkup(of item: Item) -> String? {
        item.title.map { oneLine(LaTeXText.markup($0)) }
    }

    static func oneLine(_ text: String) -> String {
        let spaced = String(text.unicodeScalars.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : Character($0) })
        return TerminalText.safe(spaced, keepingLayout: false)
    }
}
