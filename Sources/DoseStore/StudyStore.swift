import DoseCore

/// Studying a topic: each deck card's FSRS state, the grade log (for undo), counts, the daily queue, quiz scores.
///
/// The scheduler and the clock are inputs. Only ticked topics with a deck take part in counts and
/// queues. Not `Sendable`, like `Database`.
public struct StudyStore {
    /// The daily queue's rules: every due card first (earliest due first), then at most `newPerDay`
    /// new cards a day across all topics (new cards first graded since `dayStart` count against it),
    /// then learning cards due within `learnAhead` seconds, so a session does not end while a card
    /// waits out its 1- or 10-minute step.
    public struct QueuePolicy: Sendable {
        public var newPerDay: Int
        public var learnAhead: Int64

        public init(newPerDay: Int = 20, learnAhead: Int64 = 1200) {
            self.newPerDay = newPerDay
            self.learnAhead = learnAhead
        }
    }

    public let database: Database
    private var connection: Connection { database.connection }

    public init(database: Database) {
        self.database = database
    }

    // MARK: Cards

    /// The review state of card `index` of a topic; a card never graded is new, due `now`.
    public func card(subject: String, topic: String, index: Int, now: Int64) throws(StoreError) -> FSRSCard {
        let statement = try connection.prepare("""
            SELECT state, step, stability, difficulty, due, last_review, reps, lapses
            FROM learn_reviews WHERE subject = ?1 AND topic = ?2 AND card = ?3
            """)
        try bindCard(statement, subject, topic, index)
        guard try statement.step("reading card \(index) of \(describe(subject, topic))") else { return .new(now: now) }
        return Self.readCard(statement, from: 0)
    }

    /// Grades a card: its new state from `scheduler` and the log row that can undo it, one transaction.
    @discardableResult
    public func grade(
        subject: String, topic: String, index: Int, grade: FSRSGrade, now: Int64, scheduler: FSRS = FSRS()
    ) throws(StoreError) -> FSRSCard {
        defer { database.reviewStateChanged() }
        return try connection.transaction("grading card \(index) of \(describe(subject, topic))") { () throws(StoreError) -> FSRSCard in
            let before = try card(subject: subject, topic: topic, index: index, now: now)
            let after = scheduler.review(before, grade: grade, now: now)
            let log = try connection.prepare("""
                INSERT INTO learn_review_log (subject, topic, card, grade, reviewed_at, prev_state, prev_step,
                    prev_stability, prev_difficulty, prev_due, prev_last_review, prev_reps, prev_lapses)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                """)
            try bindCard(log, subject, topic, index)
            try log.bind(Int64(grade.rawValue), at: 4)
            try log.bind(now, at: 5)
            if before.state == .new {
                for column in Int32(6)...13 { try log.bindNull(at: column) }
            } else {
                try Self.bindState(log, before, from: 6)
            }
            _ = try log.step("logging a grade")
            try write(subject, topic, index, after)
            return after
        }
    }

    /// Takes back the most recent grade — of one topic, or of any when `subject` and `topic` are nil —
    /// restoring the card's state before it. Nil when there is nothing to undo.
    public func undoLastGrade(subject: String? = nil, topic: String? = nil) throws(StoreError) -> UndoneGrade? {
        defer { database.reviewStateChanged() }
        return try connection.transaction("undoing the last grade") { () throws(StoreError) -> UndoneGrade? in
            let find = try connection.prepare("""
                SELECT id, subject, topic, card, grade, prev_state, prev_step, prev_stability, prev_difficulty,
                       prev_due, prev_last_review, prev_reps, prev_lapses
                FROM learn_review_log WHERE (?1 IS NULL OR (subject = ?1 AND topic = ?2))
                ORDER BY id DESC LIMIT 1
                """)
            try find.bind(subject, at: 1)
            try find.bind(topic, at: 2)
            guard try find.step("finding the last grade") else { return nil }
            let id = find.int64(at: 0)
            let (s, t, index) = (find.text(at: 1) ?? "", find.text(at: 2) ?? "", Int(find.int64(at: 3)))
            let grade = FSRSGrade(rawValue: Int(find.int64(at: 4))) ?? .again
            let previous: FSRSCard? = find.isNull(at: 5) ? nil : Self.readCard(find, from: 5)
            if let previous {
                try write(s, t, index, previous)
            } else {
                let delete = try connection.prepare("DELETE FROM learn_reviews WHERE subject = ?1 AND topic = ?2 AND card = ?3")
                try bindCard(delete, s, t, index)
                _ = try delete.step("returning a card to new")
            }
            let drop = try connection.prepare("DELETE FROM learn_review_log WHERE id = ?1")
            try drop.bind(id, at: 1)
            _ = try drop.step("dropping the undone grade")
            return UndoneGrade(subject: s, topic: t, index: index, grade: grade)
        }
    }

