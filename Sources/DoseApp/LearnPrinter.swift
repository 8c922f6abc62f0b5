import DoseCore
import DoseLearning
import DoseStore
import DoseSystem

/// Renders the checklist, decks and quizzes for the terminal and as JSON.
enum LearnPrinter {
    /// JSON Lines, one object per topic: subject, topic, state, attempts, failures, nextAttemptAt (RFC 3339
    /// with the zone's offset, as `dose-notify --dry-run --json` writes times), lastError, hasDeck, hasQuiz — each the
    /// topic's own — and `queue`: what holds every topic (`{state, reason, until}`), or null.
    static func listJSON(_ statuses: [TopicStatus], queue: QueueCondition?, zone: some ZoneRules) -> String {
        let condition = queueJSON(queue, zone: zone)
        return statuses.map { status in
            JSONValue.object([
                ("subject", .string(status.subject)),
                ("topic", .string(status.topic)),
                ("state", .string(status.state.rawValue)),
                ("attempts", .number(String(status.attempts))),
                ("failures", .number(String(status.failures))),
                ("nextAttemptAt", status.nextAttemptAt.map { .string(zone.iso8601($0)) } ?? .null),
                ("lastError", status.lastError.map(JSONValue.string) ?? .null),
                ("hasDeck", .bool(status.hasDeck)),
                ("hasQuiz", .bool(status.hasQuiz)),
                ("queue", condition),
            ]).serialized(pretty: false) + "\n"
        }.joined()
    }

    /// What holds every topic as JSON (`{state, reason, until}`), or null: `learn list` and `learn syllabus` share it.
    static func queueJSON(_ queue: QueueCondition?, zone: some ZoneRules) -> JSONValue {
        queue.map { queue in
            .object([
                ("state", .string(queue.name)),
                ("reason", queue.reason.map(JSONValue.string) ?? .null),
                ("until", queue.until.map { .string(zone.iso8601($0)) } ?? .null),
            ])
        } ?? .null
    }

    /// The checklist, times local (`next try at 15:28`), after what holds every topic, if anything, said once.
    static func listText(_ statuses: [TopicStatus], queue: QueueCondition?, now: Int64, zone: some ZoneRules) -> String {
        guard !statuses.isEmpty else { return tr("No topics ticked. Tick one: dose learn tick SUBJECT TOPIC") + "\n" }
        var text = queue.map { LearnWords.queue($0, now: now, zone: zone) + "\n" } ?? ""
        for status in statuses {
            var line = "[\(stateTag(status.state))] \(status.subject) — \(status.topic)"
            let details = LearnWords.details(status, now: now, zone: zone)
            if !details.isEmpty { line += " (" + details.joined(separator: "; ") + ")" }
            text += line + "\n"
        }
        return text
    }

    /// The state's word in `dose learn list`'s brackets: the JSON's value in English (`[pending]`), translated.
    static func stateTag(_ state: TopicStatus.State) -> String {
        switch state {
        // TRANSLATORS: the state tags of `dose learn list`, one word each between brackets.
        case .ready: tr("ready")
        case .pending: tr("pending")
        case .waitingForNetwork: tr("waiting-for-network")
        case .waitingForProvider: tr("waiting-for-provider")
        case .paused: tr("paused")
        }
    }

    static func deckText(_ deck: Deck, _ key: TopicKey, width: Int? = nil) -> String {
        var lines = [trn("Deck: {subject} — {topic} ({count} card)", "Deck: {subject} — {topic} ({count} cards)", deck.cards.count,
                         ["subject": key.subject, "topic": key.topic]), ""]
        for (index, card) in deck.cards.enumerated() {
            lines.append(plain(card.front, prefix: "\(index + 1). ", width: width))
            lines.append(plain(card.back, prefix: "   → ", width: width))
            lines.append("")
        }
        return lines.dropLast().joined(separator: "\n")
    }

