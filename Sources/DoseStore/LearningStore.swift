/// The learning queue's tables: the checklist, pending entries, artifacts and the queue state.
///
/// Every change that must not be half-done is one transaction: a tick writes the checklist
/// row and the pending entry together; storing an artifact clears the entry in the same
/// commit exactly when the store then holds both artifacts. Not `Sendable`, like `Database`.
public struct LearningStore {
    /// What a tick did.
    public enum TickOutcome: Sendable, Equatable {
        /// Both artifacts already exist: ticked, nothing to generate.
        case alreadyComplete
        /// The topic is pending; `isNew` is false when it already was (attempts kept).
        case pending(isNew: Bool)
    }

    public let database: Database
    private var connection: Connection { database.connection }

    public init(database: Database) {
        self.database = database
    }

    // MARK: The checklist

    /// Ticks a topic and, unless both artifacts already exist, records the pending entry — one transaction.
    ///
    /// Ticking twice keeps the first entry (its attempts and backoff), so nothing is asked for twice;
    /// so does ticking it in another spelling (`resolve`): the first spelling is the one ticked.
    public func tick(subject: String, topic: String, now: Int64) throws(StoreError) -> TickOutcome {
        defer { database.reviewStateChanged() }  // a topic ticked again brings its deck back into the counts
        return try connection.transaction("ticking \(describe(subject, topic))") { () throws(StoreError) -> TickOutcome in
            let (subject, topic) = try resolve(subject: subject, topic: topic)
            let insertTopic = try connection.prepare("""
                INSERT INTO learn_topics (subject, topic, ticked_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (subject, topic) DO NOTHING
                """)
            try bindKey(insertTopic, subject, topic)
            try insertTopic.bind(now, at: 3)
            _ = try insertTopic.step("ticking \(describe(subject, topic))")
            let (deck, quiz) = try artifactPresence(subject, topic)
            if deck && quiz {
                // A re-tick of a finished topic: an old entry (if any) has nothing left to promise.
                try deletePending(subject, topic)
                return .alreadyComplete
            }
            let insertPending = try connection.prepare("""
                INSERT INTO learn_pending (subject, topic, requested_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (subject, topic) DO NOTHING
                """)
            try bindKey(insertPending, subject, topic)
            try insertPending.bind(now, at: 3)
            _ = try insertPending.step("recording the pending entry of \(describe(subject, topic))")
            return .pending(isNew: try changes() > 0)
        }
    }

    /// Unticks a topic; its pending entry goes with it (foreign-key cascade). False when it was not ticked.
    ///
    /// Artifacts stay: ticking it again must not pay for them twice.
    @discardableResult
    public func untick(subject: String, topic: String) throws(StoreError) -> Bool {
        defer { database.reviewStateChanged() }
        return try connection.transaction("unticking \(describe(subject, topic))") { () throws(StoreError) -> Bool in
            try deletePending(subject, topic)
            let statement = try connection.prepare("DELETE FROM learn_topics WHERE subject = ?1 AND topic = ?2")
            try bindKey(statement, subject, topic)
            _ = try statement.step("unticking \(describe(subject, topic))")
            return try changes() > 0
        }
    }

    /// Every ticked topic, ordered by subject then topic, with its pending entry and artifacts.
    public func entries() throws(StoreError) -> [LearningEntry] {
        let statement = try connection.prepare(Self.selectEntries + " ORDER BY t.subject, t.topic")
        return try readEntries(statement)
    }

    /// One ticked topic, or nil when it is not ticked.
    public func entry(subject: String, topic: String) throws(StoreError) -> LearningEntry? {
        let statement = try connection.prepare(Self.selectEntries + " WHERE t.subject = ?1 AND t.topic = ?2")
        try bindKey(statement, subject, topic)
        return try readEntries(statement).first
    }

    /// Clears a pending entry whose artifacts both exist already; true when it did.
    @discardableResult
    public func settle(subject: String, topic: String) throws(StoreError) -> Bool {
        try connection.transaction("settling \(describe(subject, topic))") { () throws(StoreError) -> Bool in
            let (deck, quiz) = try artifactPresence(subject, topic)
            guard deck && quiz else { return false }
            try deletePending(subject, topic)
            return try changes() > 0
        }
    }