    // MARK: Counts and the queue

    /// Due, new and total cards of every ticked topic with a deck (or of one), ordered by subject then topic.
    public func counts(now: Int64, subject: String? = nil, topic: String? = nil) throws(StoreError) -> [StudyCounts] {
        let statement = try connection.prepare("""
            SELECT a.subject, a.topic, json_array_length(a.body, '$.cards') AS total,
                (SELECT count(*) FROM learn_reviews r WHERE r.subject = a.subject AND r.topic = a.topic
                    AND r.card < json_array_length(a.body, '$.cards') AND r.due <= ?1),
                (SELECT count(*) FROM learn_reviews r WHERE r.subject = a.subject AND r.topic = a.topic
                    AND r.card < json_array_length(a.body, '$.cards'))
            FROM learn_artifacts a JOIN learn_topics t ON t.subject = a.subject AND t.topic = a.topic
            WHERE a.kind = 'deck' AND (?2 IS NULL OR (a.subject = ?2 AND a.topic = ?3))
            ORDER BY a.subject, a.topic
            """)
        try statement.bind(now, at: 1)
        try statement.bind(subject, at: 2)
        try statement.bind(topic, at: 3)
        var result: [StudyCounts] = []
        while try statement.step("counting due cards") {
            let total = Int(statement.int64(at: 2))
            result.append(StudyCounts(
                subject: statement.text(at: 0) ?? "", topic: statement.text(at: 1) ?? "",
                due: Int(statement.int64(at: 3)), new: total - Int(statement.int64(at: 4)), total: total))
        }
        return result
    }

    /// New cards first graded since `dayStart` (they count against the day's limit).
    public func newCardsStudied(since dayStart: Int64) throws(StoreError) -> Int {
        let statement = try connection.prepare(
            "SELECT count(*) FROM learn_review_log WHERE prev_state IS NULL AND reviewed_at >= ?1")
        try statement.bind(dayStart, at: 1)
        _ = try statement.step("counting today's new cards")
        return Int(statement.int64(at: 0))
    }

    /// Today's queue across topics (or of one topic): due cards by due time, then new cards up to
    /// the day's limit in subject, topic and deck order, then learning cards due soon (see `QueuePolicy`).
    public func queue(
        now: Int64, dayStart: Int64, policy: QueuePolicy = QueuePolicy(), subject: String? = nil, topic: String? = nil
    ) throws(StoreError) -> [StudyCard] {
        var result = try reviewed(dueBy: now, subject: subject, topic: topic)
        var allowance = max(0, policy.newPerDay - (try newCardsStudied(since: dayStart)))
        if allowance > 0 {
            let statement = try connection.prepare("""
                SELECT a.subject, a.topic, json_array_length(a.body, '$.cards'),
                    (SELECT group_concat(r.card) FROM learn_reviews r WHERE r.subject = a.subject AND r.topic = a.topic)
                FROM learn_artifacts a JOIN learn_topics t ON t.subject = a.subject AND t.topic = a.topic
                WHERE a.kind = 'deck' AND (?1 IS NULL OR (a.subject = ?1 AND a.topic = ?2))
                ORDER BY a.subject, a.topic
                """)
            try statement.bind(subject, at: 1)
            try statement.bind(topic, at: 2)
            while allowance > 0, try statement.step("listing new cards") {
                let (s, t) = (statement.text(at: 0) ?? "", statement.text(at: 1) ?? "")
                let seen = Set((statement.text(at: 3) ?? "").split(separator: ",").compactMap { Int($0) })
                for index in 0..<Int(statement.int64(at: 2)) where !seen.contains(index) && allowance > 0 {
                    result.append(StudyCard(subject: s, topic: t, index: index, state: .new(now: now)))
                    allowance -= 1
                }
            }
        }
        let ahead = try reviewed(dueBy: now + policy.learnAhead, subject: subject, topic: topic)
            .filter { $0.state.due > now && $0.state.state != .review }
        return result + ahead
    }

