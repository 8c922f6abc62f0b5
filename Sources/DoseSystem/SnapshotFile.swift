import DoseCore

/// The snapshot on disk: written atomically by the app, read by the scheduler.
public struct SnapshotFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Reads and decodes the snapshot in full (the test oracle; commands read it with `readIndex`).
    public func read() throws(SnapshotFileError) -> Snapshot {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch {
            throw error.isMissing ? .missing(path) : .file(error)
        }
        do { return try Snapshot.decode(bytes) } catch { throw .invalid(path, error) }
    }

    /// Reads the snapshot as an index (what resolving needs; `item(at:)` decodes one item in full).
    public func readIndex() throws(SnapshotFileError) -> SnapshotIndex {
        let file: ByteRegion
        do { file = try FileSystem.map(path) } catch {
            throw error.isMissing ? .missing(path) : .file(error)
        }
        do { return try SnapshotIndex.decode(file) } catch { throw .invalid(path, error) }
    }

    /// The header of a snapshot that begins and ends as the encoder writes them, from its first and
    /// last bytes alone; nil when it is missing, unreadable or shaped otherwise.
    ///
    /// Whether a planning pass must write the snapshot again, not a validation: the items between are
    /// not read (the scheduler's and `dose today`'s reads check every one).
    public func header() -> SnapshotHeader? {
        guard let ends = try? FileSystem.readEnds(
            path, head: SnapshotHeader.prefixLength, tail: SnapshotHeader.suffixLength)
        else { return nil }
        return SnapshotHeader.read(prefix: ends.head, suffix: ends.tail)
    }

    /// Writes the snapshot atomically (temp, fsync, rename).
    public func write(_ snapshot: Snapshot) throws(FileError) {
        try write(encoded: snapshot.encoded())
    }

    /// Writes an encoded snapshot atomically (temp, fsync, rename).
    public func write(encoded bytes: [UInt8]) throws(FileError) {
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o644)
    }

    /// Removes temporary files that writers killed before their rename left behind (a write does it too).
    public func sweepAbandonedTemporaries() {
        FileSystem.sweepAbandonedTemporaries(of: path)
    }
}