    // MARK: Artifacts

    /// The stored JSON of an artifact, or nil when it does not exist.
    public func artifact(subject: String, topic: String, kind: LearningArtifactKind) throws(StoreError) -> String? {
        let statement = try connection.prepare(
            "SELECT body FROM learn_artifacts WHERE subject = ?1 AND topic = ?2 AND kind = ?3")
        try bindKey(statement, subject, topic)
        try statement.bind(kind.rawValue, at: 3)
        guard try statement.step("reading the \(kind) of \(describe(subject, topic))") else { return nil }
        return statement.text(at: 0)
    }

    /// Stores a validated artifact and, in the same transaction, counts the attempt, resets the topic's
    /// backoff (and the provider-wide hold: the provider answered) and clears the pending entry if the store
    /// now holds both artifacts.
    ///
    /// An existing artifact is never replaced. Returns true when the topic's entry was cleared.
    @discardableResult
    public func storeArtifact(
        subject: String, topic: String, kind: LearningArtifactKind, body: String, model: String?, now: Int64
    ) throws(StoreError) -> Bool {
        defer { database.reviewStateChanged() }  // a deck's cards arrive new
        return try connection.transaction("storing the \(kind) of \(describe(subject, topic))") { () throws(StoreError) -> Bool in
            let insert = try connection.prepare("""
                INSERT INTO learn_artifacts (subject, topic, kind, body, model, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (subject, topic, kind) DO NOTHING
                """)
            try bindKey(insert, subject, topic)
            try insert.bind(kind.rawValue, at: 3)
            try insert.bind(body, at: 4)
            try insert.bind(model, at: 5)
            try insert.bind(now, at: 6)
            _ = try insert.step("storing the \(kind) of \(describe(subject, topic))")
            try finishAttempt(subject, topic, lastError: nil, nextAttemptAt: nil, countsAsAttempt: true)
            try setTopicBackoff(subject, topic, failures: 0, serverFailed: false)
            try providerAnswered()
            // Asked of the store, not inferred from this call: both or neither.
            let (deck, quiz) = try artifactPresence(subject, topic)
            guard deck && quiz else { return false }
            try deletePending(subject, topic)
            return true
        }
    }

    // MARK: Attempts

    /// Marks a topic's request as running. False when it is no longer pending (unticked, or done by another process).
    public func beginAttempt(subject: String, topic: String, now: Int64) throws(StoreError) -> Bool {
        try connection.transaction("starting an attempt for \(describe(subject, topic))") { () throws(StoreError) -> Bool in
            let statement = try connection.prepare(
                "UPDATE learn_pending SET in_flight_since = ?3 WHERE subject = ?1 AND topic = ?2")
            try bindKey(statement, subject, topic)
            try statement.bind(now, at: 3)
            _ = try statement.step("starting an attempt for \(describe(subject, topic))")
            return try changes() > 0
        }
    }

    /// Records a failed attempt: the topic's own backoff and, when the provider as a whole is at fault, a hold
    /// of every topic (`FailureRecord`, decided by the planner), in one transaction.
    public func recordFailure(subject: String, topic: String, _ record: FailureRecord) throws(StoreError) {
        try connection.transaction("recording a failure of \(describe(subject, topic))") { () throws(StoreError) in
            try finishAttempt(
                subject, topic, lastError: record.error, nextAttemptAt: record.topic?.nextAttemptAt, countsAsAttempt: true,
                keepNext: record.topic == nil)
            if record.providerAnswered { try providerAnswered() }
            if let backoff = record.topic {
                try setTopicBackoff(subject, topic, failures: backoff.failures, serverFailed: record.serverFailed)
            }
            if let hold = record.hold {
                let statement = try connection.prepare(
                    "UPDATE learn_state SET failures = ?1, hold_until = ?2, hold_reason = ?3 WHERE id = 1")
                try statement.bind(Int64(hold.failures), at: 1)
                try statement.bind(hold.until, at: 2)
                try statement.bind(hold.reason, at: 3)
                _ = try statement.step("holding every topic")
            }
        }
    }

