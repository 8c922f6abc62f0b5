import DoseCore
import DoseLearning
import DoseStore

/// Renders the checklist, decks and quizzes for the terminal and as JSON.
enum LearnPrinter {
    /// JSON Lines, one object per topic: subject, topic, state, attempts, nextAttemptAt (RFC 3339
    /// with the zone's offset, as `dose-notify --dry-run --json` writes times), lastError, hasDeck, hasQuiz.
    static func listJSON(_ statuses: [TopicStatus], zone: some ZoneRules) -> String {
        statuses.map { status in
            JSONValue.object([
                ("subject", .string(status.subject)),
                ("topic", .string(status.topic)),
                ("state", .string(status.state.rawValue)),
                ("attempts", .number(String(status.attempts))),
                ("nextAttemptAt", status.nextAttemptAt.map { .string(zone.iso8601($0)) } ?? .null),
                ("lastError", status.lastError.map(JSONValue.string) ?? .null),
                ("hasDeck", .bool(status.hasDeck)),
                ("hasQuiz", .bool(status.hasQuiz)),
            ]).serialized(pretty: false) + "\n"
        }.joined()
    }

    /// The checklist, times local (`next try at 15:28`).
    static func listText(_ statuses: [TopicStatus], now: Int64, zone: some ZoneRules) -> String {
        guard !statuses.isEmpty else { return "No topics ticked. Tick one: dose learn tick SUBJECT TOPIC\n" }
        var text = ""
        for status in statuses {
            var line = "[\(status.state.rawValue)] \(status.subject) — \(status.topic)"
            if status.state != .ready {
                var details: [String] = []
                if status.attempts > 0 { details.append("\(status.attempts) attempt\(status.attempts == 1 ? "" : "s")") }
                if status.hasDeck { details.append("deck ready") }
                if let next = status.nextAttemptAt { details.append("next try " + HumanTime.describe(next, now: now, zone: zone)) }
                // A provider's words: on this line, whatever newlines they carry.
                if let error = status.lastError { details.append(TerminalText.safe(error, keepingLayout: false)) }
                if !details.isEmpty { line += " (" + details.joined(separator: "; ") + ")" }
            }
            text += line + "\n"
        }
        return text
    }

    static func deckText(_ deck: Deck, _ key: TopicKey) -> String {
        var lines = ["Deck: \(key.subject) — \(key.topic) (\(deck.cards.count) cards)", ""]
        for (index, card) in deck.cards.enumerated() {
            lines.append("\(index + 1). \(card.front)")
            lines.append("   → \(card.back)")
            lines.append("")
        }
        return lines.dropLast().joined(separator: "\n")
    }

    static func quizText(_ quiz: Quiz, _ key: TopicKey) -> String {
        var lines = ["Quiz: \(key.subject) — \(key.topic) (\(quiz.questions.count) questions)", ""]
        for (index, question) in quiz.questions.enumerated() {
            lines.append(questionText(question, number: index + 1))
        }
        lines.append("Answers:")
        for (index, question) in quiz.questions.enumerated() {
            lines.append("\(index + 1). \(letter(question.answer)) — \(question.explanation)")
        }
        return lines.joined(separator: "\n")
    }

    static func questionText(_ question: QuizQuestion, number: Int) -> String {
        var lines = ["\(number). \(question.prompt)"]
        for (index, choice) in question.choices.enumerated() { lines.append("   \(letter(index))) \(choice)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func letter(_ index: Int) -> String {
        ["A", "B", "C", "D"][max(0, min(3, index))]
    }

    /// Deck or quiz text for the terminal: `$…$` maths as plain Unicode (the notification's
    /// converter), wrapped to `width` when output is a terminal. `Console.print` neutralises controls.
    static func plain(_ text: String, width: Int?) -> String {
        let converted = LaTeXText.plainText(text)
        return width.map { TextWrap.wrap(converted, width: $0) } ?? converted
    }

    /// `dose learn due --json`: one document, the topics and the totals.
    static func dueJSON(_ counts: [StudyCounts]) -> String {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let topics = counts.map { count in
            JSONValue.object([
                ("subject", .string(count.subject)), ("topic", .string(count.topic)),
                ("due", number(count.due)), ("new", number(count.new)), ("total", number(count.total)),
            ])
        }
        return JSONValue.object([
            ("topics", .array(topics)),
            ("due", number(counts.reduce(0) { $0 + $1.due })),
            ("new", number(counts.reduce(0) { $0 + $1.new })),
            ("total", number(counts.reduce(0) { $0 + $1.total })),
        ]).serialized(pretty: false) + "\n"
    }

    /// `dose learn due`: one line per topic, then the totals.
    static func dueText(_ counts: [StudyCounts]) -> String {
        guard !counts.isEmpty else { return "No decks to study yet. Tick a topic: dose learn tick SUBJECT TOPIC\n" }
        var text = ""
        for count in counts {
            text += "\(count.subject) — \(count.topic): \(count.due) due, \(count.new) new, \(count.total) cards\n"
        }
        let due = counts.reduce(0) { $0 + $1.due }
        let new = counts.reduce(0) { $0 + $1.new }
        return text + "Overall: \(due) due, \(new) new\n"
    }
}
