import DoseCore
import DoseStore
import DoseSystem

/// A topic's quiz scores in words, with local dates: `dose learn quiz --history` prints them and the app's
/// Quiz page lists them.
public enum QuizHistoryText {
    /// "Tuesday, December 1, 2026 at 14:05: 4 of 5 right (1 of 6 not asked)": the score over answered
    /// questions, the unasked ones said apart.
    public static func line(_ score: QuizScore, zone: some ZoneRules, dates: DateText = .current) -> String {
        let local = zone.localDateTime(at: score.takenAt)
        // TRANSLATORS: one line of a quiz's score history: the day (a long date), the time, the score.
        var text = tr("{date} at {time}: {correct} of {answered} right", [
            "date": dates.cardDate(local.date), "time": dates.time(local.time),
            "correct": score.correct, "answered": score.answered,
        ])
        if score.answered < score.total {
            text += " " + tr("({missing} of {total} not asked)", ["missing": score.total - score.answered, "total": score.total])
        }
        return text
    }

    /// The heading and one line per score, oldest first; a sentence of its own without scores.
    public static func lines(_ scores: [QuizScore], subject: String, topic: String, zone: some ZoneRules) -> [String] {
        guard !scores.isEmpty else {
            return [tr("No quiz score yet for {subject} — {topic}.", ["subject": subject, "topic": topic])]
        }
        return [tr("Quiz scores: {subject} — {topic}", ["subject": subject, "topic": topic])]
            + scores.map { line($0, zone: zone) }
    }
}