    /// Ends an attempt that found the network gone: not an attempt, so nothing is counted.
    public func recordOffline(subject: String, topic: String, reason: String) throws(StoreError) {
        try connection.transaction("recording an offline wait of \(describe(subject, topic))") { () throws(StoreError) in
            try finishAttempt(subject, topic, lastError: reason, nextAttemptAt: nil, countsAsAttempt: false, keepNext: true)
        }
    }

    /// Ends an attempt that retrying cannot fix and pauses the queue, in one transaction.
    ///
    /// Not counted as an attempt (like an offline wait): the request says nothing about the topic,
    /// only about the provider settings, and a pause must not eat into the topic's retries.
    public func pause(subject: String, topic: String, reason: String, fingerprint: String) throws(StoreError) {
        try connection.transaction("pausing the learning queue") { () throws(StoreError) in
            try finishAttempt(subject, topic, lastError: reason, nextAttemptAt: nil, countsAsAttempt: false)
            try setPause(reason: reason, fingerprint: fingerprint)
        }
    }

    /// Pauses the queue without an attempt (a key file that cannot be used, say).
    public func pause(reason: String, fingerprint: String) throws(StoreError) {
        try connection.transaction("pausing the learning queue") { () throws(StoreError) in
            try setPause(reason: reason, fingerprint: fingerprint)
        }
    }

    /// Lifts a pause (the provider settings changed).
    public func resume() throws(StoreError) {
        try execute(
            "UPDATE learn_state SET pause_reason = NULL, pause_fingerprint = NULL WHERE id = 1", "resuming the learning queue")
    }

    /// "Retry now": makes a pending topic due at once — its own next try, the queue's hold and a pause are
    /// cleared in one transaction, so the next pass tries it (a pause or hold that still applies comes back
    /// after that one attempt). Attempts, the last error and the topic's failures are kept, so a new failure
    /// backs off further. False when the topic is not pending.
    @discardableResult
    public func retryNow(subject: String, topic: String) throws(StoreError) -> Bool {
        try connection.transaction("retrying \(describe(subject, topic))") { () throws(StoreError) -> Bool in
            let statement = try connection.prepare(
                "UPDATE learn_pending SET next_attempt_at = NULL WHERE subject = ?1 AND topic = ?2")
            try bindKey(statement, subject, topic)
            _ = try statement.step("retrying \(describe(subject, topic))")
            guard try changes() > 0 else { return false }
            try execute("""
                UPDATE learn_state SET hold_until = NULL, hold_reason = NULL, pause_reason = NULL, pause_fingerprint = NULL
                WHERE id = 1
                """, "lifting the backoff for a retry")
            return true
        }
    }

    /// Clears in-flight marks left by a process that died mid-request; each counts as an attempt.
    ///
    /// Call only while holding the generation lock, so no live request is mistaken for a stale one.
    @discardableResult
    public func clearStaleInFlight() throws(StoreError) -> Int {
        try connection.transaction("clearing stale in-flight marks") { () throws(StoreError) -> Int in
            try execute("""
                UPDATE learn_pending
                SET in_flight_since = NULL, attempts = attempts + 1,
                    last_error = 'interrupted: the process stopped during a request'
                WHERE in_flight_since IS NOT NULL
                """, "clearing stale in-flight marks")
            return try changes()
        }
    }

