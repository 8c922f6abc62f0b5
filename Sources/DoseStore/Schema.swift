/// The database schema as an ordered list of migration steps.
///
/// Step `i` upgrades a database from `PRAGMA user_version` `i` to `i + 1`; the
/// current version is `migrations.count`. To change the schema, append a step;
/// never edit a step that has shipped, because existing files already ran it.
enum Schema {
    static let migrations: [String] = [version1, version2, version3, version4, version5]

    /// Version 1: the pool (items and their branch tags) and sync bookkeeping.
    ///
    /// The rules live in CHECK constraints, so nothing malformed gets in by any
    /// path, including a hand-edited file or a future bug in the Swift side.
    /// `typeof` checks matter because a TEXT column still accepts blobs and,
    /// through affinity, turns numbers into text.
    private static let version1 = """
        CREATE TABLE items (
            id TEXT PRIMARY KEY NOT NULL CHECK (
                typeof(id) = 'text'
                AND length(CAST(id AS BLOB)) BETWEEN 1 AND 128
                -- No control characters (Unicode Cc: U+0000-U+001F, U+007F-U+009F).
                -- GLOB stops at a NUL, so NUL is looked for in the bytes.
                AND instr(CAST(id AS BLOB), x'00') = 0
                AND id NOT GLOB ('*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || ']*')
            ),
            kind TEXT NOT NULL CHECK (kind IN ('fact', 'formula', 'question')),
            sort_key INTEGER NOT NULL DEFAULT 0 CHECK (typeof(sort_key) = 'integer'),
            title TEXT CHECK (title IS NULL OR typeof(title) = 'text'),
            text TEXT NOT NULL CHECK (typeof(text) = 'text'),
            answer TEXT CHECK (answer IS NULL OR typeof(answer) = 'text'),
            explanation TEXT CHECK (explanation IS NULL OR typeof(explanation) = 'text'),
            -- A question has an answer; a fact or a formula has none.
            CHECK ((kind = 'question') = (answer IS NOT NULL))
        );

        -- An item with no tags is common: shown to every branch.
        CREATE TABLE item_tags (
            item_id TEXT NOT NULL REFERENCES items (id) ON DELETE CASCADE,
            -- Exactly two ASCII capital letters; GLOB is case-sensitive, and the
            -- byte length rules out anything GLOB might read past.
            tag TEXT NOT NULL CHECK (
                typeof(tag) = 'text'
                AND length(CAST(tag AS BLOB)) = 2
                AND tag GLOB '[A-Z][A-Z]'
            ),
            PRIMARY KEY (item_id, tag)
        ) WITHOUT ROWID;

        -- Sync bookkeeping: ETag, Last-Modified, source, imported-at.
        CREATE TABLE meta (
            key TEXT PRIMARY KEY NOT NULL CHECK (typeof(key) = 'text'),
            value TEXT NOT NULL CHECK (typeof(value) = 'text')
        );
        """

    /// Version 2: the learning queue — the checklist, the pending entries, the generated
    /// decks and quizzes, and the queue-wide retry state.
    ///
    /// The pending entry references its checklist row, so an untick (deleting the row)
    /// takes the entry with it in the same statement. Artifacts are kept apart from the
    /// checklist: an untick and re-tick must never pay for a deck twice.
    private static let version2 = """
        CREATE TABLE learn_topics (
            subject TEXT NOT NULL CHECK (
                typeof(subject) = 'text' AND length(subject) BETWEEN 1 AND 200
                AND instr(CAST(subject AS BLOB), x'00') = 0
                AND subject NOT GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
            ),
            topic TEXT NOT NULL CHECK (
                typeof(topic) = 'text' AND length(topic) BETWEEN 1 AND 200
                AND instr(CAST(topic AS BLOB), x'00') = 0
                AND topic NOT GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
            ),
            ticked_at INTEGER NOT NULL CHECK (typeof(ticked_at) = 'integer'),
            PRIMARY KEY (subject, topic)
        ) WITHOUT ROWID;

        -- The promise: written with the tick, deleted only when both artifacts exist
        -- (or by an untick, through the cascade).
        CREATE TABLE learn_pending (
            subject TEXT NOT NULL,
            topic TEXT NOT NULL,
            requested_at INTEGER NOT NULL CHECK (typeof(requested_at) = 'integer'),
            attempts INTEGER NOT NULL DEFAULT 0 CHECK (typeof(attempts) = 'integer' AND attempts >= 0),
            next_attempt_at INTEGER CHECK (next_attempt_at IS NULL OR typeof(next_attempt_at) = 'integer'),
            last_error TEXT CHECK (last_error IS NULL OR typeof(last_error) = 'text'),
            -- Set while a request runs; one left behind by a killed process is stale.
            in_flight_since INTEGER CHECK (in_flight_since IS NULL OR typeof(in_flight_since) = 'integer'),
            PRIMARY KEY (subject, topic),
            FOREIGN KEY (subject, topic) REFERENCES learn_topics (subject, topic) ON DELETE CASCADE
        ) WITHOUT ROWID;

        -- Validated JSON as generated; never overwritten once stored.
        CREATE TABLE learn_artifacts (
            subject TEXT NOT NULL CHECK (typeof(subject) = 'text'),
            topic TEXT NOT NULL CHECK (typeof(topic) = 'text'),
            kind TEXT NOT NULL CHECK (kind IN ('deck', 'quiz')),
            body TEXT NOT NULL CHECK (typeof(body) = 'text' AND json_valid(body)),
            model TEXT CHECK (model IS NULL OR typeof(model) = 'text'),
            created_at INTEGER NOT NULL CHECK (typeof(created_at) = 'integer'),
            PRIMARY KEY (subject, topic, kind)
        ) WITHOUT ROWID;

        -- Queue-wide state, one row: the backoff level is shared, so a success resets
        -- it for every topic; a pause is remembered with the provider settings it saw.
        CREATE TABLE learn_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            failures INTEGER NOT NULL DEFAULT 0 CHECK (typeof(failures) = 'integer' AND failures >= 0),
            hold_until INTEGER CHECK (hold_until IS NULL OR typeof(hold_until) = 'integer'),
            pause_reason TEXT CHECK (pause_reason IS NULL OR typeof(pause_reason) = 'text'),
            pause_fingerprint TEXT CHECK (pause_fingerprint IS NULL OR typeof(pause_fingerprint) = 'text'),
            CHECK ((pause_reason IS NULL) = (pause_fingerprint IS NULL))
        );
        INSERT INTO learn_state (id) VALUES (1);
        """

