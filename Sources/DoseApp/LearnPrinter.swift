import DoseCore
import DoseLearning
import DoseSystem

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
        guard !statuses.isEmpty else { return tr("No topics ticked. Tick one: dose learn tick SUBJECT TOPIC") + "\n" }
        var text = ""
        for status in statuses {
            var line = "[\(status.state.rawValue)] \(status.subject) — \(status.topic)"
            if status.state != .ready {
                var details: [String] = []
                if status.attempts > 0 { details.append(trn("{count} attempt", "{count} attempts", status.attempts)) }
                if status.hasDeck { details.append(tr("deck ready")) }
                if let next = status.nextAttemptAt {
                    details.append(tr("next try {when}", ["when": DateText.current.describe(next, now: now, zone: zone)]))
                }
                // A provider's words: on this line, whatever newlines they carry.
                if let error = status.lastError { details.append(TerminalText.safe(error, keepingLayout: false)) }
                if !details.isEmpty { line += " (" + details.joined(separator: "; ") + ")" }
            }
            text += line + "\n"
        }
        return text
    }

    static func deckText(_ deck: Deck, _ key: TopicKey) -> String {
        var lines = [trn("Deck: {subject} — {topic} ({count} card)", "Deck: {subject} — {topic} ({count} cards)", deck.cards.count,
                         ["subject": key.subject, "topic": key.topic]), ""]
        for (index, card) in deck.cards.enumerated() {
            lines.append("\(index + 1). \(card.front)")
            lines.append("   → \(card.back)")
            lines.append("")
        }
        return lines.dropLast().joined(separator: "\n")
    }

    static func quizText(_ quiz: Quiz, _ key: TopicKey) -> String {
        var lines = [trn("Quiz: {subject} — {topic} ({count} question)", "Quiz: {subject} — {topic} ({count} questions)",
                         quiz.questions.count, ["subject": key.subject, "topic": key.topic]), ""]
        for (index, question) in quiz.questions.enumerated() {
            lines.append(questionText(question, number: index + 1))
        }
        lines.append(tr("Answers:"))
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
}