    /// Rewrites the stored failure messages (each pending topic's last error, the pause and hold reasons) through
    /// `transform`, in one transaction; returns how many changed. The learning worker takes the provider's
    /// key out of messages stored before it did so on the way in.
    @discardableResult
    public func rewriteMessages(_ transform: (String) -> String) throws(StoreError) -> Int {
        // The old text is zeroed where SQLite frees it, not just unlinked from the row.
        try execute("PRAGMA secure_delete = ON", "asking for secure deletes")
        return try connection.transaction("rewriting stored provider messages") { () throws(StoreError) -> Int in
            var changed = 0
            let pending = try connection.prepare("SELECT subject, topic, last_error FROM learn_pending WHERE last_error IS NOT NULL")
            var rewrites: [(subject: String, topic: String, message: String)] = []
            while try pending.step("reading stored provider messages") {
                guard let subject = pending.text(at: 0), let topic = pending.text(at: 1), let message = pending.text(at: 2) else { continue }
                let rewritten = transform(message)
                if rewritten != message { rewrites.append((subject, topic, rewritten)) }
            }
            for rewrite in rewrites {
                let update = try connection.prepare("UPDATE learn_pending SET last_error = ?3 WHERE subject = ?1 AND topic = ?2")
                try bindKey(update, rewrite.subject, rewrite.topic)
                try update.bind(rewrite.message, at: 3)
                _ = try update.step("rewriting a stored provider message")
                changed += 1
            }
            let state = try queueState()
            for (column, reason) in [("pause_reason", state.pauseReason), ("hold_reason", state.holdReason)] {
                guard let reason, transform(reason) != reason else { continue }
                let update = try connection.prepare("UPDATE learn_state SET \(column) = ?1 WHERE id = 1")
                try update.bind(transform(reason), at: 1)
                _ = try update.step("rewriting a stored reason")
                changed += 1
            }
            return changed
        }
    }

    /// The queue-wide state.
    public func queueState() throws(StoreError) -> LearningQueueState {
        let statement = try connection.prepare(
            "SELECT failures, hold_until, hold_reason, pause_reason, pause_fingerprint FROM learn_state WHERE id = 1")
        guard try statement.step("reading the learning queue state") else { return LearningQueueState() }
        return LearningQueueState(
            failures: Int(statement.int64(at: 0)),
            holdUntil: statement.isNull(at: 1) ? nil : statement.int64(at: 1), holdReason: statement.text(at: 2),
            pauseReason: statement.text(at: 3), pauseFingerprint: statement.text(at: 4))
    }

    // MARK: Private

    private static let selectEntries = """
        SELECT t.subject, t.topic, t.ticked_at,
               p.requested_at, p.attempts, p.next_attempt_at, p.last_error, p.in_flight_since, p.failures, p.server_failed,
               EXISTS (SELECT 1 FROM learn_artifacts a WHERE a.subject = t.subject AND a.topic = t.topic AND a.kind = 'deck'),
               EXISTS (SELECT 1 FROM learn_artifacts a WHERE a.subject = t.subject AND a.topic = t.topic AND a.kind = 'quiz')
        FROM learn_topics AS t
        LEFT JOIN learn_pending AS p ON p.subject = t.subject AND p.topic = t.topic
        """

    private func readEntries(_ statement: Statement) throws(StoreError) -> [LearningEntry] {
        var result: [LearningEntry] = []
        while try statement.step("reading the learning checklist") {
            let pending: LearningEntry.Pending? = statement.isNull(at: 3) ? nil : LearningEntry.Pending(
                requestedAt: statement.int64(at: 3), attempts: Int(statement.int64(at: 4)),
                nextAttemptAt: statement.isNull(at: 5) ? nil : statement.int64(at: 5),
                lastError: statement.text(at: 6),
                inFlightSince: statement.isNull(at: 7) ? nil : statement.int64(at: 7),
                failures: Int(statement.int64(at: 8)), serverFailed: statement.int64(at: 9) != 0)
            result.append(LearningEntry(
                subject: statement.text(at: 0) ?? "", topic: statement.text(at: 1) ?? "",
                tickedAt: statement.int64(at: 2), pending: pending,
                hasDeck: statement.int64(at: 10) != 0, hasQuiz: statement.int64(at: 11) != 0))
        }
        return result
    }