    /// What the scheduler needs to count due cards at any instant as `queue` would (`DueSummary`): each ticked
    /// topic with a deck in the queue's order, its studied cards' due times and its new cards, and the recent
    /// first studies that count against a day's new-card limit. One read transaction, so one committed state;
    /// a function of the store alone (no clock), so an unchanged store gives the same summary.
    public func dueSummary(policy: QueuePolicy = QueuePolicy()) throws(StoreError) -> DueSummary {
        try connection.readTransaction("summarising due cards") { () throws(StoreError) -> DueSummary in
            struct Key: Hashable { let subject: String, topic: String }
            let decks = try connection.prepare("""
                SELECT a.subject, a.topic, json_array_length(a.body, '$.cards')
                FROM learn_artifacts a JOIN learn_topics t ON t.subject = a.subject AND t.topic = a.topic
                WHERE a.kind = 'deck' ORDER BY a.subject, a.topic
                """)
            var order: [(key: Key, total: Int)] = []
            while try decks.step("listing decks") {
                order.append((Key(subject: decks.text(at: 0) ?? "", topic: decks.text(at: 1) ?? ""), Int(decks.int64(at: 2))))
            }
            let reviews = try connection.prepare("""
                SELECT r.subject, r.topic, r.due
                FROM learn_reviews r
                JOIN learn_artifacts a ON a.subject = r.subject AND a.topic = r.topic AND a.kind = 'deck'
                JOIN learn_topics t ON t.subject = r.subject AND t.topic = r.topic
                WHERE r.card < json_array_length(a.body, '$.cards')
                """)
            var due: [Key: [Int64]] = [:]
            while try reviews.step("listing due times") {
                due[Key(subject: reviews.text(at: 0) ?? "", topic: reviews.text(at: 1) ?? ""), default: []].append(reviews.int64(at: 2))
            }
            let firsts = try connection.prepare("""
                SELECT reviewed_at FROM learn_review_log
                WHERE prev_state IS NULL AND reviewed_at >= (SELECT max(reviewed_at) FROM learn_review_log) - ?1
                ORDER BY reviewed_at
                """)
            try firsts.bind(DueSummary.newStudiedWindow, at: 1)
            var newStudied: [Int64] = []
            while try firsts.step("listing recent first studies") { newStudied.append(firsts.int64(at: 0)) }
            let topics = order.map { deck in
                let studied = due[deck.key] ?? []
                return DueSummary.Topic(due: studied, new: max(0, deck.total - studied.count))
            }
            return DueSummary(newPerDay: policy.newPerDay, newStudied: newStudied, topics: topics)
        }
    }

    // MARK: Quiz scores

    /// Adds a quiz attempt to a topic's history, or rewrites the attempt `row` (a sitting still going, whose
    /// score grows with each answer); the attempt's row.
    @discardableResult
    public func recordQuizScore(subject: String, topic: String, score: QuizScore, replacing row: Int64? = nil) throws(StoreError) -> Int64 {
        let statement = try connection.prepare("""
            INSERT INTO learn_quiz_scores (id, subject, topic, taken_at, answered, correct, total)
            VALUES (?7, ?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (id) DO UPDATE SET subject = excluded.subject, topic = excluded.topic,
                taken_at = excluded.taken_at, answered = excluded.answered, correct = excluded.correct, total = excluded.total
            RETURNING id
            """)
        try statement.bind(subject, at: 1)
        try statement.bind(topic, at: 2)
        try statement.bind(score.takenAt, at: 3)
        try statement.bind(Int64(score.answered), at: 4)
        try statement.bind(Int64(score.correct), at: 5)
        try statement.bind(Int64(score.total), at: 6)
        if let row { try statement.bind(row, at: 7) } else { try statement.bindNull(at: 7) }
        let operation = "recording a quiz score of \(describe(subject, topic))"
        guard try statement.step(operation) else { throw StoreError(sqliteCode: nil, message: "no row id returned", operation: operation) }
        let id = statement.int64(at: 0)
        _ = try statement.step(operation)  // run to the end, so the statement's write is over before it is used
        return id
    }

