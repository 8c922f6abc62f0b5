import DoseCore
import DoseSystem

/// A topic's deck and quiz written out for other tools: Anki's tab-separated import, and Markdown.
public enum DeckExport {
    /// Tab-separated text Anki imports (File → Import): a header naming the separator, that fields are
    /// plain text and that column 3 holds tags; then one note per line: front, back, tags.
    ///
    /// A field holding a tab, a newline or a double quote is quoted, quotes doubled (the CSV rules
    /// Anki's importer reads). Tags have no spaces: `daily-dose`, the subject and `subject::topic`
    /// with spaces as `_`. Maths goes in the delimiters Anki's MathJax reads, `\(…\)` and `\[…\]` (it
    /// ignores `$…$`), split by the same rule as the page and the notification (`InlineMath`).
    public static func anki(_ deck: Deck, subject: String, topic: String) -> String {
        let tags = ["daily-dose", tag(subject), tag(subject) + "::" + tag(topic)].joined(separator: " ")
        var text = "#separator:tab\n#html:false\n#tags column:3\n"
        for card in deck.cards {
            text += [field(ankiMath(card.front)), field(ankiMath(card.back)), tags].joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The deck and the quiz as Markdown: the cards as a list, the questions with lettered choices,
    /// then the answers with their explanations. Maths stays `$…$`, as Markdown renderers with
    /// KaTeX or MathJax expect.
    public static func markdown(_ deck: Deck?, _ quiz: Quiz?, subject: String, topic: String) -> String {
        var lines = ["# \(inline(subject)) — \(inline(topic))", ""]
        if let deck {
            // TRANSLATORS: the headings of a topic exported as Markdown (`dose learn export --markdown`).
            lines += ["## " + tr("Flashcards"), ""]
            for (index, card) in deck.cards.enumerated() {
                lines.append("\(index + 1). **\(inline(card.front))**  ")
                lines.append("   \(inline(card.back))")
            }
            lines.append("")
        }
        if let quiz {
            lines += ["## " + tr("Quiz"), ""]
            for (index, question) in quiz.questions.enumerated() {
                lines.append("\(index + 1). \(inline(question.prompt))")
                for (choice, text) in question.choices.enumerated() {
                    lines.append("   - \(letter(choice))) \(inline(text))")
                }
            }
            lines += ["", "### " + tr("Answers"), ""]
            for (index, question) in quiz.questions.enumerated() {
                lines.append("\(index + 1). \(letter(question.answer)) — \(inline(question.explanation))")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0 == "\r\n" }) else {
            return text
        }
        var quoted = "\""
        for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }

    /// `text` with each maths span in MathJax's delimiters; the prose around it as it was.
    private static func ankiMath(_ text: String) -> String {
        InlineMath.segments(text).map { segment in
            switch segment {
            case .text(let prose): prose
            case .math(let latex, display: false): "\\(" + latex + "\\)"
            case .math(let latex, display: true): "\\[" + latex + "\\]"
            }
        }.joined()
    }

    private static func tag(_ name: String) -> String {
        String(name.map { $0.isWhitespace ? "_" : $0 })
    }

    /// One line of Markdown: line breaks become spaces so a list item stays one item.
    private static func inline(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private static func letter(_ index: Int) -> String {
        ["A", "B", "C", "D"][max(0, min(3, index))]
    }
}
