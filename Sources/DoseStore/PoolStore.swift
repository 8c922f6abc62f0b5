import DoseCore

/// The pool of items in the database, replaced whole by each sync, and the sync's bookkeeping.
///
/// Not `Sendable`, like the `Database` it reads and writes.
public struct PoolStore {
    /// The database holding the pool.
    public let database: Database

    private var connection: Connection { database.connection }

    /// The pool this store last committed, its digest, and the database's change stamp right after the commit.
    private final class Committed {
        var items: [Item]?
        var digest = ""
        var stamp: [Int64] = []
    }
    private let committed = Committed()

    /// A store over `database`, which is already open and migrated.
    public init(database: Database) {
        self.database = database
    }

    // MARK: The pool

    /// The meta key under which the pool's `Snapshot.digest` is recorded, in the transaction that
    /// stores the pool: whether the snapshot on disk is this pool is then one meta read away.
    public static let digestKey = "pool-digest"

    /// Replaces the whole pool with `items` and writes `meta` (nil deletes a key), atomically.
    ///
    /// Everything happens in one transaction: if any item is refused (a duplicate id,
    /// a question without an answer, a duplicate tag) nothing changes, and the old pool
    /// and its meta stay as they were. Passing the sync's ETag in `meta` makes it land
    /// with exactly the pool it describes; the pool's digest (`digestKey`) lands with it too, and
    /// under each of `digestAlsoAs` (a sync's note of which pool its validators describe).
    public func replacePool(with items: [Item], meta: [String: String?] = [:], digestAlsoAs: [String] = []) throws(StoreError) {
        committed.items = nil
        let digest = Snapshot.digest(of: items)
        var meta = meta
        meta[Self.digestKey] = digest
        for key in digestAlsoAs { meta[key] = digest }
        // Foreign keys are off for the replacement (the pragma only takes effect outside a transaction)
        // and the whole new pool is checked with `foreign_key_check` before the commit instead: with
        // them on, SQLite deletes a parent table row by row (0.31 s of 100,000 items in `make bench`);
        // off, it drops the pages. Durability is unchanged (synchronous = FULL, one transaction).
        try connection.execute("PRAGMA foreign_keys = OFF", "pausing foreign keys on \(database.path)")
        let stamp: [Int64]
        do {
            stamp = try replacePoolUnchecked(with: items, meta: meta)
        } catch {
            try connection.execute("PRAGMA foreign_keys = ON", "enabling foreign keys on \(database.path)")
            throw error
        }
        try connection.execute("PRAGMA foreign_keys = ON", "enabling foreign keys on \(database.path)")
        // Committed: remember what the pool now is, for `committedPool()`.
        committed.items = items
        committed.digest = digest
        committed.stamp = stamp
    }

    /// Replaces the pool in one transaction; returns the change stamp as of its commit.
    ///
    /// The stamp is read inside the transaction, as its last statement (the commit changes neither
    /// part): read after the commit, it could already count another process's commit of another pool,
    /// and `committedPool()` would then take this pool for the store's.
    private func replacePoolUnchecked(with items: [Item], meta: [String: String?]) throws(StoreError) -> [Int64] {
        try connection.transaction("replacing the pool in \(database.path)") { () throws(StoreError) -> [Int64] in
            try connection.execute("DELETE FROM item_tags", "deleting the old pool's tags")
            try connection.execute("DELETE FROM items", "deleting the old pool's items")
            // Two statements compiled once and reused for every row: the import's hot loop.
            let insertItem = try connection.prepare("""
                INSERT INTO items (id, kind, sort_key, title, text, answer, explanation)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """)
            let insertTag = try connection.prepare("INSERT INTO item_tags (item_id, tag) VALUES (?1, ?2)")
            for item in items {
                try insertItem.bind(item.kind.rawValue, at: 2)
                try insertItem.bind(item.sortKey, at: 3)
                // The strings are bound in place, not copied: they outlive each step.
                let texts: [(Int32, String?)] = [
                    (1, item.id), (4, item.title), (5, item.text), (6, item.answer), (7, item.explanation),
                ]
                try insertItem.withTexts(texts[...]) { () throws(StoreError) in
                    _ = try insertItem.step("inserting item \(String(reflecting: item.id))")
                }
                insertItem.reset()
                for tag in item.tags {
                    try insertTag.bind(tag.rawValue, at: 2)
                    try insertTag.withText(item.id, at: 1) { () throws(StoreError) in
                        _ = try insertTag.step("inserting tag \(tag) of item \(String(reflecting: item.id))")
                    }
                    insertTag.reset()
                }
            }
            for (key, value) in meta {
                try writeMeta(key, value)
            }
            // What the foreign keys would have refused row by row: any tag without its item.
            let check = try connection.prepare("PRAGMA foreign_key_check(item_tags)")
            if try check.step("checking the new pool's foreign keys") {
                throw StoreError(
                    sqliteCode: nil, message: "FOREIGN KEY constraint failed (table \(check.text(at: 0) ?? "?"))",
                    operation: "replacing the pool in \(database.path)")
            }
            return try connection.changeStamp()
        }
    }