    /// A topic's quiz scores, oldest first.
    public func quizScores(subject: String, topic: String) throws(StoreError) -> [QuizScore] {
        let statement = try connection.prepare("""
            SELECT taken_at, answered, correct, total FROM learn_quiz_scores
            WHERE subject = ?1 AND topic = ?2 ORDER BY taken_at, id
            """)
        try statement.bind(subject, at: 1)
        try statement.bind(topic, at: 2)
        var result: [QuizScore] = []
        while try statement.step("reading quiz scores of \(describe(subject, topic))") {
            result.append(QuizScore(
                takenAt: statement.int64(at: 0), answered: Int(statement.int64(at: 1)),
                correct: Int(statement.int64(at: 2)), total: Int(statement.int64(at: 3))))
        }
        return result
    }

    // MARK: Private

    /// Graded cards of ticked topics due by `time`, earliest first.
    private func reviewed(dueBy time: Int64, subject: String?, topic: String?) throws(StoreError) -> [StudyCard] {
        let statement = try connection.prepare("""
            SELECT r.subject, r.topic, r.card, r.state, r.step, r.stability, r.difficulty, r.due, r.last_review, r.reps, r.lapses
            FROM learn_reviews r
            JOIN learn_artifacts a ON a.subject = r.subject AND a.topic = r.topic AND a.kind = 'deck'
            JOIN learn_topics t ON t.subject = r.subject AND t.topic = r.topic
            WHERE r.due <= ?1 AND r.card < json_array_length(a.body, '$.cards')
                AND (?2 IS NULL OR (r.subject = ?2 AND r.topic = ?3))
            ORDER BY r.due, r.subject, r.topic, r.card
            """)
        try statement.bind(time, at: 1)
        try statement.bind(subject, at: 2)
        try statement.bind(topic, at: 3)
        var result: [StudyCard] = []
        while try statement.step("listing due cards") {
            result.append(StudyCard(
                subject: statement.text(at: 0) ?? "", topic: statement.text(at: 1) ?? "",
                index: Int(statement.int64(at: 2)), state: Self.readCard(statement, from: 3)))
        }
        return result
    }

    private func write(_ subject: String, _ topic: String, _ index: Int, _ card: FSRSCard) throws(StoreError) {
        let statement = try connection.prepare("""
            INSERT OR REPLACE INTO learn_reviews
                (subject, topic, card, state, step, stability, difficulty, due, last_review, reps, lapses)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        try bindCard(statement, subject, topic, index)
        try Self.bindState(statement, card, from: 4)
        _ = try statement.step("storing card \(index) of \(describe(subject, topic))")
    }

    /// Binds state, step, stability, difficulty, due, last review, reps, lapses from parameter `first` on.
    private static func bindState(_ statement: Statement, _ card: FSRSCard, from first: Int32) throws(StoreError) {
        try statement.bind(card.state.rawValue, at: first)
        if let step = card.step { try statement.bind(Int64(step), at: first + 1) } else { try statement.bindNull(at: first + 1) }
        try statement.bindReal(card.stability ?? 0, at: first + 2)
        try statement.bindReal(card.difficulty ?? 0, at: first + 3)
        try statement.bind(card.due, at: first + 4)
        try statement.bind(card.lastReview ?? card.due, at: first + 5)
        try statement.bind(Int64(card.reps), at: first + 6)
        try statement.bind(Int64(card.lapses), at: first + 7)
    }

    /// Reads the eight state columns from column `first` on.
    private static func readCard(_ statement: Statement, from first: Int32) -> FSRSCard {
        FSRSCard(
            state: FSRSCard.State(rawValue: statement.text(at: first) ?? "") ?? .learning,
            step: statement.isNull(at: first + 1) ? nil : Int(statement.int64(at: first + 1)),
            stability: statement.double(at: first + 2), difficulty: statement.double(at: first + 3),
            due: statement.int64(at: first + 4), lastReview: statement.int64(at: first + 5),
            reps: Int(statement.int64(at: first + 6)), lapses: Int(statement.int64(at: first + 7)))
    }

    private func bindCard(_ statement: Statement, _ subject: String, _ topic: String, _ index: Int) throws(StoreError) {
        try statement.bind(subject, at: 1)
        try statement.bind(topic, at: 2)
        try statement.bind(Int64(index), at: 3)
    }

    private func describe(_ subject: String, _ topic: String) -> String {
        "topic \"\(topic)\" of subject \"\(subject)\""
    }
}

@available(*, unavailable, message: "a study store uses a connection that belongs to one thread")
extension StudyStore: Sendable {}