    private func artifactPresence(_ subject: String, _ topic: String) throws(StoreError) -> (deck: Bool, quiz: Bool) {
        let statement = try connection.prepare("SELECT kind FROM learn_artifacts WHERE subject = ?1 AND topic = ?2")
        try bindKey(statement, subject, topic)
        var deck = false
        var quiz = false
        while try statement.step("reading the artifacts of \(describe(subject, topic))") {
            switch statement.text(at: 0) {
            case "deck": deck = true
            case "quiz": quiz = true
            default: break
            }
        }
        return (deck, quiz)
    }

    /// Clears the in-flight mark and writes the attempt's outcome onto a still-pending entry.
    private func finishAttempt(
        _ subject: String, _ topic: String, lastError: String?, nextAttemptAt: Int64?, countsAsAttempt: Bool,
        keepNext: Bool = false
    ) throws(StoreError) {
        let statement = try connection.prepare("""
            UPDATE learn_pending
            SET in_flight_since = NULL, attempts = attempts + ?3, last_error = ?4,
                next_attempt_at = CASE WHEN ?6 THEN next_attempt_at ELSE ?5 END
            WHERE subject = ?1 AND topic = ?2
            """)
        try bindKey(statement, subject, topic)
        try statement.bind(countsAsAttempt ? 1 : 0, at: 3)
        try statement.bind(lastError, at: 4)
        if let nextAttemptAt { try statement.bind(nextAttemptAt, at: 5) } else { try statement.bindNull(at: 5) }
        try statement.bind(keepNext ? 1 : 0, at: 6)
        _ = try statement.step("recording an attempt of \(describe(subject, topic))")
    }

    /// A topic's own backoff step and whether the server failed its last request.
    private func setTopicBackoff(_ subject: String, _ topic: String, failures: Int, serverFailed: Bool) throws(StoreError) {
        let statement = try connection.prepare(
            "UPDATE learn_pending SET failures = ?3, server_failed = ?4 WHERE subject = ?1 AND topic = ?2")
        try bindKey(statement, subject, topic)
        try statement.bind(Int64(failures), at: 3)
        try statement.bind(serverFailed ? 1 : 0, at: 4)
        _ = try statement.step("recording the backoff of \(describe(subject, topic))")
    }

    /// The provider answered: it is up, so the provider-wide hold and what counted toward judging it down go.
    private func providerAnswered() throws(StoreError) {
        try execute("UPDATE learn_pending SET server_failed = 0 WHERE server_failed != 0", "the provider answered")
        try execute(
            "UPDATE learn_state SET failures = 0, hold_until = NULL, hold_reason = NULL WHERE id = 1", "lifting the provider's hold")
    }

    private func setPause(reason: String, fingerprint: String) throws(StoreError) {
        let statement = try connection.prepare(
            "UPDATE learn_state SET pause_reason = ?1, pause_fingerprint = ?2 WHERE id = 1")
        try statement.bind(reason, at: 1)
        try statement.bind(fingerprint, at: 2)
        _ = try statement.step("pausing the learning queue")
    }

    private func deletePending(_ subject: String, _ topic: String) throws(StoreError) {
        let statement = try connection.prepare("DELETE FROM learn_pending WHERE subject = ?1 AND topic = ?2")
        try bindKey(statement, subject, topic)
        _ = try statement.step("clearing the pending entry of \(describe(subject, topic))")
    }

    private func bindKey(_ statement: Statement, _ subject: String, _ topic: String) throws(StoreError) {
        try statement.bind(subject, at: 1)
        try statement.bind(topic, at: 2)
    }

    private func execute(_ sql: String, _ operation: String) throws(StoreError) {
        try connection.execute(sql, operation)
    }

    /// Rows changed by the last statement on this connection.
    private func changes() throws(StoreError) -> Int {
        let statement = try connection.prepare("SELECT changes()")
        _ = try statement.step("counting changed rows")
        return Int(statement.int64(at: 0))
    }

    private func describe(_ subject: String, _ topic: String) -> String {
        "topic \"\(topic)\" of subject \"\(subject)\""
    }
}

@available(*, unavailable, message: "a learning store uses a connection that belongs to one thread")
extension LearningStore: Sendable {}