    /// `loadPool()`, without reading it back when nothing has changed the database since this
    /// store's last `replacePool` committed: then the pool is exactly the items it stored, put in
    /// `loadPool()`'s order (ids by UTF-8 bytes, tags by `BranchCode`'s `<`).
    ///
    /// Any commit since (by any connection) or any write through this one changes the stamp, and
    /// the pool is read from the database as before. `make bench`: the read-back was a tenth of an import.
    public func committedPool() throws(StoreError) -> [Item] {
        if let items = unchangedCommittedPool() { return items }
        return try loadPool()
    }

    /// The pool as committed and its digest, for writing the snapshot: `committedPool()` with the
    /// digest `replacePool` recorded, or, when something else changed the database since, the pool
    /// read back in a read transaction (no write lock: another process may be writing) and its
    /// digest computed.
    ///
    /// When the store records no digest or another (a store from before digests, a hand edit), this
    /// one is recorded too, but only if the write lock is free and no other connection has committed
    /// since the read: a reader never waits for a writer, and never pins a digest on a newer pool. A
    /// read-only store (`Database.Access.readOnly`) records nothing: the next writer's mirror will.
    public func poolAndDigest() throws(StoreError) -> (items: [Item], digest: String) {
        if let items = unchangedCommittedPool() { return (items, committed.digest) }
        let read = try connection.readTransaction("reading the pool of \(database.path) and its digest") {
            () throws(StoreError) -> (items: [Item], recorded: String?, version: Int64) in
            (try loadPool(), try meta(Self.digestKey), try connection.dataVersion())
        }
        let digest = Snapshot.digest(of: read.items)
        if read.recorded != digest, !database.isReadOnly {
            _ = try connection.transactionIfFree("recording the pool's digest in \(database.path)") {
                () throws(StoreError) in
                if try connection.dataVersion() == read.version { try writeMeta(Self.digestKey, digest) }
            }
        }
        return (read.items, digest)
    }

    /// The digest recorded with the pool (`digestKey`), or nil when there is none: a store written
    /// before digests were recorded, or one that has never been given a pool.
    public func recordedDigest() throws(StoreError) -> String? {
        try meta(Self.digestKey)
    }

    /// The items of this store's last `replacePool`, in `loadPool()`'s order, when nothing has changed
    /// the database since; nil otherwise.
    private func unchangedCommittedPool() -> [Item]? {
        guard var items = committed.items, (try? connection.changeStamp()) == committed.stamp else { return nil }
        items = Self.sortedByID(items)
        for index in items.indices where items[index].tags.count > 1 { items[index].tags.sort() }
        return items
    }

    /// `items` ordered by the ids' UTF-8 bytes (ids are unique, so no tie needs a rule).
    ///
    /// Sorts positions by the ids' first eight bytes and compares whole ids only when those are
    /// equal: sorting the items themselves copied each one at every move (a tenth of an import).
    private static func sortedByID(_ items: [Item]) -> [Item] {
        let prefixes = items.map { item in
            // Big-endian, zero-padded: integer order is byte order; a tie is settled below.
            var prefix: UInt64 = 0
            var shift = 56
            for byte in item.id.utf8.prefix(8) {
                prefix |= UInt64(byte) << UInt64(shift)
                shift -= 8
            }
            return prefix
        }
        var order = Array(items.indices)
        order.sort { a, b in
            prefixes[a] != prefixes[b] ? prefixes[a] < prefixes[b] : items[a].id.precedesInBytes(items[b].id)
        }
        return order.map { items[$0] }
    }

