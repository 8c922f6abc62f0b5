/// The database schema as an ordered list of migration steps.
///
/// Step `i` upgrades a database from `PRAGMA user_version` `i` to `i + 1`; the
/// current version is `migrations.count`. To change the schema, append a step;
/// never edit a step that has shipped, because existing files already ran it.
enum Schema {
    static let migrations: [String] = [version1]

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
}