    static func quizText(_ quiz: Quiz, _ key: TopicKey, width: Int? = nil) -> String {
        var lines = [trn("Quiz: {subject} — {topic} ({count} question)", "Quiz: {subject} — {topic} ({count} questions)",
                         quiz.questions.count, ["subject": key.subject, "topic": key.topic]), ""]
        for (index, question) in quiz.questions.enumerated() {
            lines.append("\(index + 1). " + questionText(question, order: Array(question.choices.indices), width: width))
        }
        lines.append(tr("Answers:"))
        for (index, question) in quiz.questions.enumerated() {
            lines.append(plain(question.explanation, prefix: "\(index + 1). \(letter(question.answer)) — ", width: width))
        }
        return lines.joined(separator: "\n")
    }

    /// A question's prompt and its choices, lettered A–D in `order` (position i shows choice `order[i]`).
    static func questionText(_ question: QuizQuestion, order: [Int], width: Int?) -> String {
        var lines = [plain(question.prompt, width: width)]
        for (position, choice) in order.enumerated() {
            lines.append(plain(question.choices[choice], prefix: "   \(letter(position))) ", width: width))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Score: 4 of 5 answered (6 questions)": unanswered questions (a quit, end of input) are not scored.
    static func scoreLine(_ score: QuizScore) -> String {
        guard score.answered > 0 else { return tr("No question answered: nothing scored.") }
        let tail = score.answered < score.total
            ? " " + tr("({missing} of {total} not asked)", ["missing": score.total - score.answered, "total": score.total]) : ""
        return tr("Score: {correct}/{answered}", ["correct": score.correct, "answered": score.answered]) + tail
    }

    /// The review of misses: each question, the answer given, the right one and why.
    static func missesText(_ misses: [QuizSession.Miss], quiz: Quiz, width: Int?) -> String {
        var lines = ["", tr("Missed ({count}):", ["count": misses.count])]
        for miss in misses {
            let question = quiz.questions[miss.question]
            lines.append(plain(question.prompt, prefix: "\(miss.question + 1). ", width: width))
            lines.append(plain(question.choices[miss.chosen], prefix: "   " + tr("You answered:") + " ", width: width))
            lines.append(plain(
                question.choices[question.answer] + " — " + question.explanation, prefix: "   " + tr("Right:") + " ", width: width))
        }
        return lines.joined(separator: "\n")
    }

    /// `[2 of 5]`: where a study session or a quiz round is.
    static func progress(_ position: Int, of count: Int) -> String {
        tr("[{position} of {count}]", ["position": position, "count": count])
    }

    static func letter(_ index: Int) -> String {
        ["A", "B", "C", "D"][max(0, min(3, index))]
    }

    /// Deck or quiz text for the terminal after `prefix`: `$…$` maths as plain Unicode (the
    /// notification's converter), wrapped to `width` when output is a terminal.
    ///
    /// Control characters are kept out of the converter (which would blank them) and left in place
    /// for `Console.print`, which shows them escaped: hostile text stays visible as what it is.
    static func plain(_ text: String, prefix: String = "", width: Int?) -> String {
        var converted = ""
        var segment = String.UnicodeScalarView()
        func flush() {
            if !segment.isEmpty { converted += LaTeXText.plainText(String(segment)) }
            segment = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t" && scalar != "\r" {
                flush()
                converted.unicodeScalars.append(scalar)
            } else {
                segment.append(scalar)
            }
        }
        flush()
        return width.map { TextWrap.wrap(prefix + converted, width: $0) } ?? prefix + converted
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
        guard !counts.isEmpty else { return tr("No decks to study yet. Tick a topic: dose learn tick SUBJECT TOPIC") + "\n" }
        var text = ""
        for count in counts {
            text += tr("{subject} — {topic}: {due} due, {new} new, {total} cards", [
                "subject": count.subject, "topic": count.topic, "due": count.due, "new": count.new, "total": count.total,
            ]) + "\n"
        }
        let due = counts.reduce(0) { $0 + $1.due }
        let new = counts.reduce(0) { $0 + $1.new }
        return text + tr("Overall: {due} due, {new} new", ["due": due, "new": new]) + "\n"
    }
}
