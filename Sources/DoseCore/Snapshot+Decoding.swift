/// Reading a snapshot.
extension Snapshot {
    /// Decodes a snapshot strictly: strict JSON, `format` first and equal to `Snapshot.format`,
    /// every other top-level field exactly once and no unknown ones, `count` equal to the
    /// items present, every item well-formed, and the final newline present (so a file cut
    /// short anywhere fails).
    ///
    /// Items are checked for structure and `Item`'s invariants (id rules, kind, tags, unique
    /// ids, a non-empty text, an answer exactly on questions), not for the pack's prose
    /// limits, which were enforced when the content was imported.
    ///
    /// Streams straight from the bytes into `Item`s, with no intermediate `JSONValue` tree.
    public static func decode(_ bytes: [UInt8]) throws(SnapshotError) -> Snapshot {
        try bytes.withUnsafeBufferPointer { (buffer) throws(SnapshotError) -> Snapshot in
            var decoder = SnapshotDecoder(scanner: JSONScanner(buffer))
            return try decoder.snapshot()
        }
    }
}