    /// Every item of the pool with its tags, ordered by the ids' UTF-8 bytes; tags in
    /// the same byte order (`BranchCode`'s `<`).
    public func loadPool() throws(StoreError) -> [Item] {
        // One statement, so items and tags come from one snapshot even while
        // another process replaces the pool.
        let statement = try connection.prepare(Self.selectItems + " ORDER BY i.id, t.tag")
        return try readItems(from: statement, "loading the pool from \(database.path)")
    }

    /// The item with this id, or nil when the pool has none.
    public func item(id: String) throws(StoreError) -> Item? {
        let statement = try connection.prepare(Self.selectItems + " WHERE i.id = ?1 ORDER BY t.tag")
        try statement.bind(id, at: 1)
        return try readItems(from: statement, "loading item \(String(reflecting: id))").first
    }

    /// The number of items in the pool.
    public func count() throws(StoreError) -> Int {
        let statement = try connection.prepare("SELECT count(*) FROM items")
        _ = try statement.step("counting the pool's items")
        return Int(statement.int64(at: 0))
    }

    // MARK: Sync bookkeeping

    /// The value stored under `key` (e.g. the pool's ETag), or nil when there is none.
    public func meta(_ key: String) throws(StoreError) -> String? {
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = ?1")
        try statement.bind(key, at: 1)
        guard try statement.step("reading meta \(String(reflecting: key))") else { return nil }
        return statement.text(at: 0)
    }

    /// Stores `value` under `key`; nil deletes the key.
    public func setMeta(_ key: String, _ value: String?) throws(StoreError) {
        try writeMeta(key, value)
    }

    // MARK: Private

    /// Items left-joined with their tags: one row per tag, or one row with a NULL tag.
    private static let selectItems = """
        SELECT i.id, i.kind, i.sort_key, i.title, i.text, i.answer, i.explanation, t.tag
        FROM items AS i LEFT JOIN item_tags AS t ON t.item_id = i.id
        """

    /// Folds the rows of `selectItems`, sorted by id, into items.
    /// `operation` names the read in an error and is built only for one (`String(reflecting:)` costs a dynamic cast).
    private func readItems(from statement: Statement, _ operation: @autoclosure () -> String) throws(StoreError) -> [Item] {
        var items: [Item] = []
        while try statement.step(operation()) {
            let id = statement.text(at: 0) ?? ""
            // Rows of one item are adjacent because the query sorts by id. Compare bytes:
            // String `==` treats "café" precomposed and decomposed as equal, SQLite does not.
            if !(items.last.map { $0.id.utf8.elementsEqual(id.utf8) } ?? false) {
                items.append(try Self.item(from: statement, id: id, operation()))
            }
            if let text = statement.text(at: 7) {
                // The CHECK constraint makes this impossible, short of a damaged file.
                guard let tag = BranchCode(exactly: text) else {
                    throw StoreError(
                        sqliteCode: nil, message: "malformed tag \(String(reflecting: text)) of item \(String(reflecting: id))",
                        operation: operation())
                }
                items[items.count - 1].tags.append(tag)
            }
        }
        return items
    }

    /// The item in the current row of `selectItems`, without tags.
    private static func item(from statement: Statement, id: String, _ operation: @autoclosure () -> String) throws(StoreError) -> Item {
        let kindText = statement.text(at: 1) ?? ""
        guard let kind = Kind(rawValue: kindText) else {
            throw StoreError(
                sqliteCode: nil, message: "unknown kind \(String(reflecting: kindText)) of item \(String(reflecting: id))",
                operation: operation())
        }
        return Item(
            id: id, kind: kind, sortKey: statement.int64(at: 2), title: statement.text(at: 3),
            text: statement.text(at: 4) ?? "", answer: statement.text(at: 5), explanation: statement.text(at: 6))
    }

    /// Upserts or deletes one meta key; shared by `setMeta` and `replacePool`.
    private func writeMeta(_ key: String, _ value: String?) throws(StoreError) {
        let statement: Statement
        if let value {
            statement = try connection.prepare("""
                INSERT INTO meta (key, value) VALUES (?1, ?2)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
            try statement.bind(value, at: 2)
        } else {
            statement = try connection.prepare("DELETE FROM meta WHERE key = ?1")
        }
        try statement.bind(key, at: 1)
        _ = try statement.step("writing meta \(String(reflecting: key))")
    }
}

@available(*, unavailable, message: "a pool store uses a connection that belongs to one thread")
extension PoolStore: Sendable {}