    /// Version 3: the pool's tables rebuilt with the same rules in cheaper CHECK expressions.
    ///
    /// Version 1's `kind IN (…)` of three constants made SQLite build a temporary index on
    /// every insert, and the id's GLOB pattern was assembled with `char()` and `||` for every
    /// row; the two were over a third of the cost of inserting a 100,000-item pool. The rules are
    /// unchanged: `kind` is compared with `=`, and the pattern is the same bytes as a constant.
    /// SQLite cannot alter a CHECK in place, so both tables are copied into new ones; the
    /// tags first leave (a DROP of `items` with foreign keys on would cascade into them), and
    /// the renames carry `item_tags`' reference over to the new `items`.
    private static let version3 = """
        CREATE TABLE items_v3 (
            id TEXT PRIMARY KEY NOT NULL CHECK (
                typeof(id) = 'text'
                AND length(CAST(id AS BLOB)) BETWEEN 1 AND 128
                -- No control characters (Unicode Cc: U+0000-U+001F, U+007F-U+009F).
                -- GLOB stops at a NUL, so NUL is looked for in the bytes.
                AND instr(CAST(id AS BLOB), x'00') = 0
                -- The pattern '*[' U+0001 '-' U+001F U+007F '-' U+009F ']*' in UTF-8.
                AND id NOT GLOB CAST(x'2a5b012d1f7f2dc29f5d2a' AS TEXT)
            ),
            kind TEXT NOT NULL CHECK (kind = 'fact' OR kind = 'formula' OR kind = 'question'),
            sort_key INTEGER NOT NULL DEFAULT 0 CHECK (typeof(sort_key) = 'integer'),
            title TEXT CHECK (title IS NULL OR typeof(title) = 'text'),
            text TEXT NOT NULL CHECK (typeof(text) = 'text'),
            answer TEXT CHECK (answer IS NULL OR typeof(answer) = 'text'),
            explanation TEXT CHECK (explanation IS NULL OR typeof(explanation) = 'text'),
            -- A question has an answer; a fact or a formula has none.
            CHECK ((kind = 'question') = (answer IS NOT NULL))
        );
        INSERT INTO items_v3 (id, kind, sort_key, title, text, answer, explanation)
            SELECT id, kind, sort_key, title, text, answer, explanation FROM items;

        CREATE TABLE item_tags_v3 (
            item_id TEXT NOT NULL REFERENCES items_v3 (id) ON DELETE CASCADE,
            -- Exactly two ASCII capital letters; GLOB is case-sensitive, and the
            -- byte length rules out anything GLOB might read past.
            tag TEXT NOT NULL CHECK (
                typeof(tag) = 'text'
                AND length(CAST(tag AS BLOB)) = 2
                AND tag GLOB '[A-Z][A-Z]'
            ),
            PRIMARY KEY (item_id, tag)
        ) WITHOUT ROWID;
        INSERT INTO item_tags_v3 (item_id, tag) SELECT item_id, tag FROM item_tags;

        DROP TABLE item_tags;
        DROP TABLE items;
        ALTER TABLE items_v3 RENAME TO items;
        ALTER TABLE item_tags_v3 RENAME TO item_tags;
        """

