import DoseCore
import DoseLearning

/// Renders the checklist, decks and quizzes for the terminal and as JSON.
enum LearnPrinter {
    /// One JSON object per topic in an array: subject, topic, state, attempts, nextAttemptAt, lastError.
    static func listJSON(_ statuses: [TopicStatus]) -> String {
        JSONValue.array(statuses.map { status in
            JSONValue.object([
                ("subject", .string(status.subject)),
                ("topic", .string(status.topic)),
                ("state", .string(status.state.rawValue)),
                ("attempts", .number(String(status.attempts))),
                ("nextAttemptAt", status.nextAttemptAt.map { .string(isoTime($0)) } ?? .null),
                ("lastError", status.lastError.map(JSONValue.string) ?? .null),
                ("hasDeck", .bool(status.hasDeck)),
                ("hasQuiz", .bool(status.hasQuiz)),
            ])
        }).serialized(pretty: false)
    }

    static func listText(_ statuses: [TopicStatus]) -> String {
        guard !statuses.isEmpty else { return "No topics ticked. Tick one: dose learn tick SUBJECT TOPIC\n" }
        var text = ""
        for status in statuses {
            var line = "[\(status.state.rawValue)] \(status.subject) — \(status.topic)"
            if status.state != .ready {
                var details: [String] = []
                if status.attempts > 0 { details.append("\(status.attempts) attempt\(status.attempts == 1 ? "" : "s")") }
                if status.hasDeck { details.append("deck ready") }
                if let next = status.nextAttemptAt { details.append("next try \(isoTime(next))") }
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

    /// Unix seconds as ISO 8601 in UTC: `2026-11-29T08:00:00Z`.
    static func isoTime(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        // Civil from days (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }
}