    /// Version 4: studying — one FSRS review state per card of a generated deck, the log of grades
    /// (each row holds the card's state before it, so the last grade can be undone), and quiz scores.
    ///
    /// A card is the index of its place in the deck, which is never overwritten. No row means a new
    /// card. Like the artifacts, these rows stay after an untick: a re-tick keeps the progress.
    private static let version4 = """
        CREATE TABLE learn_reviews (
            subject TEXT NOT NULL CHECK (typeof(subject) = 'text'),
            topic TEXT NOT NULL CHECK (typeof(topic) = 'text'),
            card INTEGER NOT NULL CHECK (typeof(card) = 'integer' AND card >= 0),
            state TEXT NOT NULL CHECK (state = 'learning' OR state = 'review' OR state = 'relearning'),
            step INTEGER CHECK (step IS NULL OR (typeof(step) = 'integer' AND step >= 0)),
            stability REAL NOT NULL CHECK (typeof(stability) = 'real' AND stability > 0),
            difficulty REAL NOT NULL CHECK (typeof(difficulty) = 'real' AND difficulty BETWEEN 1 AND 10),
            due INTEGER NOT NULL CHECK (typeof(due) = 'integer'),
            last_review INTEGER NOT NULL CHECK (typeof(last_review) = 'integer'),
            reps INTEGER NOT NULL CHECK (typeof(reps) = 'integer' AND reps >= 1),
            lapses INTEGER NOT NULL CHECK (typeof(lapses) = 'integer' AND lapses >= 0),
            PRIMARY KEY (subject, topic, card)
        ) WITHOUT ROWID;
        CREATE INDEX learn_reviews_due ON learn_reviews (due);

        -- One row per grade; prev_* is the card's row before it (prev_state NULL: the card was new).
        CREATE TABLE learn_review_log (
            id INTEGER PRIMARY KEY,
            subject TEXT NOT NULL CHECK (typeof(subject) = 'text'),
            topic TEXT NOT NULL CHECK (typeof(topic) = 'text'),
            card INTEGER NOT NULL CHECK (typeof(card) = 'integer' AND card >= 0),
            grade INTEGER NOT NULL CHECK (typeof(grade) = 'integer' AND grade BETWEEN 1 AND 4),
            reviewed_at INTEGER NOT NULL CHECK (typeof(reviewed_at) = 'integer'),
            prev_state TEXT CHECK (prev_state IS NULL OR prev_state = 'learning' OR prev_state = 'review' OR prev_state = 'relearning'),
            prev_step INTEGER,
            prev_stability REAL,
            prev_difficulty REAL,
            prev_due INTEGER,
            prev_last_review INTEGER,
            prev_reps INTEGER,
            prev_lapses INTEGER,
            CHECK (prev_state IS NOT NULL OR (prev_stability IS NULL AND prev_due IS NULL))
        );
        CREATE INDEX learn_review_log_day ON learn_review_log (reviewed_at);

        CREATE TABLE learn_quiz_scores (
            id INTEGER PRIMARY KEY,
            subject TEXT NOT NULL CHECK (typeof(subject) = 'text'),
            topic TEXT NOT NULL CHECK (typeof(topic) = 'text'),
            taken_at INTEGER NOT NULL CHECK (typeof(taken_at) = 'integer'),
            answered INTEGER NOT NULL CHECK (typeof(answered) = 'integer' AND answered >= 0),
            correct INTEGER NOT NULL CHECK (typeof(correct) = 'integer' AND correct BETWEEN 0 AND answered),
            total INTEGER NOT NULL CHECK (typeof(total) = 'integer' AND total >= answered)
        );
        """

    /// Version 5: backoff per topic (issue 20). Each pending entry keeps its own failures in a row, so one
    /// failing topic backs off alone; `server_failed` marks a topic whose first request since it last
    /// succeeded the server failed (5xx, a timeout), until the provider answers again, so several different
    /// topics failing so in a row can be judged the provider's trouble. `learn_state.failures` and `hold_until` become the provider-wide
    /// hold (a 429, a provider that cannot be reached or fails for every topic), with its reason.
    ///
    /// A hold written before this version was one topic's backoff, which that topic's own next try already
    /// carries: it is dropped, and the topic's failures are recovered as far as the old counters tell.
    private static let version5 = """
        ALTER TABLE learn_pending ADD COLUMN failures INTEGER NOT NULL DEFAULT 0
            CHECK (typeof(failures) = 'integer' AND failures >= 0);
        ALTER TABLE learn_pending ADD COLUMN server_failed INTEGER NOT NULL DEFAULT 0 CHECK (server_failed IN (0, 1));
        ALTER TABLE learn_state ADD COLUMN hold_reason TEXT CHECK (hold_reason IS NULL OR typeof(hold_reason) = 'text');
        UPDATE learn_pending
        SET failures = max(1, min(attempts, (SELECT failures FROM learn_state WHERE id = 1)))
        WHERE next_attempt_at IS NOT NULL AND last_error IS NOT NULL;
        UPDATE learn_state SET failures = 0, hold_until = NULL WHERE id = 1;
        """
}
